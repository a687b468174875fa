import ResultModel

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
        // Consumers show properties as they are: the count, or why there is none.
        let notRun = TestsNotRun(run.end)
        if let count = notRun.count, count > 0 {
            list.append(("resultbundle.testsNotRun", String(count)))
        } else if notRun.afterCrash {
            list.append(("resultbundle.testsNotRun", "unknown: the tests after a crash did not run"))
        }
        return list
    }
}

/// ``RunProperties`` of each run of one source, built once per run rather than once per suite.
struct RunPropertiesCache {
    private var lists: [Int: [(String, String)]] = [:]

    /// The properties of `run` (none without a run).
    mutating func list(_ run: RunResult?) -> [(String, String)] {
        guard let run else { return [] }
        if let known = lists[run.index] { return known }
        let list = RunProperties.list(run)
        lists[run.index] = list
        return list
    }
}
