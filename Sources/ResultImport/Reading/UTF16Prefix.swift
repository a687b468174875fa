/// The beginning of a UTF-16 document: with a byte-order mark, or an XML declaration's `<?` in either byte order.
enum UTF16Prefix {
    /// The text `prefix` holds when it is UTF-16, without its byte-order mark; nil when it is not UTF-16.
    static func decode(_ prefix: [UInt8]) -> String? {
        let littleEndian: Bool
        var start = 0
        if prefix.starts(with: [0xFF, 0xFE]) {
            littleEndian = true
            start = 2
        } else if prefix.starts(with: [0xFE, 0xFF]) {
            littleEndian = false
            start = 2
        } else if prefix.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            littleEndian = true
        } else if prefix.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            littleEndian = false
        } else {
            return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity((prefix.count - start) / 2)
        var index = start
        while index + 1 < prefix.count {
            let (low, high) = littleEndian ? (prefix[index], prefix[index + 1]) : (prefix[index + 1], prefix[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
