import ResultModel

// Cutting the strings of the index's runs, read before the reader's limits apply, to
// ``BundleLimits/maxDecodedStringBytes``, as the cursor cuts record lines while it reads. Runs are few, so cutting
// after decoding is enough.

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
