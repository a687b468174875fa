import Testing

@testable import ResultSupport

/// A module's error declares only its codes; `ModuleError` gives it the rest, the same for every module.
struct ModuleErrorTests {
    private struct SampleError: ModuleError, Equatable {
        struct Code: PlacedErrorCode {
            var rawValue: String
            init(rawValue: String) { self.rawValue = rawValue }
            static let broken = Code(rawValue: "broken")
        }
        var facts: ErrorFacts<Code>
        init(facts: ErrorFacts<Code>) { self.facts = facts }
    }

    @Test func theDescriptionNamesThePlaceBeforeTheMessage() {
        let error = SampleError(.broken, "no closing tag", file: "a.xml", line: 3, column: 7, byteOffset: 41)
        #expect(error.description == "a.xml:3:7: byte 41: no closing tag")
        #expect(SampleError(.broken, "empty").description == "empty")
        #expect(error.code.description == "broken")
    }

    @Test func theCauseIsKeptButNotCompared() {
        let call = SystemCallError("write", path: "out.xml", number: 28)
        let caused = SampleError(.broken, "cannot write", file: "out.xml", underlying: call)
        #expect((caused.cause as? SystemCallError) == call)
        #expect(caused == SampleError(.broken, "cannot write", file: "out.xml"))
        #expect(caused != SampleError(.broken, "cannot write", file: "other.xml"))
    }

    @Test func thePlacesPartsCanBeFilledInLater() {
        var error = SampleError(.broken, "truncated")
        error.file = "x.resultbundle"
        error.byteOffset = 1234
        #expect(error.description == "x.resultbundle: byte 1234: truncated")
    }
}
