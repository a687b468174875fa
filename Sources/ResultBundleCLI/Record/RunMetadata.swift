import Foundation
import PerformanceBaselines
import ResultModel

/// Collects what `record` stores about a run: command, directory, host, toolchain and CI context.
enum RunMetadata {
    /// A run record for `command` started now in the current directory.
    static func forRecordedCommand(_ command: [String], name: String?) -> RunRecord {
        let environment = ProcessInfo.processInfo.environment
        let directory = FileManager.default.currentDirectoryPath
        let record = RunRecord(
            name: name,
            producer: ResultBundleCommand.producer,
            source: "record",
            command: command,
            workingDirectory: directory,
            start: Date().timeIntervalSince1970,
            host: HostProbe.current(),
            toolchain: SwiftTestInvocation.isSwiftTest(command) ? swiftVersion(command.first ?? "swift") : nil,
            environment: RepositoryFacts.adding(to: CIEnvironment.tags(from: environment), directory: directory)
        )
        return RepositoryFacts.noting(uncommittedChangesIn: directory, on: record)
    }

    /// The first line of `swift --version` (for `swift-test`, of the `swift` beside it), or `nil` when it fails.
    static func swiftVersion(_ tool: String) -> String? {
        let swift = tool.hasSuffix("swift-test") ? String(tool.dropLast("-test".count)) : tool
        return ToolOutput.firstLine([swift, "--version"])
    }
}
