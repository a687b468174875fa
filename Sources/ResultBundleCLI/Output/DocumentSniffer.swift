import CIAnnotations
import Foundation

/// Reads the start of an existing file to tell what kind of output it is (``DocumentKind``).
enum DocumentSniffer {
    /// How much of a file is read to recognise it.
    static let headSize = 64 * 1024

    /// The first ``headSize`` bytes of `url`, or nil when it cannot be read.
    static func head(of url: URL) -> [UInt8]? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        do {
            return Array(try handle.read(upToCount: headSize) ?? Data())
        } catch {
            return nil
        }
    }

    /// The name of the first element of an XML document, after an optional byte order mark, the XML declaration,
    /// comments, processing instructions and a doctype; nil when `bytes` does not start as XML.
    static func rootElement(of bytes: [UInt8]) -> String? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                let closing: [UInt8] = bytes[index...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [0x3E]
                guard let end = find(closing, in: bytes, from: index + 2) else { return nil }
                index = end + closing.count
                continue
            }
            var end = index + 1
            while end < bytes.count, !([0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F] as [UInt8]).contains(bytes[end]) {
                end += 1
            }
            return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        }
        return nil
    }

    /// Whether every complete line of `head` is one of `format`'s commands (GitHub's `::`, Azure's `##vso[`,
    /// TeamCity's `##teamcity[`), or, for GitLab, the head starts a JSON array of Code Quality issues.
    static func isAnnotations(_ head: [UInt8], format: AnnotationFormat) -> Bool {
        let prefix: String
        switch format {
        case .gitlab:
            let significant = head.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            return significant.first == UInt8(ascii: "[")
                && (significant == Array("[]".utf8) || find(Array(#""check_name": "#.utf8), in: head, from: 0) != nil)
        case .github: prefix = "::"
        case .azure: prefix = "##vso["
        case .teamcity: prefix = "##teamcity["
        }
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: true)
        if head.count == headSize, head.last != 0x0A { lines.removeLast() }
        return !lines.isEmpty && lines.allSatisfy { $0.starts(with: Array(prefix.utf8)) }
    }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ needle: String, in bytes: [UInt8]) -> Bool {
        find(Array(needle.utf8), in: bytes, from: 0) != nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }
}
