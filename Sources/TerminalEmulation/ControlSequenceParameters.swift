/// The numeric parameters of a control sequence, with colon-separated sub-parameters.
///
/// Bounded: at most ``capacity`` parameters are kept (later ones are dropped) and each value is clamped to
/// ``maximumValue``, so a hostile sequence costs constant memory and time per byte.
struct ControlSequenceParameters: Sendable {
    /// How many parameters are kept.
    static let capacity = 32
    /// The largest value a parameter keeps; larger numbers clamp to it.
    static let maximumValue = 99_999
    /// Marks a parameter that was left empty (`CSI ;5H`).
    static let missing = -1

    /// The values, `missing` for empty ones; only the first ``count`` are meaningful (the storage is reused).
    private var values = [Int](repeating: missing, count: capacity)
    /// The number of parameters.
    private(set) var count = 0
    /// Bit `i` is set when parameter `i` followed a colon (it is a sub-parameter of the one before).
    private(set) var subParameterMask: UInt64 = 0
    /// The number being read, `missing` while no digit came.
    private var current = missing
    /// Whether a separator or digit has been seen since the sequence started.
    private var hasStarted = false
    /// Whether the parameter being read follows a colon.
    private var currentIsSubParameter = false

    init() {}

    /// Forgets everything, for a new sequence.
    mutating func reset() {
        count = 0
        subParameterMask = 0
        current = Self.missing
        hasStarted = false
        currentIsSubParameter = false
    }

    /// Adds a decimal digit to the current parameter.
    @inline(__always)
    mutating func addDigit(_ digit: Int) {
        hasStarted = true
        let base = current == Self.missing ? 0 : current
        current = min(base &* 10 &+ digit, Self.maximumValue)
    }

    /// Ends the current parameter at a `;` (or a `:` when `isColon`).
    @inline(__always)
    mutating func separate(isColon: Bool) {
        hasStarted = true
        push()
        currentIsSubParameter = isColon
    }

    /// Ends the last parameter; called once before dispatch.
    mutating func finish() {
        if hasStarted { push() }
        hasStarted = false
    }

    @inline(__always)
    private mutating func push() {
        if count < Self.capacity {
            if currentIsSubParameter { subParameterMask |= 1 << UInt64(count) }
            values[count] = current
            count += 1
        }
        current = Self.missing
        currentIsSubParameter = false
    }

    /// Parameter `index`, or `defaultValue` when absent or empty; values below `minimum` become `minimum`.
    func value(at index: Int, default defaultValue: Int, minimum: Int = 0) -> Int {
        guard index < count, values[index] != Self.missing else { return max(defaultValue, minimum) }
        return max(values[index], minimum)
    }

    /// Whether parameter `index` followed a colon.
    func isSubParameter(_ index: Int) -> Bool {
        index < Self.capacity && subParameterMask & (1 << UInt64(index)) != 0
    }
}
