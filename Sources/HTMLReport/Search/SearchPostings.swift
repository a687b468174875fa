/// The ids of the tests holding a term, as the text the search script decodes: ascending ids as gaps from the
/// previous id (the first from -1), each gap a base-32 number in the characters `0-9A-Za-z-_` (the last digit
/// from the first 32 characters, the others from the last 32, most significant first), and a gap repeated more than
/// once written as `0` and the number of repeats. A suite's tests are consecutive, so a term every test of a suite
/// has costs a few characters whatever the suite's size; a term in every hundredth test, likewise.
struct SearchPostings {
    /// The 64 digit characters; safe in a JSON string, a path and a URL.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

    /// The encoded text so far (without the last repeats; see ``finish()``).
    private(set) var bytes: [UInt8] = []
    /// The last id added.
    private(set) var last = -1
    private var gap = 0
    private var repeats = 0

    /// Adds `id`; ids must come in ascending order, and an id equal to the last one is ignored.
    mutating func add(_ id: Int) {
        guard id > last else { return }
        let newGap = id - last
        last = id
        if newGap == gap {
            repeats += 1
            return
        }
        flushRepeats()
        gap = newGap
        Self.appendNumber(newGap, to: &bytes)
    }

    /// The whole encoded text.
    mutating func finish() -> [UInt8] {
        flushRepeats()
        return bytes
    }

    private mutating func flushRepeats() {
        guard repeats > 0 else { return }
        if repeats == 1 {
            Self.appendNumber(gap, to: &bytes)
        } else {
            bytes.append(Self.alphabet[0])
            Self.appendNumber(repeats, to: &bytes)
        }
        repeats = 0
    }

    /// Appends `value` (> 0, or the `0` marker) as base-32 digits.
    static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        var digits = 1
        while value >> (5 * digits) > 0 { digits += 1 }
        for position in (0..<digits).reversed() {
            let digit = (value >> (5 * position)) & 31
            bytes.append(alphabet[position == 0 ? digit : 32 + digit])
        }
    }

    /// The ids of an encoded text (what the script computes), or `nil` when it is malformed.
    static func decode(_ text: String) -> [Int]? {
        var ids: [Int] = []
        var last = -1
        var gap = 0
        var value = 0
        var expectsRepeats = false
        for byte in text.utf8 {
            guard let index = alphabet.firstIndex(of: byte) else { return nil }
            value = value * 32 + index % 32
            guard index < 32 else { continue }
            if expectsRepeats {
                for _ in 0..<value {
                    last += gap
                    ids.append(last)
                }
                expectsRepeats = false
            } else if value == 0 {
                expectsRepeats = true
            } else {
                gap = value
                last += gap
                ids.append(last)
            }
            value = 0
        }
        return expectsRepeats || value != 0 ? nil : ids
    }
}
