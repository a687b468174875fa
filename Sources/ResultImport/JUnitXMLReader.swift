import CLibXML2
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Pulls XML nodes from libxml2's streaming reader (`xmlTextReader`, never a tree) with safe settings: no network,
/// no DTD loading, no entity substitution, no huge-document relaxation. The input comes from bytes already read
/// (the prefix used to detect the format) followed by the rest of a file descriptor.
final class JUnitXMLReader {
    enum NodeKind {
        case startElement(name: String, isEmpty: Bool)
        case endElement(name: String)
        case text(String)
    }

    private final class Input {
        var prefix: [UInt8]
        var offset = 0
        let descriptor: Int32
        var bytesRead: Int64 = 0
        let limit: Int64

        init(prefix: [UInt8], descriptor: Int32, limit: Int64) {
            self.prefix = prefix
            self.descriptor = descriptor
            self.limit = limit
        }

        func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
            guard bytesRead < limit else { return -1 }
            if offset < prefix.count {
                let size = min(count, prefix.count - offset)
                prefix.withUnsafeBytes { raw in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress! + offset, byteCount: size)
                }
                offset += size
                bytesRead += Int64(size)
                return Int32(size)
            }
            while true {
                let got = readBytes(descriptor, buffer, count)
                if got < 0 && errno == EINTR { continue }
                if got > 0 { bytesRead += Int64(got) }
                return Int32(max(-1, got))
            }
        }
    }

    private let reader: xmlTextReaderPtr
    private let input: Input
    private let retained: Unmanaged<Input>
    let fileName: String

    /// Opens a reader; `limit` caps the bytes read (a hostile file cannot make the import run forever).
    init(prefix: [UInt8], descriptor: Int32, fileName: String, limit: Int64 = 8 << 30) throws {
        input = Input(prefix: prefix, descriptor: descriptor, limit: limit)
        retained = Unmanaged.passRetained(input)
        self.fileName = fileName
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
                | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue)
        let created = xmlReaderForIO(
            { context, buffer, length in
                guard let context, let buffer else { return -1 }
                return Unmanaged<Input>.fromOpaque(context).takeUnretainedValue().read(into: buffer, count: Int(length))
            },
            nil, retained.toOpaque(), fileName, nil, options)
        guard let created else {
            retained.release()
            throw ImportError(.unreadable, "libxml2 could not start reading", file: fileName)
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

    /// The next node of interest, or `nil` at the end of the document.
    func next() throws -> NodeKind? {
        while true {
            let result = xmlTextReaderRead(reader)
            if result == 0 { return nil }
            if result < 0 { throw parseError() }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                return .startElement(name: localName(), isEmpty: xmlTextReaderIsEmptyElement(reader) == 1)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .endElement(name: localName())
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
                return .text(value())
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                continue
            default:
                continue
            }
        }
    }

    /// The current element's attribute, when present.
    func attribute(_ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    /// The 1-based line of the current node.
    var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

    private func localName() -> String {
        guard let name = xmlTextReaderConstLocalName(reader) else { return "" }
        return String(cString: name)
    }

    private func value() -> String {
        guard let value = xmlTextReaderConstValue(reader) else { return "" }
        return String(cString: value)
    }

    private func parseError() -> ImportError {
        if let error = xmlGetLastError(), let message = error.pointee.message {
            let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
            return ImportError(
                .malformed, "not well-formed XML: \(text)", file: fileName, line: Int(error.pointee.line),
                column: Int(error.pointee.int2))
        }
        return ImportError(.malformed, "not well-formed XML", file: fileName, line: line)
    }
}

private func xmlTextReaderGetAttribute(_ reader: xmlTextReaderPtr, _ name: String) -> UnsafeMutablePointer<xmlChar>? {
    name.withCString { xmlTextReaderGetAttribute(reader, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
