/// How .NET result files (TRX, NUnit, xUnit.net) name tests: a full name `Namespace.Class.Method(arguments)`, whose
/// arguments may themselves hold dots, and a class name that mstest writes with its assembly
/// (`Namespace.Class, Assembly, Version=1.0.0.0`).
enum DotNetTestNames {
    /// The class and the rest of a full name: split at the last dot before the arguments' parenthesis (`nil` class
    /// when there is no such dot: a display name such as `Adds two numbers`).
    static func split(_ fullName: String) -> (className: String?, name: String) {
        let head = fullName.firstIndex(of: "(").map { fullName[..<$0] } ?? fullName[...]
        guard !head.contains(" "), let dot = head.lastIndex(of: "."), dot != head.startIndex else {
            return (nil, fullName)
        }
        let name = fullName[fullName.index(after: dot)...]
        return name.isEmpty ? (nil, fullName) : (String(fullName[..<dot]), String(name))
    }

    /// The test's name without its class: `testName` after `className.`, or `testName` whole when it does not
    /// start with it (a display name, an NUnit adapter's method name).
    static func name(_ testName: String, inClass className: String?) -> String {
        guard let className, !className.isEmpty, testName.hasPrefix(className + "."),
            testName.count > className.count + 1
        else { return testName }
        return String(testName.dropFirst(className.count + 1))
    }

    /// A class name without the assembly mstest appends after a comma.
    static func className(_ text: String?) -> String? {
        guard let text else { return nil }
        let name = text.split(separator: ",", maxSplits: 1).first.map { String($0).trimmingWhitespace() } ?? ""
        return name.isEmpty ? nil : name
    }
}
