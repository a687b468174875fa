import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// A GitLab Code Quality report (`artifacts:reports:codequality`): a JSON array with one object per annotated test,
/// holding the fields GitLab reads of the Code Climate format: `description`, `check_name`, `fingerprint`,
/// `severity` and `location.path` with `location.lines.begin`.
///
/// GitLab drops an entry without `location.path` and `location.lines.begin`, and takes only paths relative to the
/// repository; so a file outside the root gets its relative path with `..` steps, and a test without any location
/// points at line 1 of the bundle it came from. The fingerprint is the SHA-256 of the test's id, its place and the
/// first line of its message, so it stays the same from run to run while those do; an entry whose fingerprint was
/// already written (the same failure in two merged runs) is written once.
public struct GitLabCodeQuality: AnnotationWriter {
    var count = 0
    var fingerprints: Set<String> = []
    private var inputName = "."

    /// Creates the writer.
    public init() {}

    public mutating func start() -> String { "[" }

    public mutating func startInput(named name: String) { inputName = name }

    public mutating func add(_ test: TestRecord, annotation: Annotation?) -> String {
        guard let annotation else { return "" }
        let path = annotation.relativeFile.map(Self.withoutDotPrefix) ?? Self.withoutDotPrefix(inputName)
        let line = annotation.relativeFile == nil ? 1 : annotation.line ?? 1
        let fingerprint = Self.fingerprint(annotation, path: path, line: line)
        guard fingerprints.insert(fingerprint).inserted else { return "" }
        count += 1
        var entry = count == 1 ? "\n  {" : ",\n  {"
        entry += "\"description\": " + JSONEscaping.quoted(annotation.title + ": " + annotation.firstLine)
        entry += ", \"check_name\": " + JSONEscaping.quoted(annotation.kind.checkName)
        entry += ", \"fingerprint\": " + JSONEscaping.quoted(fingerprint)
        entry += ", \"severity\": " + JSONEscaping.quoted(Self.severity(annotation.kind))
        entry += ", \"location\": {\"path\": " + JSONEscaping.quoted(path) + ", \"lines\": {\"begin\": \(line)}}"
        entry += "}"
        return entry
    }

    public mutating func add(_ note: RunNote) -> String {
        let path = Self.withoutDotPrefix(inputName)
        let fingerprint = ContentHash.sha256Hex(
            Data([note.kind.checkName, path, note.text].joined(separator: "\n").utf8))
        guard fingerprints.insert(fingerprint).inserted else { return "" }
        count += 1
        var entry = count == 1 ? "\n  {" : ",\n  {"
        entry += "\"description\": " + JSONEscaping.quoted(note.text)
        entry += ", \"check_name\": " + JSONEscaping.quoted(note.kind.checkName)
        entry += ", \"fingerprint\": " + JSONEscaping.quoted(fingerprint)
        entry += ", \"severity\": " + JSONEscaping.quoted(note.kind == .empty ? "minor" : "info")
        entry += ", \"location\": {\"path\": " + JSONEscaping.quoted(path) + ", \"lines\": {\"begin\": 1}}}"
        return entry
    }

    public mutating func finish() -> String { count == 0 ? "]\n" : "\n]\n" }

    /// GitLab's severity for each kind (`info`, `minor`, `major`, `critical`, `blocker`).
    static func severity(_ kind: Annotation.Kind) -> String {
        switch kind {
        case .failure: "major"
        case .performanceRegression: "minor"
        case .flaky: "info"
        }
    }

    /// SHA-256 (hexadecimal) of the check, the test's id, its place and its message's first line.
    static func fingerprint(_ annotation: Annotation, path: String, line: Int) -> String {
        let key = [annotation.kind.checkName, annotation.testID, "\(path):\(line)", annotation.firstLine]
            .joined(separator: "\n")
        return ContentHash.sha256Hex(Data(key.utf8))
    }

    static func withoutDotPrefix(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return path.isEmpty ? "." : String(path)
    }
}
