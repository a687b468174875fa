import Foundation
import ResultModel

/// A pytest test's identity from its node id, the same as pytest's own JUnit XML gives it: the file's path
/// without `.py`, its slashes as dots, and the classes make the classname (`tests/test_shop.py::TestBasket::
/// test_count[1]` is classname `tests.test_shop.TestBasket`, name `test_count[1]`), split as every JUnit
/// classname is (the first part is the module when there are several). Importing a run's report log or its
/// `--junitxml` then gives each test the same id.
enum PytestNodeID {
    static func identity(_ nodeID: String, scopes: ClassNameScopes) -> TestIdentity {
        var parts = nodeID.components(separatedBy: "::")
        let name = parts.count > 1 ? parts.removeLast() : "(collection)"
        var file = parts.first ?? ""
        if file.hasSuffix(".py") { file.removeLast(3) }
        let className = ([file.replacingOccurrences(of: "/", with: ".")] + parts.dropFirst()).joined(separator: ".")
        let scope = scopes.scope(of: className)
        return TestIdentity(module: scope.module, suites: scope.suites, name: name)
    }
}
