import ResultModel

// Cutting the strings of records decoded by `JSONDecoder` (suites, runs) to ``BundleLimits/maxDecodedStringBytes``,
// as the test decoder cuts while it reads. These records are few, so cutting after decoding is enough.

extension SuiteRecord {
    /// The suite with every string longer than `limit` UTF-8 bytes cut (``TextCut``).
    func cut(to limit: Int) -> SuiteRecord {
        var suite = self
        suite.module = module.map { TextCut.cut($0, to: limit) }
        suite.path = path.map { TextCut.cut($0, to: limit) }
        suite.issues = issues.map { $0.cut(to: limit) }
        suite.output = output?.cut(to: limit)
        suite.properties = properties.map { $0.cut(to: limit) }
        suite.hostname = hostname.map { TextCut.cut($0, to: limit) }
        return suite
    }
}

extension RunResult {
    /// The run with every string of its records longer than `limit` UTF-8 bytes cut.
    func cut(to limit: Int) -> RunResult {
        var run = self
        func cut(_ text: String) -> String { TextCut.cut(text, to: limit) }
        run.record.name = record.name.map(cut)
        run.record.producer = cut(record.producer)
        run.record.source = cut(record.source)
        run.record.command = record.command.map(cut)
        run.record.workingDirectory = record.workingDirectory.map(cut)
        run.record.toolchain = record.toolchain.map(cut)
        run.record.uncommittedChangesHash = record.uncommittedChangesHash.map(cut)
        run.record.environment = record.environment.map { $0.cut(to: limit) }
        run.record.inputs = record.inputs.map(cut)
        run.record.host.hostname = record.host.hostname.map(cut)
        run.record.host.operatingSystem = record.host.operatingSystem.map(cut)
        run.record.host.kernel = record.host.kernel.map(cut)
        run.record.host.architecture = record.host.architecture.map(cut)
        run.record.host.cpuModel = record.host.cpuModel.map(cut)
        run.end?.output = end?.output?.cut(to: limit)
        run.end?.diagnostics =
            end?.diagnostics.map { diagnostic in
                var copy = diagnostic
                copy.message = cut(diagnostic.message)
                copy.file = diagnostic.file.map(cut)
                return copy
            } ?? []
        run.end?.interruption = end?.interruption.map(cut)
        return run
    }
}

extension IssueRecord {
    func cut(to limit: Int) -> IssueRecord {
        var issue = self
        issue.message = TextCut.cut(message, to: limit)
        issue.details = details.map { TextCut.cut($0, to: limit) }
        issue.type = type.map { TextCut.cut($0, to: limit) }
        issue.location?.file = TextCut.cut(location?.file ?? "", to: limit)
        return issue
    }
}

extension CapturedOutput {
    func cut(to limit: Int) -> CapturedOutput {
        var output = self
        output.text = text.map { TextCut.cut($0, to: limit) }
        return output
    }
}

extension NameValue {
    func cut(to limit: Int) -> NameValue {
        NameValue(name: TextCut.cut(name, to: limit), value: TextCut.cut(value, to: limit))
    }
}
