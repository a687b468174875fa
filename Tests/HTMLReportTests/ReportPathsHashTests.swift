import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// Test pages and row anchors are named by the shared stable hash: the anchors match the shared vectors that
/// `search.js` is held to (so a search result links to the row the page has), and hashing an identity's parts
/// names the same page as hashing its id.
struct ReportPathsHashTests {
    @Test(arguments: StableHashVector.all)
    func anchorsMatchTheSharedVector(_ vector: StableHashVector) {
        #expect(ReportPaths.hash(vector.text) == vector.fnv1a64)
        #expect(ReportPaths.anchor(hash: StableHash.of(vector.text)) == vector.anchor)
    }

    @Test(arguments: [0, 3])
    func identityAndIdGiveOnePage(runIndex: Int) {
        let identity = TestIdentity(module: "M", suites: ["S", "Inner"], name: "tëst(x:)")
        #expect(
            ReportPaths.testHash(identity, runIndex: runIndex)
                == ReportPaths.testHash(id: identity.id, runIndex: runIndex))
    }
}
