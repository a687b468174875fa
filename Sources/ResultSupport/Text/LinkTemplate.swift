/// An address with `{placeholders}`, as `report --run-url` and `--source-url` take them: parsed once (unknown
/// placeholders, unclosed braces and schemes other than http and https are refused, with the byte where the
/// template goes wrong), then filled in with percent-encoded values. Only http, https and relative addresses pass,
/// so no value from a bundle or a history can turn a link into a script.
package struct LinkTemplate: Sendable, Hashable {
    /// Why a template cannot be used, and where (the byte offset in the template).
    package struct Problem: Error, Sendable, Hashable {
        package var message: String
        package var byteOffset: Int
    }

    private enum Piece: Sendable, Hashable {
        case text(String)
        case value(String)
    }

    private let pieces: [Piece]
    /// The placeholders the template uses.
    package let used: Set<String>

    /// Parses `template`, which may use the placeholders in `allowed`.
    package init(_ template: String, allowed: [String]) throws(Problem) {
        let bytes = Array(template.utf8)
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            !bytes[..<colon].contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "{") })
        {
            let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
            guard scheme == "http" || scheme == "https" else {
                throw Problem(
                    message: "the scheme \(scheme): is not allowed (use http, https or a relative path)", byteOffset: 0)
            }
        }
        var pieces: [Piece] = []
        var text = [UInt8]()
        var used = Set<String>()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                text.append(bytes[index])
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                throw Problem(message: "a { at byte \(index) is never closed", byteOffset: index)
            }
            let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            guard allowed.contains(name) else {
                throw Problem(
                    message: "unknown placeholder {\(name)} at byte \(index); use "
                        + allowed.map { "{\($0)}" }.joined(separator: ", "),
                    byteOffset: index)
            }
            if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
            pieces.append(.value(name))
            used.insert(name)
            index = close + 1
        }
        if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
        self.pieces = pieces
        self.used = used
    }

    /// The address with each placeholder replaced by `values[name]`, percent-encoded (`/` kept in the values named
    /// in `keepingSlashes`, such as a file path); `nil` when a value the template uses is missing or empty.
    package func expand(_ values: [String: String], keepingSlashes: Set<String> = []) -> String? {
        var url = ""
        for piece in pieces {
            switch piece {
            case .text(let text): url += text
            case .value(let name):
                guard let value = values[name], !value.isEmpty else { return nil }
                url += Self.encode(value, keepingSlashes: keepingSlashes.contains(name))
            }
        }
        return url
    }

    /// `value` with everything but RFC 3986's unreserved characters (and `/` when `keepingSlashes`)
    /// percent-encoded.
    package static func encode(_ value: String, keepingSlashes: Bool = false) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                encoded += "/"
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                encoded += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return encoded
    }
}
