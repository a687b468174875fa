import ResultModel
import Testing
import _TestSupport

/// The one stable hash gives the shared vectors (which the report's `search.js` is held to as well), and hashing an
/// identity's parts gives the hash of its id.
struct StableHashTests {
    @Test(arguments: StableHashVector.all)
    func givesTheSharedVector(_ vector: StableHashVector) {
        let hex = String(StableHash.of(vector.text), radix: 16)
        #expect(String(repeating: "0", count: 16 - hex.count) + hex == vector.fnv1a64)
    }

    @Test(arguments: [
        TestIdentity(name: "t"), TestIdentity(module: "M", suites: ["S", "Inner"], name: "t(x:)"),
        TestIdentity(suites: ["Süite"], name: "tëst 🎉"),
    ])
    func hashesAnIdentityAsItsId(_ identity: TestIdentity) {
        var hash = StableHash()
        hash.add(identity)
        #expect(hash.value == StableHash.of(identity.id))
    }

    @Test func addsBufferBytesAsTheirText() {
        var hash = StableHash()
        Array("M/S/test".utf8).withUnsafeBufferPointer { hash.add($0) }
        #expect(hash.value == StableHash.of("M/S/test"))
    }
}
