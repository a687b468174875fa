import ResultModel

/// The JVM (Java, Kotlin, Scala, Groovy): `at com.acme.FooTest.adds(FooTest.java:42)`. The frame of the test's
/// own class (or a nested class or lambda of it) when there is one, else the innermost frame outside the JDK and
/// the test frameworks. A frame names only the file's name, so the package's folders are put before it
/// (`com/acme/FooTest.java`), as the sources of a JVM project are laid out.
enum JavaTraceReader: TraceLocationReader {
    /// Every frame starts `at `.
    static let marks: [StaticString] = ["at "]

    static func location(in lines: [Substring], className: String?) -> SourceLocation? {
        var firstOwn: SourceLocation?
        for line in lines {
            guard let frame = frame(line) else { continue }
            if let className, frame.type == className || frame.type.hasPrefix(className + "$") {
                return frame.location
            }
            if firstOwn == nil, !frameworkPrefixes.contains(where: { frame.type.hasPrefix($0) }) {
                firstOwn = frame.location
            }
        }
        return firstOwn
    }

    /// Packages whose frames are never the test's own.
    static let frameworkPrefixes = [
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.junit.", "junit.", "org.testng.", "org.opentest4j.",
        "org.assertj.", "org.hamcrest.", "org.mockito.", "kotlin.", "kotlinx.", "scala.", "org.scalatest.",
        "org.scalactic.", "org.spockframework.", "groovy.", "org.codehaus.groovy.", "org.apache.maven.",
        "org.gradle.", "worker.org.gradle.", "com.intellij.", "io.kotest.", "org.jetbrains.",
    ]

    /// The class and location of `at [loader/]pkg.Class.method(File.ext:N)`.
    private static func frame(_ line: Substring) -> (type: Substring, location: SourceLocation)? {
        let trimmed = line.trimmingBlanks
        guard trimmed.hasPrefix("at "), trimmed.last == ")", let open = trimmed.lastIndex(of: "(") else { return nil }
        var qualified = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 3)..<open]
        // `java.base/jdk.internal…`, Gradle's `app//com.acme…`: a class loader or module before the class.
        if let slash = qualified.lastIndex(of: "/") { qualified = qualified[qualified.index(after: slash)...] }
        let place = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard let colon = place.lastIndex(of: ":"), let number = Int(place[place.index(after: colon)...]),
            number > 0, let dot = qualified.lastIndex(of: ".")
        else { return nil }
        let fileName = place[..<colon]
        // A JVM frame names a bare file name; a path or a second colon is another language's frame.
        guard fileName.contains("."), !fileName.contains(where: { " /\\:".contains($0) }) else { return nil }
        let type = qualified[..<dot]
        let package = type.split(separator: ".").dropLast().joined(separator: "/")
        let file = package.isEmpty ? String(fileName) : package + "/" + fileName
        return (type, SourceLocation(file: file, line: number))
    }
}
