import ResultModel
import ResultSupport

/// The attributes of an empty NUnit 3 `<test-case ... />` that the importer reads: bytes in libxml2's node, valid
/// until the reader's next read.
struct NUnitPlainCase {
    var name: UnsafeBufferPointer<UInt8>?
    var className: UnsafeBufferPointer<UInt8>?
    var result: UnsafeBufferPointer<UInt8>?
    var startTime: UnsafeBufferPointer<UInt8>?
    var duration: UnsafeBufferPointer<UInt8>?
    var time: UnsafeBufferPointer<UInt8>?
    /// An attribute that changes the outcome (NUnit 2's `executed`, `success`) or a value that is not plain text:
    /// the test goes through the general path.
    var isPlain = true

    /// Reads the element just read in one pass over its attribute list.
    init(reader: XMLStreamReader) {
        var name, className, result, startTime, duration, time: UnsafeBufferPointer<UInt8>?
        var isPlain = true
        let complete = reader.forEachAttributeBytes { attribute, value in
            switch attribute.pointee {
            case UInt8(ascii: "n") where XMLName.is(attribute, "name"): name = value
            case UInt8(ascii: "c") where XMLName.is(attribute, "classname"): className = value
            case UInt8(ascii: "r") where XMLName.is(attribute, "result"): result = value
            case UInt8(ascii: "s") where XMLName.is(attribute, "start-time"): startTime = value
            case UInt8(ascii: "s") where XMLName.is(attribute, "success"): isPlain = false
            case UInt8(ascii: "d") where XMLName.is(attribute, "duration"): duration = value
            case UInt8(ascii: "t") where XMLName.is(attribute, "time"): time = value
            case UInt8(ascii: "e") where XMLName.is(attribute, "executed"): isPlain = false
            default: break
            }
        }
        self.name = name
        self.className = className
        self.result = result
        self.startTime = startTime
        self.duration = duration
        self.time = time
        self.isPlain = isPlain && complete
    }

    /// Whether the result is NUnit 3's `Passed`, spelled as NUnit writes it.
    var passed: Bool {
        guard let result else { return false }
        return result.elementsEqual("Passed".utf8)
    }
}

extension NUnitImporter {
    /// Writes an empty NUnit 3 `<test-case>` that passed, has a name and a class name of one or two dotted parts
    /// and nothing that needs the general path, as a passed test from its bytes
    /// (``ResultModel/ResultSink/addPassedTest(_:)``), with the identity, start and duration the general path
    /// gives it. `false` (nothing written) for any other test case.
    func writePlainCase(_ plain: NUnitPlainCase) throws -> Bool {
        guard plain.isPlain, plain.passed, let name = plain.name, !name.isEmpty, let className = plain.className,
            let scope = Self.plainScope(className)
        else { return false }
        var duration: Double?
        if let text = plain.duration ?? plain.time {
            // What `JUnitImporter.parseTime` gives, without building a string for the usual short decimal.
            duration =
                ShortDecimal.parse(text).flatMap { $0 >= 0 ? $0 : nil }
                ?? JUnitImporter.parseTime(String(decoding: text, as: UTF8.self))
        }
        try context.sink.addPassedTest(
            PassedTestText(
                runIndex: context.runIndex, module: scope.module, suite: scope.suite, name: name,
                start: plain.startTime.flatMap(startTimes.parse), duration: duration))
        return true
    }

    /// The module and suite of a class name as ``ClassNameScopes`` splits it (one part is the suite; of two, the
    /// first is the module); `nil` for any other class name (more parts, empty parts, or one that
    /// ``DotNetTestNames/className(_:)`` would change: a comma, white space at either end).
    static func plainScope(_ className: UnsafeBufferPointer<UInt8>)
        -> (module: UnsafeBufferPointer<UInt8>?, suite: UnsafeBufferPointer<UInt8>)?
    {
        guard let first = className.first, let last = className.last, (0x21..<0x7F).contains(first),
            (0x21..<0x7F).contains(last), !className.contains(UInt8(ascii: ","))
        else { return nil }
        guard let dot = className.firstIndex(of: UInt8(ascii: ".")) else { return (nil, className) }
        let module = UnsafeBufferPointer(rebasing: className[..<dot])
        let suite = UnsafeBufferPointer(rebasing: className[(dot + 1)...])
        guard !module.isEmpty, !suite.isEmpty, !suite.contains(UInt8(ascii: ".")) else { return nil }
        return (module, suite)
    }
}

/// The start times of test cases, parsed once for each distinct text: NUnit writes the same second for many cases
/// in a row.
final class RepeatedTimestamps {
    private var lastText: [UInt8] = []
    private var lastValue: Double?

    /// ``JUnitTimestamp/parse(_:)`` of `text`.
    func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if !lastText.isEmpty, lastText.elementsEqual(text) { return lastValue }
        lastText = Array(text)
        lastValue = JUnitTimestamp.parse(String(decoding: text, as: UTF8.self))
        return lastValue
    }
}
