import ContentHashing
import Foundation
import ResultSupport

extension GitLabCodeQuality {
    /// A `minor` entry spanning the range (`location.lines.begin` and `end`), so GitLab marks it in the merge
    /// request's diff. The fingerprint is the SHA-256 of the check, the path and the range's first line's message:
    /// the same uncovered range keeps its fingerprint from pipeline to pipeline while it stays where it is.
    public mutating func add(_ warning: CoverageWarning) -> String {
        let path = Self.withoutDotPrefix(warning.relativeFile)
        let key = [CoverageWarning.checkName, "\(path):\(warning.lines.lowerBound)", warning.message]
        let fingerprint = ContentHash.sha256Hex(Data(key.joined(separator: "\n").utf8))
        guard fingerprints.insert(fingerprint).inserted else { return "" }
        count += 1
        var entry = count == 1 ? "\n  {" : ",\n  {"
        entry += "\"description\": " + JSONEscaping.quoted(warning.title + ": " + warning.message)
        entry += ", \"check_name\": " + JSONEscaping.quoted(CoverageWarning.checkName)
        entry += ", \"fingerprint\": " + JSONEscaping.quoted(fingerprint)
        entry += ", \"severity\": \"minor\""
        entry += ", \"location\": {\"path\": " + JSONEscaping.quoted(path)
        entry += ", \"lines\": {\"begin\": \(warning.lines.lowerBound), \"end\": \(warning.lines.upperBound)}}}"
        return entry
    }
}
