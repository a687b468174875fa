import Foundation
import ResultModel
import TestSharding

/// Gives XCTest tests and suites recorded without a module the module `swift test list` names for them, so a run
/// gets the same test ids with and without `swift test --parallel` (docs/RECORDING.md); and swift-testing tests
/// named by their function alone (its console output) the module and suites the list gives that function, as its
/// event stream would. A test whose id several modules (or places) list keeps its name and is named in ``notes``.
///
/// Until the list is known (``supply(_:)``), tests and suites that lack a module are held back in memory, in order;
/// everything else passes through at once. Used from one thread at a time.
final class ModuleResolvingSink: ResultSink {
    private enum Held {
        case test(TestRecord)
        case suite(SuiteRecord)
    }

    private let base: any ResultSink
    /// The list; nil while it is awaited or when there is none.
    private var listed: ListedTests?
    /// Whether records are held back until the list is supplied.
    private(set) var isWaiting: Bool
    private var held: [Held] = []
    /// Called once, when the first record is held back (to start listing the tests, if not started yet).
    var onFirstHeld: () -> Void = {}
    /// The ids of tests that several modules (or places) list, with those, in the order met.
    private var ambiguous: [(id: String, places: [String])] = []
    private var ambiguousSeen: Set<String> = []

    /// A sink resolving with `listed`, or, when `waiting`, holding module-less records until ``supply(_:)``.
    init(wrapping base: any ResultSink, listed: ListedTests?, waiting: Bool = false) {
        self.base = base
        self.listed = listed
        isWaiting = listed == nil && waiting
    }

    /// Supplies the list (nil: none could be made) and writes what was held back, resolved.
    func supply(_ listed: ListedTests?) throws {
        self.listed = listed
        isWaiting = false
        let records = held
        held = []
        for record in records {
            switch record {
            case .test(let test): try addTest(test)
            case .suite(let suite): try addSuite(suite)
            }
        }
    }

    /// A note for the run's diagnostics when some tests kept no module because several modules list them.
    var notes: [Diagnostic] {
        guard !ambiguous.isEmpty else { return [] }
        let shown = ambiguous.prefix(5).map { "\($0.id) (\($0.places.joined(separator: ", ")))" }
        return [
            Diagnostic(
                severity: .note,
                message: "\(ambiguous.count) test(s) kept no module because several modules list them: "
                    + shown.joined(separator: "; ") + (ambiguous.count > shown.count ? "; …" : ""))
        ]
    }

    func beginRun(_ run: RunRecord) throws -> Int { try base.beginRun(run) }

    func addSuite(_ suite: SuiteRecord) throws {
        guard suite.module == nil, suite.path.count == 1, isWaiting || listed != nil else {
            return try base.addSuite(suite)
        }
        if isWaiting { return hold(.suite(suite)) }
        var suite = suite
        suite.module = listed?.module(ofSuite: suite.path[0])
        try base.addSuite(suite)
    }

    func addTest(_ test: consuming TestRecord) throws {
        guard test.identity.module == nil, isWaiting || listed != nil else { return try base.addTest(test) }
        if isWaiting { return hold(.test(test)) }
        if test.identity.suites.isEmpty, let place = place(ofFunction: test.identity.name) {
            test.identity.module = place.module
            test.identity.suites = place.suites
        } else {
            test.identity.module = module(of: test.identity.id)
        }
        try base.addTest(test)
    }

    func addPassedTest(_ test: PassedTestText) throws {
        guard test.module == nil, let suite = test.suite, isWaiting || listed != nil else {
            return try base.addPassedTest(test)
        }
        // A test of several suites is resolved by its record's id, as any other record.
        if isWaiting || !test.outerSuites.isEmpty { return try addTest(test.record) }
        let id = String(decoding: suite, as: UTF8.self) + "/" + String(decoding: test.name, as: UTF8.self)
        guard var module = module(of: id) else { return try base.addPassedTest(test) }
        try module.withUTF8 { bytes in
            var resolved = test
            resolved.module = bytes
            try base.addPassedTest(resolved)
        }
    }

    func storeBlob(_ data: Data) throws -> BlobReference { try base.storeBlob(data) }
    func storeBlob(contentsOf file: URL) throws -> BlobReference { try base.storeBlob(contentsOf: file) }

    func endRun(_ runIndex: Int, _ end: RunEnd) throws {
        if isWaiting { try supply(nil) }
        try base.endRun(runIndex, end)
    }

    private func hold(_ record: Held) {
        if held.isEmpty { onFirstHeld() }
        held.append(record)
    }

    /// The place the list gives the swift-testing function `name`; nil when unlisted or ambiguous.
    private func place(ofFunction name: String) -> ListedTests.Place? {
        guard let listed, let places = listed.placesOfFunction[name] else { return nil }
        guard places.count == 1 else {
            let modules = places.map { ([$0.module] + $0.suites).joined(separator: "/") }
            if ambiguousSeen.insert(name).inserted { ambiguous.append((name, modules)) }
            return nil
        }
        return places[0]
    }

    /// The module the list gives the XCTest `id` (`Class/testMethod`); nil when unlisted or ambiguous.
    private func module(of id: String) -> String? {
        guard let listed, let modules = listed.modulesOfXCTest[id] else { return nil }
        guard modules.count == 1 else {
            if ambiguousSeen.insert(id).inserted { ambiguous.append((id, modules)) }
            return nil
        }
        return modules[0]
    }
}
