import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// A TRX file in dotnet's order (results before definitions): the results wait in a compact spool that goes to a
/// temporary file, and the definitions in a compact table; neither changes what is imported.
@Suite struct TRXHeldResultsTests {
    private func result(_ index: Int) -> TRXResult {
        var result = TRXResult(testName: "Test\(index) ünï", line: index + 3)
        result.testId = index % 3 == 0 ? nil : "id-\(index)"
        result.outcome = index % 2 == 0 ? "Passed" : "Failed"
        result.start = index % 4 == 0 ? nil : 1_789_936_581.453_277_8 + Double(index)
        result.duration = Double(index) / 7
        result.resultsDirectory = "dir\(index)"
        result.computerName = index % 5 == 0 ? "" : "host"
        result.message = index % 2 == 0 ? nil : String(repeating: "message \(index) ", count: index % 50)
        result.stackTrace = index % 2 == 0 ? nil : "at X() in /src/x.cs:line \(index)"
        result.output = String(repeating: "o", count: index % 300)
        result.files = (0..<(index % 3)).map { AttachmentReference(path: "f\($0).txt", line: $0 == 0 ? nil : $0) }
        return result
    }

    private func expectSame(_ read: TRXResult, _ written: TRXResult) {
        #expect(read.testId == written.testId)
        #expect(read.testName == written.testName)
        #expect(read.outcome == written.outcome)
        #expect(read.start == written.start)
        #expect(read.duration == written.duration)
        #expect(read.resultsDirectory == written.resultsDirectory)
        #expect(read.computerName == written.computerName)
        #expect(read.message == written.message)
        #expect(read.stackTrace == written.stackTrace)
        #expect(read.output == written.output)
        #expect(read.files == written.files)
        #expect(read.line == written.line)
    }

    @Test(arguments: [1 << 20, 1, 100])
    func heldResultsComeBackAsTheyWentIn(memoryLimit: Int) throws {
        let spool = TRXResultSpool(memoryLimit: memoryLimit)
        for index in 0..<2000 { try spool.append(result(index)) }
        var read: [TRXResult] = []
        try spool.drain { read.append($0) }
        #expect(read.count == 2000)
        for (index, held) in read.enumerated() { expectSame(held, result(index)) }
        // Drained: empty, and usable again.
        try spool.drain { _ in Issue.record("a drained spool still held a result") }
        try spool.append(result(7))
        try spool.drain { expectSame($0, result(7)) }
    }

    @Test func definitionsAreFoundByTheirExactIds() {
        var table = TRXDefinitionTable()
        let upper = "0A1B2C3D-0000-4000-8000-00000000000F"
        table.add("0a1b2c3d-0000-4000-8000-00000000000f", TRXDefinition(className: "N.Lower", categories: ["x"]))
        table.add(upper, TRXDefinition(className: "N.Upper"))
        table.add("00000000-0000-4000-8000-000000000001", TRXDefinition(className: nil, categories: ["a", "b"]))
        table.add("plain id", TRXDefinition(className: "N.Plain"))
        // Defined twice: the later definition counts, as it did in a dictionary.
        table.add("00000000-0000-4000-8000-000000000001", TRXDefinition(className: "N.Again", categories: ["a", "b"]))
        #expect(table.definition(of: "0a1b2c3d-0000-4000-8000-00000000000f")?.className == "N.Lower")
        #expect(table.definition(of: "0a1b2c3d-0000-4000-8000-00000000000f")?.categories == ["x"])
        #expect(table.definition(of: upper)?.className == "N.Upper")
        #expect(table.definition(of: "00000000-0000-4000-8000-000000000001")?.className == "N.Again")
        #expect(table.definition(of: "00000000-0000-4000-8000-000000000001")?.categories == ["a", "b"])
        #expect(table.definition(of: "plain id")?.className == "N.Plain")
        #expect(table.definition(of: "00000000-0000-4000-8000-000000000002") == nil)
        #expect(table.definition(of: "0a1b2c3d-0000-4000-8000-00000000000") == nil)
        #expect(table.count == 5)
    }

    @Test func aFileInDotnetsOrderGivesWhatDefinitionsFirstGive() throws {
        var results = "<Results>"
        var definitions = "<TestDefinitions>"
        for index in 0..<3000 {
            let id = String(format: "%08x-0000-4000-8000-%012x", index * 7919 % 3001, index)
            let outcome = index % 50 == 1 ? "Failed" : (index % 100 == 2 ? "NotExecuted" : "Passed")
            results += """
                <UnitTestResult testId="\(id)" testName="Case\(index)" outcome="\(outcome)" duration="00:00:00.01">
                <Output><StdOut>out \(index)</StdOut><ErrorInfo><Message>m\(index)</Message>
                <StackTrace>at N.C\(index % 7).Case\(index)() in /src/C.cs:line \(index)</StackTrace></ErrorInfo>
                </Output></UnitTestResult>
                """
            definitions += """
                <UnitTest id="\(id)"><TestMethod className="N.C\(index % 7)" name="Case\(index)" />\
                <TestCategory><TestCategoryItem TestCategory="c\(index % 3)" /></TestCategory></UnitTest>
                """
        }
        results += "</Results>"
        definitions += "</TestDefinitions>"
        let dotnet = try importText("<TestRun>\(results)\(definitions)</TestRun>", heldInMemory: 1)
        let mstest = try importText("<TestRun>\(definitions)\(results)</TestRun>", heldInMemory: 1 << 20)
        #expect(dotnet.count == 3000)
        #expect(dotnet == mstest)
        #expect(dotnet[5].identity.suites == ["C5"] && dotnet[5].tags == ["c2"])
    }

    private func importText(_ text: String, heldInMemory: Int) throws -> [TestRecord] {
        let input = try ImporterInput(text, name: "run.trx")
        defer { input.closeFile() }
        let importer = TRXImporter(context: input.context)
        importer.heldResultsMemoryLimit = heldInMemory
        let outcome = try importer.run(prefix: [], descriptor: input.descriptor)
        #expect(outcome.diagnostics.isEmpty)
        return input.sink.results.tests
    }
}
