import ResultModel
import ResultSupport

/// The CI systems `annotate` writes for.
public enum AnnotationFormat: String, Sendable, Hashable, CaseIterable {
    /// GitHub Actions workflow commands (``GitHubAnnotations``).
    case github
    /// A GitLab Code Quality report (``GitLabCodeQuality``).
    case gitlab
    /// Azure Pipelines logging commands (``AzureAnnotations``).
    case azure
    /// TeamCity service messages (``TeamCityMessages``).
    case teamcity
}

/// Reads tests one at a time from each source and hands them, with their annotations, to a format's writer,
/// passing the text on in chunks; it holds one test and one chunk at a time.
public struct AnnotationRenderer {
    /// The format written.
    public var format: AnnotationFormat
    /// The repository root paths are made relative to; `nil` uses each run's recorded working directory, or leaves
    /// paths as recorded when a run has none.
    public var root: String?
    /// The most annotations per severity (GitHub: 10 by default; Azure: all by default; ignored by GitLab, which
    /// lists every one, and TeamCity, which reports every test).
    public var maxPerSeverity: Int?
    /// Changed lines the tests did not run, written as warnings after the tests; `nil` writes none.
    public var uncoveredChanges: UncoveredChangeAnnotations?
    /// The size of the chunks passed to the output, in bytes.
    public var chunkSize = 64 * 1024

    /// Creates a renderer.
    public init(format: AnnotationFormat, root: String? = nil, maxPerSeverity: Int? = nil) {
        self.format = format
        self.root = root
        self.maxPerSeverity = maxPerSeverity
    }

    /// Writes the output for `inputs` (each a source and its path, relative to the current directory or absolute)
    /// through `write`, in order.
    public func render(
        _ inputs: [(name: String, source: any ResultSource)], to write: (String) throws -> Void
    ) throws {
        var writer = makeWriter()
        var pending = writer.start()
        let builder = AnnotationBuilder()
        for input in inputs {
            writer.startInput(named: inputPath(input.name))
            let workingDirectories = Dictionary(
                input.source.runs.map { ($0.index, $0.record.workingDirectory) },
                uniquingKeysWith: { first, _ in first })
            // The root given, else each run's recorded repository root or working directory (``SourcePaths``).
            let paths = Dictionary(
                input.source.runs.map {
                    (
                        $0.index,
                        SourcePaths(
                            root: SourcePaths.root(
                                explicit: root, recordedRoot: $0.record.environmentValue("vcs.root"),
                                workingDirectory: $0.record.workingDirectory))
                    )
                }, uniquingKeysWith: { first, _ in first })
            func add(_ test: TestRecord) throws {
                let workingDirectory = workingDirectories[test.runIndex] ?? nil
                let paths = paths[test.runIndex] ?? SourcePaths(root: root)
                let annotation = builder.annotation(for: test, paths: paths, workingDirectory: workingDirectory)
                pending += writer.add(test, annotation: annotation)
                if pending.utf8.count >= chunkSize {
                    try write(pending)
                    pending = ""
                }
            }
            var tests = 0
            // Only failed and flaky tests get annotations, one each: a bundle that knows where they are and of which
            // kind is read for those alone, and past the writer's cap they are counted from their kinds.
            var room = PerSeverity { writer.room(for: $0) }
            func wanted(_ kinds: TestSelection) -> Bool {
                let severity = Annotation.Severity(of: kinds)
                guard let left = room[severity] else { return true }
                if left > 0 {
                    room[severity] = left - 1
                    return true
                }
                writer.countUnwritten(severity)
                return false
            }
            if !writer.readsEveryTest, let stored = input.source.storedRunTotals,
                try input.source.forEachTest(in: [.failed, .flaky], reading: wanted, add)
            {
                tests = stored.reduce(0) { $0 + $1.tests }
            } else {
                try input.source.forEachTest { test in
                    tests += 1
                    try add(test)
                }
            }
            let shownName = root.map { SourcePaths(root: $0).resolve(input.name).relativePath } ?? input.name
            for note in RunNote.notes(tests: tests, runs: input.source.runs, name: shownName) {
                pending += writer.add(note)
            }
        }
        if let uncoveredChanges {
            let (warnings, omitted) = uncoveredChanges.warnings(root: root)
            for warning in warnings { pending += writer.add(warning) }
            if let omitted { pending += writer.add(omitted) }
        }
        pending += writer.finish()
        if !pending.isEmpty { try write(pending) }
    }

    /// The input's path relative to the root (with `..` steps when outside it), or its file name when it is absolute
    /// and there is no root: the place GitLab is given for an annotation without one.
    private func inputPath(_ name: String) -> String {
        if let root { return SourcePaths(root: root).resolve(name).relativePath }
        guard name.hasPrefix("/") else { return name }
        return String(name.split(separator: "/").last ?? "")
    }

    private func makeWriter() -> any AnnotationWriter {
        switch format {
        case .github: GitHubAnnotations(maxPerSeverity: maxPerSeverity ?? 10)
        case .gitlab: GitLabCodeQuality()
        case .azure: AzureAnnotations(maxPerSeverity: maxPerSeverity)
        case .teamcity: TeamCityMessages()
        }
    }
}
