/// Removes ANSI escape sequences (CSI, OSC and two-byte ESC sequences) from a line, so colored output matches
/// the same patterns as plain output.
enum ANSIStripping {
    /// Whether the line holds an ESC byte at all (the common case is no, and costs one scan).
    static func containsEscape(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.firstIndex(of: 0x1B, from: 0) != nil
    }

    /// The line without escape sequences.
    static func strip(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(line.count)
        var index = 0
        while index < line.count {
            let byte = line[index]
            guard byte == 0x1B else {
                result.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < line.count else { break }
            switch line[index] {
            case UInt8(ascii: "["):
                index += 1
                while index < line.count, !(0x40...0x7E).contains(line[index]) { index += 1 }
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                while index < line.count, line[index] != 0x07, line[index] != 0x1B { index += 1 }
                if index < line.count, line[index] == 0x1B { index += 1 }
                index += 1
            default:
                index += 1
            }
        }
        return result
    }
}
