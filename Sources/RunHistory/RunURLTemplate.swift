import Foundation
import ResultSupport

/// Where a run's own report lives, from a template (`report --history --run-url`): `{commit}`, `{branch}`, `{name}`
/// and `{number}` (the run's 1-based place in the history) are replaced by the run's values, percent-encoded. A run
/// that lacks a value the template uses gets no link. Only `http:`, `https:` and relative addresses are accepted, so
/// a history cannot turn a strip into a script link (``ResultSupport/LinkTemplate``).
public struct RunURLTemplate: Sendable, Hashable {
    /// The placeholders a template may use.
    public static let placeholders = ["commit", "branch", "name", "number"]

    private let template: LinkTemplate

    /// Parses `template`.
    /// - Throws: ``HistoryError`` with code `badTemplate` naming an unknown placeholder, an unclosed brace, or a
    ///   scheme other than http and https (and where it is: the byte offset in the template).
    public init(_ template: String) throws {
        do {
            self.template = try LinkTemplate(template, allowed: Self.placeholders)
        } catch {
            throw HistoryError(.badTemplate, "--run-url: \(error.message)", byteOffset: Int64(error.byteOffset))
        }
    }

    /// The address of the run with `facts`, `number` (1-based) in its history; `nil` when the template uses a value
    /// the run does not have.
    public func url(for facts: HistoryRun.Facts, number: Int) -> String? {
        var values = ["number": String(number)]
        values["commit"] = facts.commit
        values["branch"] = facts.branch
        values["name"] = facts.name
        return template.expand(values)
    }

    /// `value` percent-encoded as a placeholder's value is.
    static func encode(_ value: String) -> String { LinkTemplate.encode(value) }
}
