/// A value for each ``Annotation/Severity``, in a field each: `annotate` counts every failed test of a run past the
/// annotations' cap by its severity, and a dictionary's hashing took a third of its time at 200,000 failures.
public struct PerSeverity<Value> {
    public var error: Value
    public var warning: Value

    /// Each severity's value, as `value` gives it.
    public init(_ value: (Annotation.Severity) -> Value) {
        error = value(.error)
        warning = value(.warning)
    }

    public subscript(severity: Annotation.Severity) -> Value {
        get {
            switch severity {
            case .error: error
            case .warning: warning
            }
        }
        set {
            switch severity {
            case .error: error = newValue
            case .warning: warning = newValue
            }
        }
    }
}
