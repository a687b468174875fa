import Foundation

/// Where a run's own report lives, from a template (`report --history --run-url`): `{commit}`, `{branch}`, `{name}`
/// and `{number}` (the run's 1-based place in the history) are replaced by the run's values, percent-encoded. A run
/// that lacks a value the template uses gets no link. Only `http:`, `https:` and relative addresses are accepted, so
/// a history cannot turn a strip into a script link.
public struct RunURLTemplate: Sendable, Hashable {
    /// The placeholders a template may use.
    public static let placeholders = ["commit", "branch", "name", "number"]

    private enum Piece: Sendable, Hashable {
        case text(String)
        case value(String)
    }

    private let pieces: [Piece]

    /// Parses `template`.
    /// - Throws: ``HistoryError`` with code `badTemplate` naming an unknown placeholder, an unclosed brace, or a
    ///   scheme other than http and https (and where it is: the byte offset in the template).
    public init(_ template: String) throws {
        let bytes = Array(template.utf8)
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            !bytes[..<colon].contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "{") })
        {
            let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
            guard scheme == "http" || scheme == "https" else {
                throw HistoryError(
                    .badTemplate,
                    "--run-url: the scheme \(scheme): is not allowed (use http, https or a relative path)",
                    byteOffset: 0)
            }
        }
        var pieces: [Piece] = []
        var text = [UInt8]()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                text.append(bytes[index])
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                throw HistoryError(
                    .badTemplate, "--run-url: a { at byte \(index) is never closed", byteOffset: Int64(index))
            }
            let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            guard Self.placeholders.contains(name) else {
                throw HistoryError(
                    .badTemplate,
                    "--run-url: unknown placeholder {\(name)} at byte \(index); use "
                        + Self.placeholders.map { "{\($0)}" }.joined(separator: ", "),
                    byteOffset: Int64(index))
            }
            if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
            pieces.append(.value(name))
            index = close + 1
        }
        if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
        self.pieces = pieces
    }

    /// The address of the run with `facts`, `number` (1-based) in its history; `nil` when the template uses a value
    /// the run does not have.
    public func url(for facts: HistoryRun.Facts, number: Int) -> String? {
        var url = ""
        for piece in pieces {
            switch piece {
            case .text(let text): url += text
            case .value(let name):
                let value: String?
                switch name {
                case "commit": value = facts.commit
                case "branch": value = facts.branch
                case "name": value = facts.name
                default: value = String(number)
                }
                guard let value, !value.isEmpty else { return nil }
                url += Self.encode(value)
            }
        }
        return url
    }

    /// `value` with everything but RFC 3986's unreserved characters percent-encoded (a `/` in a branch too).
    static func encode(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}
