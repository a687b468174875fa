import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// `.xcresult` bundles read from their `database.sqlite3`: a real retry on failure, and databases that are
/// missing, not SQLite, or cut short at any page.
@Suite struct XCResultDatabaseReaderTests {
    static let flaky = TestPaths.fixture("formats/xcresult/Test-FlakyFixture.xcresult")

    /// A copy of the flaky-retry bundle whose database is `bytes` (the real one when `nil`).
    private func bundle(database bytes: [UInt8]?) throws -> URL {
        let copy = try TestPaths.makeTemporaryDirectory("xcresult").appendingPathComponent("Run.xcresult")
        try FileManager.default.copyItem(at: Self.flaky, to: copy)
        let database = copy.appendingPathComponent("database.sqlite3")
        if let bytes { try Data(bytes).write(to: database) }
        return copy
    }

    @Test func aRetryOnFailureIsOnePassedFlakyTestWithTheFirstFailureAndItsPlace() throws {
        let imported = try ImportHarness.run([try bundle(database: nil).path])
        #expect(imported.outcomes.first?.format == .xcresult)
        let flaky = try #require(imported.results.tests.first { $0.identity.name == "testFlaky()" })
        #expect(flaky.id == "FlakyFixtureTests/FlakyFixtureTests/testFlaky()")
        #expect(flaky.status == .passed && flaky.isFlaky)
        let failure = try #require(flaky.attempts.first?.issues.first)
        #expect(failure.message.contains("Intentional first-attempt failure"))
        #expect(failure.location?.file.hasSuffix(".swift") == true)
        #expect(imported.totals.passed == 2)
    }

    @Test func aBundleWithoutItsDatabaseSaysHowToMakeIt() throws {
        let copy = try bundle(database: nil)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("database.sqlite3"))
        #expect {
            try ImportHarness.run([copy.path])
        } throws: { error in
            (error as? ImportError)?.message.contains("xcrun xcresulttool get test-results tests --path") == true
        }
    }

    @Test func aDatabaseThatIsNotSQLiteIsNamedSo() throws {
        let copy = try bundle(database: Array("not a database\n".utf8) + [UInt8](repeating: 7, count: 8192))
        #expect {
            try ImportHarness.run([copy.path])
        } throws: { error in
            (error as? ImportError)?.message.contains("is not an SQLite database") == true
        }
    }

    @Test func aDatabaseCutAtAnyPageIsReadOrRefusedWithItsNameAndNeverCrashes() throws {
        let whole = try [UInt8](Data(contentsOf: Self.flaky.appendingPathComponent("database.sqlite3")))
        let cuts =
            [0, 1, 15, 16, 99, 100, 101]
            + Array(stride(from: 4096, to: whole.count, by: 4096)).flatMap {
                [$0 - 1, $0, $0 + 17]
            }
        for cut in cuts {
            let copy = try bundle(database: Array(whole[0..<cut]))
            do {
                let imported = try ImportHarness.run([copy.path])
                #expect(imported.results.tests.count <= 3, "cut at \(cut)")
            } catch let error as ImportError {
                #expect(error.file?.hasSuffix("database.sqlite3") == true, "cut at \(cut): \(error)")
            }
        }
    }
}
