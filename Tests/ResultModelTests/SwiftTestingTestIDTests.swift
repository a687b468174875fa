import ResultModel
import Testing

/// swift-testing ids become identities (module before the first dot, suites, function, source location dropped),
/// and the module-less key leaves out only the module.
struct SwiftTestingTestIDTests {
    @Test(
        arguments: [
            ("CalcTests.CalcSuite/param(x:)/SwiftTests.swift:6:4", "CalcTests", ["CalcSuite"], "param(x:)"),
            ("CalcTests.freeFunction()/Free.swift:3:2", "CalcTests", [], "freeFunction()"),
            ("CalcTests.Outer/Inner/nested()/Nested.swift:9:6", "CalcTests", ["Outer", "Inner"], "nested()"),
            ("Outer/inner()", nil, ["Outer"], "inner()"),
            ("File.swift:1:2", "File", [], "swift:1:2"),
        ] as [(String, String?, [String], String)])
    func idsBecomeIdentities(id: String, module: String?, suites: [String], name: String) {
        #expect(SwiftTestingTestID.identity(id: id) == TestIdentity(module: module, suites: suites, name: name))
    }

    @Test func aDisplayNameReplacesTheFunction() {
        #expect(
            SwiftTestingTestID.identity(id: "M.S/f()/F.swift:1:1", name: "g")
                == TestIdentity(module: "M", suites: ["S"], name: "g"))
    }

    @Test func sourceLocationsNeedALineAndAColumn() {
        #expect(SwiftTestingTestID.isSourceLocation("File.swift:12:3"))
        #expect(SwiftTestingTestID.isSourceLocation("C:/x/File.swift:12:3"[...]))
        #expect(!SwiftTestingTestID.isSourceLocation("File.swift:12"))
        #expect(!SwiftTestingTestID.isSourceLocation("param(x:y:)"))
    }

    @Test func theModuleLessKeyLeavesOutTheModule() {
        #expect(TestIdentity(module: "M", suites: ["S", "Inner"], name: "t").moduleLessKey == "S/Inner/t")
        #expect(TestIdentity(name: "t").moduleLessKey == "t")
    }
}
