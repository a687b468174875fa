import Foundation
import ResultModel

/// Writes JUnit XML from result sources, streaming through libxml2's writer with one test in memory at a time.
///
/// Two passes over the tests: the first counts each `<testsuite>` (counts are attributes, written before the
/// children), the second writes. Retries: the xunit and surefire flavors write earlier failed attempts as
/// `flakyFailure`/`flakyError` (the test passed in the end) or `rerunFailure`/`rerunError` (it kept failing);
/// the jenkins flavor, whose schema has neither, writes the final attempt and describes the earlier ones in
/// `system-out`.
public struct JUnitExporter {
    /// The options.
    public let options: JUnitExportOptions

    /// Creates an exporter.
    public init(options: JUnitExportOptions) { self.options = options }

    /// Writes to `output`: a file for jenkins and xunit, a folder of `TEST-<suite>.xml` files for surefire.
    public func export(_ sources: [any ResultSource], to output: URL) throws -> JUnitExportSummary {
        var summary = JUnitExportSummary()
        let xmlFolder = options.flavor == .surefire ? output : output.deletingLastPathComponent()
        if options.flavor == .surefire {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        }
        let allSegments = try sources.map { try Self.segments(of: $0) }
        var document: XMLStreamWriter?
        if options.flavor != .surefire {
            let writer = try XMLStreamWriter(path: output.path)
            try writer.start("testsuites")
            let segments = allSegments.flatMap { $0 }
            try writer.attribute("name", "resultbundle")
            try writer.attribute("tests", String(segments.reduce(0) { $0 + $1.tests }))
            try writer.attribute("failures", String(segments.reduce(0) { $0 + $1.failures }))
            try writer.attribute("errors", String(segments.reduce(0) { $0 + $1.errors }))
            try writer.attribute("time", JUnitTime.format(segments.reduce(0) { $0 + $1.time }))
            document = writer
            summary.files.append(output)
        }
        var usedNames: Set<String> = []
        for (sourceIndex, source) in sources.enumerated() {
            let segments = allSegments[sourceIndex]
            let attachments = try options.attachmentsDirectory.map {
                try AttachmentExporter(directory: $0, relativeTo: xmlFolder, source: source)
            }
            let systemOut = SystemOutText(source: source, attachments: attachments)
            let runs = Dictionary(source.runs.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            var segmentIndex = -1
            var writer = document
            var previousKey: String?
            try source.forEachTest { test in
                let key = JUnitNames.suiteKey(test)
                if key != previousKey {
                    if previousKey != nil { try finishSuite(writer, isFile: document == nil) }
                    segmentIndex += 1
                    previousKey = key
                    let segment = segments[segmentIndex]
                    if document == nil {
                        let url = output.appendingPathComponent(Self.fileName(segment.name, used: &usedNames))
                        writer = try XMLStreamWriter(path: url.path)
                        summary.files.append(url)
                    }
                    try startSuite(writer!, segment, run: runs[test.runIndex])
                    summary.suites += 1
                }
                try TestCaseWriter(flavor: options.flavor, systemOut: systemOut).write(test, to: writer!)
                summary.testCases += 1
                switch JUnitOutcome(test) {
                case .failure, .error: summary.failures += 1
                case .skipped: summary.skipped += 1
                case .passed: break
                }
            }
            if previousKey != nil { try finishSuite(writer, isFile: document == nil) }
            summary.attachments += attachments?.count ?? 0
        }
        if let document {
            try document.end()
            try document.close()
        }
        return summary
    }

    private func finishSuite(_ writer: XMLStreamWriter?, isFile: Bool) throws {
        guard let writer else { return }
        try writer.end()
        if isFile { try writer.close() }
    }

    private func startSuite(_ writer: XMLStreamWriter, _ segment: SuiteSegment, run: RunResult?) throws {
        try writer.start("testsuite")
        try writer.attribute("name", segment.name)
        try writer.attribute("tests", String(segment.tests))
        try writer.attribute("failures", String(segment.failures))
        try writer.attribute("errors", String(segment.errors))
        try writer.attribute("skipped", String(segment.skipped))
        if options.flavor == .surefire { try writer.attribute("flakes", String(segment.flakes)) }
        try writer.attribute("time", JUnitTime.format(segment.time))
        if let timestamp = JUnitTime.timestamp(segment.firstStart ?? run?.record.start) {
            try writer.attribute("timestamp", timestamp)
        }
        if options.flavor != .surefire, let hostname = run?.record.host.hostname {
            try writer.attribute("hostname", hostname)
        }
        let properties = RunProperties.list(run)
        if !properties.isEmpty {
            try writer.start("properties")
            for (name, value) in properties {
                try writer.start("property")
                try writer.attribute("name", name)
                try writer.attribute("value", value)
                try writer.end()
            }
            try writer.end()
        }
    }

    /// The first pass: consecutive tests with the same suite key, counted.
    static func segments(of source: any ResultSource) throws -> [SuiteSegment] {
        var segments: [SuiteSegment] = []
        try source.forEachTest { test in
            let key = JUnitNames.suiteKey(test)
            if segments.last?.key != key {
                let className = JUnitNames.className(test.identity)
                segments.append(
                    SuiteSegment(key: key, runIndex: test.runIndex, name: className.isEmpty ? "tests" : className))
            }
            let index = segments.count - 1
            segments[index].tests += 1
            segments[index].time += test.duration ?? 0
            if segments[index].firstStart == nil { segments[index].firstStart = test.finalAttempt?.start }
            if test.isFlaky { segments[index].flakes += 1 }
            switch JUnitOutcome(test) {
            case .failure: segments[index].failures += 1
            case .error: segments[index].errors += 1
            case .skipped: segments[index].skipped += 1
            case .passed: break
            }
        }
        return segments
    }

    private static func fileName(_ suite: String, used: inout Set<String>) -> String {
        let base = "TEST-" + AttachmentExporter.sanitize(suite)
        var name = base + ".xml"
        var counter = 2
        while used.contains(name) {
            name = "\(base)-\(counter).xml"
            counter += 1
        }
        used.insert(name)
        return name
    }
}

/// Run metadata as `<property>` name-value pairs.
enum RunProperties {
    static func list(_ run: RunResult?) -> [(String, String)] {
        guard let run else { return [] }
        let record = run.record
        var list: [(String, String)] = [
            ("resultbundle.producer", record.producer), ("resultbundle.source", record.source),
        ]
        if let name = record.name { list.append(("run.name", name)) }
        if !record.command.isEmpty { list.append(("run.command", record.command.joined(separator: " "))) }
        if let toolchain = record.toolchain { list.append(("toolchain", toolchain)) }
        if let os = record.host.operatingSystem { list.append(("os", os)) }
        if let cpu = record.host.cpuModel { list.append(("cpu.model", cpu)) }
        if let count = record.host.cpuCount { list.append(("cpu.count", String(count))) }
        for tag in record.environment { list.append((tag.name, tag.value)) }
        return list
    }
}
