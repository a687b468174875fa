import CIAnnotations
import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

/// Every format's output read back the way its CI system reads it: exactly one command per annotation, no text of a
/// message starting or ending a command, and every value decoding to the text it was made from.
@Suite struct InjectionTests {
    static func sources() throws -> [(name: String, source: any ResultSource, root: String?)] {
        [
            ("injection", try Fixtures.injection(), HostileResults.ciInjectionRoot),
            ("hostile", try BundleReader(url: Fixtures.hostileBundle), nil),
        ]
    }

    @Test func injectionRunHasOneAnnotationOfEachKind() throws {
        let annotations = try Fixtures.annotations(try Fixtures.injection())
        #expect(annotations.map(\.kind) == [.failure, .performanceRegression, .flaky, .failure, .failure, .failure])
        #expect(annotations[0].file == "Sources/A,b:c;d]e'f|g.swift" && annotations[0].line == 12)
        #expect(annotations[0].column == 5 && annotations[0].title == "Mod.Suite, with: punctuation/test'|[]::x failed")
        #expect(annotations[0].message.contains(":20: second issue"))
        #expect(!annotations[0].message.contains("more failing issues"))
        #expect(!annotations[0].message.contains("\u{1B}") && !annotations[0].message.contains("\r"))
        #expect(annotations[1].file == "Tests/PerfTests.swift")
        #expect(
            annotations[2].file == "/elsewhere/Outside.swift"
                && annotations[2].relativeFile == "../../elsewhere/Outside.swift")
        #expect(annotations[3].file == nil && annotations[3].title == "Mod.Crash/testCrash crashed")
        #expect(annotations[5].file == "/etc/passwd" && annotations[5].title == "Mod.Deep.Nested/testTimeout timed out")
    }

    @Test func githubHasOneCommandPerAnnotationAndValuesRoundTrip() throws {
        for input in try Self.sources() {
            let annotations = try Fixtures.annotations(input.source, root: input.root)
            let text = try Fixtures.render(input.source, .github, root: input.root, maxPerSeverity: 1_000)
            let commands = try CIParsers.lines(text).map(CIParsers.github)
            #expect(commands.count == annotations.count, "\(input.name)")
            for (command, annotation) in zip(commands, annotations) {
                #expect(command.name == annotation.severity.rawValue)
                #expect(command.properties["title"] == annotation.title)
                #expect(command.properties["file"] == annotation.file)
                #expect(command.properties["line"] == annotation.line.map(String.init))
                #expect(command.properties["col"] == annotation.column.map(String.init))
                #expect(command.message == annotation.message)
            }
        }
    }

    @Test func githubCapsEachSeverityAndCountsTheRestInOneNotice() throws {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "tests", source: "tests"))
        for number in 0..<15 {
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(suites: ["S"], name: "failing\(number)"),
                    attempts: [TestAttempt(status: .failed, issues: [IssueRecord(kind: .assertion, message: "no")])]))
        }
        for number in 0..<12 {
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(suites: ["S"], name: "flaky\(number)"),
                    attempts: [TestAttempt(status: .failed), TestAttempt(status: .passed)]))
        }
        let commands = try CIParsers.lines(try Fixtures.render(results, .github)).map(CIParsers.github)
        #expect(commands.filter { $0.name == "error" }.count == 10)
        #expect(commands.filter { $0.name == "warning" }.count == 10)
        let notices = commands.filter { $0.name == "notice" }
        #expect(notices.count == 1 && commands.last == notices.first)
        #expect(notices.first?.message.hasPrefix("5 more failed tests and 2 more warnings are not annotated") == true)
        let capped = try CIParsers.lines(try Fixtures.render(results, .github, maxPerSeverity: 3)).map(CIParsers.github)
        #expect(capped.map(\.name) == ["error", "error", "error", "warning", "warning", "warning", "notice"])
    }

    @Test func azureHasOneCommandPerAnnotationAndValuesRoundTrip() throws {
        for input in try Self.sources() {
            let annotations = try Fixtures.annotations(input.source, root: input.root)
            let text = try Fixtures.render(input.source, .azure, root: input.root)
            let commands = try CIParsers.lines(text).map(CIParsers.azure)
            #expect(commands.count == annotations.count, "\(input.name)")
            for (command, annotation) in zip(commands, annotations) {
                #expect(command.name == "task.logissue")
                #expect(command.properties["type"] == annotation.severity.rawValue)
                #expect(command.properties["sourcepath"] == annotation.file)
                #expect(command.properties["linenumber"] == annotation.line.map(String.init))
                #expect(command.properties["columnnumber"] == annotation.column.map(String.init))
                #expect(command.message == annotation.title + ": " + annotation.message)
            }
        }
    }

    @Test func teamcityMessagesParseAndDescribeTheWholeTree() throws {
        for input in try Self.sources() {
            var tests = 0
            var failing = 0
            var skipped = 0
            try input.source.forEachTest { test in
                tests += 1
                if test.status.isFailure { failing += 1 }
                if test.status == .skipped { skipped += 1 }
            }
            let text = try Fixtures.render(input.source, .teamcity, root: input.root)
            let messages = try CIParsers.lines(text).map(CIParsers.teamcity)
            #expect(messages.filter { $0.name == "testStarted" }.count == tests, "\(input.name)")
            #expect(messages.filter { $0.name == "testFinished" }.count == tests)
            #expect(messages.filter { $0.name == "testFailed" }.count == failing)
            #expect(messages.filter { $0.name == "testIgnored" }.count == skipped)
            var open: [String] = []
            for message in messages {
                if message.name == "testSuiteStarted" { open.append(message.properties["name"] ?? "") }
                if message.name == "testSuiteFinished" { #expect(open.popLast() == message.properties["name"]) }
            }
            #expect(open.isEmpty)
            let annotations = try Fixtures.annotations(input.source, root: input.root).filter { $0.kind != .flaky }
            let details = messages.filter { $0.name == "testFailed" }.compactMap { $0.properties["details"] }
            // Tests are grouped by suite, so failures come in suite order, not the bundle's: match them as a set.
            var unmatched = details
            for annotation in annotations {
                let match = unmatched.firstIndex { $0.hasPrefix(annotation.message) }
                #expect(match != nil, "no testFailed for \(annotation.title)")
                if let match { unmatched.remove(at: match) }
            }
        }
        let injection = try CIParsers.lines(try Fixtures.render(try Fixtures.injection(), .teamcity))
            .map(CIParsers.teamcity)
        #expect(injection.contains { $0.name == "message" && $0.properties["status"] == "WARNING" })
        #expect(injection.contains { $0.properties["name"] == "test'|[]::x" })
    }

    @Test func gitlabReportParsesWithOneEntryPerAnnotation() throws {
        for input in try Self.sources() {
            let annotations = try Fixtures.annotations(input.source, root: input.root)
            let text = try Fixtures.render(input.source, .gitlab, root: input.root)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            #expect(entries.count == annotations.count, "\(input.name)")
            var fingerprints: Set<String> = []
            for (entry, annotation) in zip(entries, annotations) {
                let fingerprint = try #require(entry["fingerprint"] as? String)
                #expect(fingerprint.count == 64 && fingerprints.insert(fingerprint).inserted)
                #expect(entry["description"] as? String == annotation.title + ": " + annotation.firstLine)
                #expect(["major", "minor", "info"].contains(entry["severity"] as? String ?? ""))
                #expect(entry["check_name"] as? String == annotation.kind.checkName)
                let location = try #require(entry["location"] as? [String: Any])
                let path = try #require(location["path"] as? String)
                #expect(!path.hasPrefix("/") && !path.hasPrefix("./") && !path.isEmpty)
                let lines = try #require(location["lines"] as? [String: Any])
                #expect((lines["begin"] as? Int ?? 0) >= 1)
            }
        }
    }

    @Test func gitlabFingerprintsStayTheSameAcrossCheckouts() throws {
        let first = try Fixtures.render(try Fixtures.injection(), .gitlab)
        let moved = InMemoryResults()
        try HostileResults.writeCIInjection(into: moved)
        let again = try Fixtures.render(moved, .gitlab)
        #expect(first == again)
        #expect(try Fixtures.render(InMemoryResults(), .gitlab) == "[]\n")
    }
}
