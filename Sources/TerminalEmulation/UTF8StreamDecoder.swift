/// Decodes UTF-8 one byte at a time, keeping the state of a character split across chunks.
///
/// Invalid input never fails: each maximal invalid subsequence becomes one U+FFFD REPLACEMENT CHARACTER (the
/// Unicode "substitution of maximal subparts" practice), and the state never holds more than three bytes.
struct UTF8StreamDecoder: Sendable {
    /// The result of feeding one byte.
    enum Output: Equatable {
        /// More bytes are needed.
        case none
        /// A complete scalar value.
        case scalar(UInt32)
        /// An invalid sequence ended before this byte; the byte must be fed again.
        case invalidThenRetry
    }

    /// The scalar bits accumulated so far.
    private var accumulator: UInt32 = 0
    /// Continuation bytes still expected.
    private var remaining: UInt8 = 0
    /// Smallest and largest allowed value of the next continuation byte (excludes overlongs and surrogates).
    private var lowerBound: UInt8 = 0x80
    private var upperBound: UInt8 = 0xBF

    /// Whether a character is partly decoded.
    var isInsideCharacter: Bool { remaining != 0 }

    /// Abandons a partly decoded character; returns whether there was one (the caller emits U+FFFD for it).
    mutating func reset() -> Bool {
        let hadPartial = remaining != 0
        remaining = 0
        return hadPartial
    }

    /// Feeds one byte.
    @inline(__always)
    mutating func decode(_ byte: UInt8) -> Output {
        if remaining == 0 {
            switch byte {
            case 0x00...0x7F:
                return .scalar(UInt32(byte))
            case 0xC2...0xDF:
                start(UInt32(byte & 0x1F), remaining: 1, lower: 0x80, upper: 0xBF)
            case 0xE0:
                start(0, remaining: 2, lower: 0xA0, upper: 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF:
                start(UInt32(byte & 0x0F), remaining: 2, lower: 0x80, upper: 0xBF)
            case 0xED:
                start(0x0D, remaining: 2, lower: 0x80, upper: 0x9F)
            case 0xF0:
                start(0, remaining: 3, lower: 0x90, upper: 0xBF)
            case 0xF1...0xF3:
                start(UInt32(byte & 0x07), remaining: 3, lower: 0x80, upper: 0xBF)
            case 0xF4:
                start(4, remaining: 3, lower: 0x80, upper: 0x8F)
            default:
                return .scalar(0xFFFD)
            }
            return .none
        }
        guard byte >= lowerBound && byte <= upperBound else {
            remaining = 0
            return .invalidThenRetry
        }
        accumulator = accumulator << 6 | UInt32(byte & 0x3F)
        remaining -= 1
        lowerBound = 0x80
        upperBound = 0xBF
        return remaining == 0 ? .scalar(accumulator) : .none
    }

    @inline(__always)
    private mutating func start(_ bits: UInt32, remaining: UInt8, lower: UInt8, upper: UInt8) {
        accumulator = bits
        self.remaining = remaining
        lowerBound = lower
        upperBound = upper
    }
}
