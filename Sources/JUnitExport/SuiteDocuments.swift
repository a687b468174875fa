import Foundation
import ResultModel

/// Writes collected suites as JUnit documents: each `<testsuite>` with its counts, timestamp, hostname and
/// properties, followed by its `<testcase>` elements copied from the spool.
struct SuiteDocuments {
    let flavor: JUnitFlavor
    let spool: TestCaseSpool

    /// One document, `<testsuites>` around every suite (the jenkins and xunit flavors).
    func writeDocument(_ sources: [CollectedSource], to output: URL) throws {
        let file = try BufferedOutputFile(path: output.path)
        let writer = try XMLStreamWriter(into: file, place: output.path)
        try writer.startDocument()
        try writer.start("testsuites")
        let suites = sources.flatMap(\.suites)
        try writer.attribute("name", "resultbundle")
        try writer.attribute("tests", String(suites.reduce(0) { $0 + $1.tests }))
        try writer.attribute("failures", String(suites.reduce(0) { $0 + $1.failures }))
        try writer.attribute("errors", String(suites.reduce(0) { $0 + $1.errors }))
        try writer.attribute("time", JUnitTime.format(Self.wallClock(sources) ?? ElapsedTestTime.of(suites).seconds))
        for source in sources {
            var properties = RunPropertiesCache()
            var extras = SuiteExtrasTable(source.extras)
            for suite in source.suites {
                try write(
                    suite, run: source.runs[suite.runIndex],
                    extras: extras.take(runIndex: suite.runIndex, name: suite.name), properties: &properties,
                    depth: 1, to: writer, file)
            }
            for rest in extras.takeRest() {
                let suite = SpooledSuite(className: rest.name, runIndex: rest.runIndex)
                try write(
                    suite, run: source.runs[rest.runIndex], extras: rest, properties: &properties, depth: 1,
                    to: writer, file)
            }
        }
        try writer.endDocument()
        try file.close()
    }

    /// The runs' wall clocks added up, when every run's end has one (format 1.4): what the runners said, which
    /// the union of the tests' intervals cannot give when the input had no start times.
    static func wallClock(_ sources: [CollectedSource]) -> Double? {
        var total = 0.0
        for source in sources {
            for run in source.runs.values {
                guard let wallClock = run.end?.wallClock else { return nil }
                total += wallClock
            }
        }
        return total
    }

    /// One `TEST-<suite>.xml` file per suite in `folder` (the surefire flavor); returns the files.
    func writeFiles(_ sources: [CollectedSource], into folder: URL) throws -> [URL] {
        var files: [URL] = []
        var usedNames: Set<String> = []
        for source in sources {
            var properties = RunPropertiesCache()
            var extras = SuiteExtrasTable(source.extras)
            let suites = source.suites.map { ($0, extras.take(runIndex: $0.runIndex, name: $0.name)) }
            let rest = extras.takeRest().map { (SpooledSuite(className: $0.name, runIndex: $0.runIndex), Optional($0)) }
            for (suite, extra) in suites + rest {
                let url = folder.appendingPathComponent(Self.fileName(suite.name, used: &usedNames))
                let file = try BufferedOutputFile(path: url.path, bufferSize: 64 << 10)
                let writer = try XMLStreamWriter(into: file, place: url.path)
                try writer.startDocument()
                try write(
                    suite, run: source.runs[suite.runIndex], extras: extra, properties: &properties, depth: 0,
                    to: writer, file)
                try writer.endDocument()
                try file.close()
                files.append(url)
            }
        }
        return files
    }

    /// The `<testsuite>` element at `depth` (0 for the root), written by `writer` into `file`.
    private func write(
        _ suite: SpooledSuite, run: RunResult?, extras: SuiteExtras?, properties cache: inout RunPropertiesCache,
        depth: Int, to writer: XMLStreamWriter, _ file: BufferedOutputFile
    ) throws {
        try writer.start("testsuite")
        try writer.attribute("name", suite.name)
        try writer.attribute("tests", String(suite.tests))
        try writer.attribute("failures", String(suite.failures))
        try writer.attribute("errors", String(suite.errors))
        try writer.attribute("skipped", String(suite.skipped))
        if flavor == .surefire { try writer.attribute("flakes", String(suite.flakes)) }
        // The suite's own wall clock when its runner said, else how long its tests took by the clock, and never
        // longer than its run (tests without start times add their durations, which parallel tests inflate).
        let time = min(extras?.duration ?? suite.time, run?.end?.wallClock ?? .infinity)
        try writer.attribute("time", JUnitTime.format(time))
        // An imported run started when the import ran, not when its tests did: its suites without a start of
        // their own get no timestamp rather than the import's time.
        let runStart = run?.record.source == "import" ? nil : run?.record.start
        if let timestamp = JUnitTime.timestamp(suite.firstStart ?? runStart) {
            try writer.attribute("timestamp", timestamp)
        }
        if flavor != .surefire, let hostname = run?.record.host.hostname {
            try writer.attribute("hostname", hostname)
        }
        let properties = cache.list(run) + (extras?.properties.map { ($0.name, $0.value) } ?? [])
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
        // Without properties the start tag is still open: libxml2 closes it before this line break.
        if properties.isEmpty { try writer.raw("\n") }
        // The spooled test cases are libxml2's own output already: once the writer has handed over everything
        // before them, they go to the file directly rather than through its buffers again.
        try writer.flush()
        for range in suite.ranges {
            try spool.forEachPiece(of: range) { try file.write($0) }
        }
        // The suite's own output; Surefire's schema has no place for it.
        if flavor != .surefire, let output = extras?.output, !output.isEmpty {
            try writer.element("system-out", text: output)
        }
        // libxml2 does not indent an end tag after copied bytes.
        try writer.raw(String(repeating: "  ", count: depth))
        try writer.end()
    }

    static func fileName(_ suite: String, used: inout Set<String>) -> String {
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
