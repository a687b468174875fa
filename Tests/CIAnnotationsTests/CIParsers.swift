import Foundation

/// Small parsers that read output the way each CI system does, for the injection tests. Each is strict: what the
/// CI would not read as exactly one command is an error.
enum CIParsers {
    struct Command: Equatable {
        var name: String
        var properties: [String: String]
        var message: String
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// The characters some CI parser takes as the end of a line.
    static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    /// The output's lines, checking that none ends with any break but a line feed.
    static func lines(_ text: String) throws -> [Substring] {
        if let scalar = text.unicodeScalars.first(where: { lineBreaks.contains($0) && $0 != "\n" }) {
            throw ParseError(description: "a line break U+\(String(scalar.value, radix: 16)) other than LF")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    /// GitHub's runner (`ActionCommand.TryParseV2`): `::name k=v,k=v::data`, the properties ending at the first `::`
    /// after the name; values and data unescaped in the runner's order.
    static func github(_ line: Substring) throws -> Command {
        guard line.hasPrefix("::") else { throw ParseError(description: "not a workflow command: \(line)") }
        let rest = line.dropFirst(2)
        guard let end = rest.range(of: "::") else { throw ParseError(description: "no closing :: in \(line)") }
        let info = rest[..<end.lowerBound]
        let data = rest[end.upperBound...]
        let name = info.prefix { $0 != " " }
        var properties: [String: String] = [:]
        for pair in info.dropFirst(name.count).split(separator: ",") {
            let pair = pair.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "=") else { throw ParseError(description: "property \(pair)") }
            properties[String(pair[..<equals])] = unescape(
                String(pair[pair.index(after: equals)...]),
                [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")])
        }
        return Command(
            name: String(name), properties: properties,
            message: unescape(String(data), [("%0D", "\r"), ("%0A", "\n"), ("%25", "%")]))
    }

    /// The Azure Pipelines agent and task library (`commandFromString`): `##vso[area.action k=v;k=v]message`, the
    /// properties ending at the first `]`.
    static func azure(_ line: Substring) throws -> Command {
        guard line.hasPrefix("##vso[") else { throw ParseError(description: "not a logging command: \(line)") }
        let rest = line.dropFirst(6)
        guard let close = rest.firstIndex(of: "]") else { throw ParseError(description: "no ] in \(line)") }
        let info = rest[..<close]
        let name = info.prefix { $0 != " " }
        var properties: [String: String] = [:]
        for pair in info.dropFirst(name.count).split(separator: ";") {
            let pair = pair.trimmingCharacters(in: .whitespaces)
            if pair.isEmpty { continue }
            guard let equals = pair.firstIndex(of: "=") else { throw ParseError(description: "property \(pair)") }
            properties[String(pair[..<equals])] = unescape(
                String(pair[pair.index(after: equals)...]),
                [("%0D", "\r"), ("%0A", "\n"), ("%5D", "]"), ("%3B", ";"), ("%AZP25", "%")])
        }
        return Command(
            name: String(name), properties: properties,
            message: unescape(
                String(rest[rest.index(after: close)...]), [("%0D", "\r"), ("%0A", "\n"), ("%AZP25", "%")]))
    }

    /// TeamCity's service message grammar: `##teamcity[name key='value' ...]` with `|` escapes, and nothing after
    /// the closing `]`; an unescaped `'`, `[` or `]` inside a value is an error.
    static func teamcity(_ line: Substring) throws -> Command {
        guard line.hasPrefix("##teamcity["), line.hasSuffix("]") else {
            throw ParseError(description: "not a service message: \(line)")
        }
        var scalars = Array(line.dropFirst(11).dropLast().unicodeScalars)[...]
        let name = String(String.UnicodeScalarView(scalars.prefix { $0 != " " }))
        scalars = scalars.dropFirst(name.unicodeScalars.count)
        var properties: [String: String] = [:]
        while !scalars.isEmpty {
            guard scalars.first == " " else { throw ParseError(description: "expected a space in \(line)") }
            scalars = scalars.drop { $0 == " " }
            let key = String(String.UnicodeScalarView(scalars.prefix { $0 != "=" }))
            scalars = scalars.dropFirst(key.unicodeScalars.count)
            guard scalars.first == "=", scalars.dropFirst().first == "'" else {
                throw ParseError(description: "expected ='  after \(key) in \(line)")
            }
            scalars = scalars.dropFirst(2)
            var value = String.UnicodeScalarView()
            while true {
                guard let scalar = scalars.popFirst() else { throw ParseError(description: "unterminated \(key)") }
                if scalar == "'" { break }
                if scalar == "[" || scalar == "]" || scalar == "\n" || scalar == "\r" {
                    throw ParseError(description: "unescaped \(scalar) in \(key) of \(line)")
                }
                guard scalar == "|" else {
                    value.append(scalar)
                    continue
                }
                guard let next = scalars.popFirst() else { throw ParseError(description: "| at the end") }
                switch next {
                case "'", "|", "[", "]": value.append(next)
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "x": value.append("\u{85}")
                case "l": value.append("\u{2028}")
                case "p": value.append("\u{2029}")
                case "0":
                    guard scalars.popFirst() == "x", scalars.count >= 4,
                        let code = UInt32(String(String.UnicodeScalarView(scalars.prefix(4))), radix: 16),
                        let decoded = Unicode.Scalar(code)
                    else { throw ParseError(description: "bad |0x escape in \(line)") }
                    scalars = scalars.dropFirst(4)
                    value.append(decoded)
                default: throw ParseError(description: "unknown escape |\(next) in \(line)")
                }
            }
            properties[key] = String(value)
        }
        return Command(name: name, properties: properties, message: "")
    }

    private static func unescape(_ text: String, _ mappings: [(String, String)]) -> String {
        mappings.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
