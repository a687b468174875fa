import ResultModel
import ResultSupport

/// The facts shown about a run on the index page.
enum RunModelBuilder {
    static func model(_ run: RunResult, name: String) -> RunModel {
        let record = run.record
        var facts: [FactModel] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { facts.append(FactModel(label: label, value: DisplayText.clean(value))) }
        }
        add("Source", record.source)
        add("Command", record.command.isEmpty ? nil : record.command.joined(separator: " "))
        add("Host", record.host.hostname)
        // An import's host is the importing machine, or unknown; the machines the files name are the tests' own.
        if let hosts = run.end?.hosts, !hosts.isEmpty {
            add(
                hosts.count == 1 ? "Tests ran on" : "Tests ran on (\(hosts.count) hosts)", hosts.joined(separator: ", ")
            )
        }
        add("OS", record.host.operatingSystem)
        add(
            "CPU",
            [record.host.cpuModel, record.host.cpuCount.map { "\($0) cores" }].compactMap { $0 }.joined(separator: ", ")
        )
        add("Toolchain", record.toolchain)
        if record.source == "import", let testsStarted = run.end?.testsStarted {
            add("Tests started", ReportFormatting.date(testsStarted))
            add("Imported", ReportFormatting.date(record.start))
        } else {
            add("Started", ReportFormatting.date(record.start))
        }
        // An import's start and end are the import's own; how long its tests took is their wall clock below.
        if record.source != "import", let start = record.start, let end = run.end?.end {
            add("Duration", ReportFormatting.duration(end - start))
        }
        add("Tests' wall clock", run.end?.wallClock.map(ReportFormatting.duration))
        add("Exit code", run.end?.exitCode.map { String($0) })
        if run.end == nil { add("Ended", "interrupted: the run has no end record") }
        if let signal = run.end?.interruption { add("Ended", "cancelled by \(signal)") }
        add("Commit", record.environmentValue("vcs.commit"))
        add("Branch", record.environmentValue("vcs.branch"))
        for diagnostic in (run.end?.diagnostics ?? []).prefix(20) { add("Note", diagnostic.description) }
        let jobURL = record.environmentValue("ci.jobURL").flatMap(HTMLEscaping.safeExternalURL)
        return RunModel(
            name: DisplayText.clean(name), facts: facts, ciURL: jobURL,
            ciText: jobURL.map { _ in record.environmentValue("ci.provider") ?? "job" })
    }
}
