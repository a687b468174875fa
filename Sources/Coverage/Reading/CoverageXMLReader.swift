import CLibXML2
import Foundation
import ResultImport
import ResultSupport

/// Pulls elements from libxml2's streaming reader (`xmlTextReader`, never a tree) with safe settings: no network,
/// no DTD loading, no entity substitution. The input is the prefix already read for detection, then the rest of
/// the file descriptor.
final class CoverageXMLReader {
    /// A node of interest.
    enum Node {
        case start(name: String, isEmpty: Bool)
        case end(name: String)
        case text
    }

    /// Hands libxml2 the prefix, then reads of the file.
    private final class Input {
        let prefix: [UInt8]
        var offset = 0
        let file: POSIXFile
        var failed: SystemCallError?

        init(prefix: [UInt8], descriptor: Int32) {
            self.prefix = prefix
            self.file = POSIXFile(descriptor: descriptor, path: nil)
        }

        func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
            if offset < prefix.count {
                let size = min(count, prefix.count - offset)
                prefix.withUnsafeBytes {
                    UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress! + offset, byteCount: size)
                }
                offset += size
                return Int32(size)
            }
            do {
                return Int32(try file.readSome(into: UnsafeMutableRawBufferPointer(start: buffer, count: count)))
            } catch {
                failed = error
                return -1
            }
        }
    }

    private let reader: xmlTextReaderPtr
    private let input: Input
    private let retained: Unmanaged<Input>
    let fileName: String

    init(prefix: [UInt8], descriptor: Int32, fileName: String) throws {
        input = Input(prefix: prefix, descriptor: descriptor)
        retained = Unmanaged.passRetained(input)
        self.fileName = fileName
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
                | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let created = xmlReaderForIO(
            { context, buffer, length in
                guard let context, let buffer else { return -1 }
                return Unmanaged<Input>.fromOpaque(context).takeUnretainedValue().read(into: buffer, count: Int(length))
            },
            nil, retained.toOpaque(), fileName, nil, options)
        guard let created else {
            retained.release()
            throw CoverageError(.unreadable, "libxml2 could not start reading", file: fileName)
        }
        reader = created
        xmlTextReaderSetParserProp(reader, Int32(XML_PARSER_SUBST_ENTITIES.rawValue), 0)
        xmlTextReaderSetParserProp(reader, Int32(XML_PARSER_LOADDTD.rawValue), 0)
        xmlTextReaderSetParserProp(reader, Int32(XML_PARSER_VALIDATE.rawValue), 0)
    }

    deinit {
        xmlFreeTextReader(reader)
        retained.release()
    }

    /// Reads `input` node by node, handing each to `body` with the reader (for attributes and text) after setting
    /// the context's input line to the node's.
    static func forEachNode(
        of input: ImportInput, format: String, _ context: CoverageInputContext,
        _ body: (Node, CoverageXMLReader) throws -> Void
    ) throws -> CoverageXMLReader {
        guard case .stream(let descriptor, let prefix) = input else {
            throw CoverageError(.unreadable, "\(format) is a file, not a folder", file: context.fileName)
        }
        let reader = try CoverageXMLReader(prefix: prefix, descriptor: descriptor, fileName: context.fileName)
        while let node = try reader.next() {
            context.inputLine = reader.nodeLine
            try body(node, reader)
        }
        return reader
    }

    /// The next node of interest, or `nil` at the end of the document.
    func next() throws -> Node? {
        while true {
            let result = xmlTextReaderRead(reader)
            if result == 0 { return nil }
            if result < 0 { throw parseError() }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                return .start(name: localName(), isEmpty: xmlTextReaderIsEmptyElement(reader) == 1)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(name: localName())
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                return .text
            default:
                continue
            }
        }
    }

    /// The attributes of the element just read, by local name.
    func attributes() -> [String: String] {
        var found: [String: String] = [:]
        guard xmlTextReaderHasAttributes(reader) == 1 else { return found }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            guard let name = xmlTextReaderConstLocalName(reader), let value = xmlTextReaderConstValue(reader) else {
                continue
            }
            found[String(cString: name)] = String(cString: value)
        }
        xmlTextReaderMoveToElement(reader)
        return found
    }

    /// The content of the text node just read.
    func text() -> String {
        guard let value = xmlTextReaderConstValue(reader) else { return "" }
        return String(cString: value)
    }

    /// The 1-based line the parser is on (it may have read ahead of the current node).
    var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

    /// The 1-based line libxml2 recorded for the current node, or ``line`` when it recorded none or the line is
    /// past what a node holds (65,535).
    var nodeLine: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return line }
        let recorded = Int(xmlGetLineNo(node))
        return recorded > 0 && recorded < 65535 ? recorded : line
    }

    private func localName() -> String {
        guard let name = xmlTextReaderConstLocalName(reader) else { return "" }
        return String(cString: name)
    }

    private func parseError() -> CoverageError {
        if let failed = input.failed {
            return CoverageError(.unreadable, "read failed: \(failed.reason)", file: fileName, cause: failed)
        }
        if let error = xmlGetLastError(), let message = error.pointee.message {
            let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
            return CoverageError(
                .malformed, "not well-formed XML: \(text)", file: fileName, line: Int(error.pointee.line),
                column: Int(error.pointee.int2))
        }
        return CoverageError(.malformed, "not well-formed XML", file: fileName, line: line)
    }
}
