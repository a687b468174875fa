import ResultModel
import ResultSupport

extension JUnitImporter {
    /// Writes an empty `<testcase>` that has only a name, a classname of one or two parts and a time as a
    /// passed test from its bytes (``ResultModel/ResultSink/addPassedTest(_:)``), with the identity, start and
    /// duration the general path would give it. `false` (nothing written) for any other test case.
    func writePlainCase(_ plain: PlainCaseAttributes, start: Double?) throws -> Bool {
        guard let name = plain.name, let className = plain.classname, !className.isEmpty else { return false }
        var duration: Double?
        if let time = plain.time {
            // What `parseTime` gives, without building a string for the usual short decimal.
            duration =
                ShortDecimal.parse(time).flatMap { $0 >= 0 ? $0 : nil }
                ?? Self.parseTime(String(decoding: time, as: UTF8.self))
        }
        var module: UnsafeBufferPointer<UInt8>?
        var suite: UnsafeBufferPointer<UInt8>?
        // As ClassNameScopes splits it: one part is the suite; of two, the first is the module.
        if let dot = className.firstIndex(of: UInt8(ascii: ".")) {
            let first = UnsafeBufferPointer(rebasing: className[..<dot])
            let second = UnsafeBufferPointer(rebasing: className[(dot + 1)...])
            guard !first.isEmpty, !second.isEmpty, !second.contains(UInt8(ascii: ".")) else { return false }
            module = first
            suite = second
        } else if !className.isEmpty {
            suite = className
        }
        try sink.addPassedTest(
            PassedTestText(
                runIndex: runIndex, module: module, suite: suite, name: name, start: start, duration: duration))
        return true
    }
}
