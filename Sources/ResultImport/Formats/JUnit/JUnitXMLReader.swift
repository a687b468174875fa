import CLibXML2
import Foundation
import ResultSupport

/// Pulls XML nodes from libxml2's streaming reader (`xmlTextReader`, never a tree) with safe settings: no network,
/// no DTD loading, no entity substitution, no huge-document relaxation. The input comes from bytes already read
/// (the prefix used to detect the format) followed by the rest of a file descriptor.
final class JUnitXMLReader {
    enum NodeKind {
        case startElement(JUnitElement, isEmpty: Bool)
        case endElement(JUnitElement)
        /// Text, CDATA or whitespace; its content is read with ``text()`` when the caller needs it.
        case text
    }

    /// The attributes JUnit files use, read in one pass over an element's attributes.
    struct Attributes {
        var name: String?
        var classname: String?
        /// `class`, which Codeception and PHPUnit 3 to 5 write instead of `classname`.
        var classAttribute: String?
        var file: String?
        var line: String?
        var time: String?
        var status: String?
        var message: String?
        var type: String?
        var timestamp: String?
        var hostname: String?
        var value: String?
    }

    /// Serves libxml2's small reads (4,000 bytes at a time) from the prefix, then from 256 KiB reads of the file.
    ///
    /// In a UTF-8 document the input's last byte is held back until the end of the file is known, and then
    /// handed over alone. libxml2's reader parses the bytes it holds when it learns of the end together with the
    /// end, and a truncated document's error then discards the elements those bytes completed (up to 511 bytes
    /// of test cases). With the last byte alone, everything before it is parsed, and read, first.
    private final class Input {
        /// Bytes read, in one buffer allocated once; those not yet handed to libxml2 are `start..<end`.
        private let storage: UnsafeMutableRawBufferPointer
        private(set) var start = 0
        private(set) var end = 0
        private(set) var atEnd = false
        /// Bytes kept back until the end is known: 1 for UTF-8 (see above), 0 for other encodings, whose
        /// decoders may need more than one byte per character.
        private let heldBack: Int
        let descriptor: Int32
        private(set) var bytesRead: Int64 = 0
        let limit: Int64
        static let refillSize = 256 << 10

        init(prefix: [UInt8], descriptor: Int32, limit: Int64) {
            let storage = UnsafeMutableRawBufferPointer.allocate(
                byteCount: prefix.count + Self.refillSize, alignment: 16)
            storage.copyBytes(from: prefix)
            self.storage = storage
            end = prefix.count
            self.descriptor = descriptor
            self.limit = limit
            heldBack = XMLDeclaration.isUTF8(prefix) ? 1 : 0
        }

        deinit { storage.deallocate() }

        func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
            guard bytesRead < limit else { return -1 }
            if !atEnd, end - start <= heldBack, refill() < 0 { return -1 }
            let available = end - start - (atEnd ? 0 : heldBack)
            guard available > 0 else { return 0 }
            let size = min(count, available)
            UnsafeMutableRawPointer(buffer).copyMemory(from: storage.baseAddress! + start, byteCount: size)
            countLines(UnsafeRawBufferPointer(start: storage.baseAddress! + start, count: size))
            start += size
            bytesRead += Int64(size)
            return Int32(size)
        }

        /// Lines handed over so far: the line number of the input's last line once it is all read.
        private(set) var lastLine = 1

        private func countLines(_ bytes: UnsafeRawBufferPointer) {
            var position = bytes.baseAddress!
            var remaining = bytes.count
            while remaining > 0, let found = memchr(position, 0x0A, remaining) {
                lastLine += 1
                let next = found + 1
                remaining -= position.distance(to: UnsafeRawPointer(next))
                position = UnsafeRawPointer(next)
            }
        }

        /// Moves the bytes not handed over yet (at most the held-back byte) to the front and reads up to 256 KiB
        /// after them, reusing the buffer; notes the end of the file. Returns the count read, or -1 on an error.
        private func refill() -> Int {
            let kept = end - start
            if kept > 0 && start > 0 {
                storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: kept)
            }
            start = 0
            end = kept
            let free = UnsafeMutableRawBufferPointer(
                start: storage.baseAddress! + end, count: min(Self.refillSize, storage.count - end))
            guard let got = try? POSIXFile(descriptor: descriptor, path: nil).readSome(into: free) else { return -1 }
            if got == 0 { atEnd = true }
            end += got
            return got
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
            // Text, whitespace included, without `xmlTextReaderNodeType`'s test for blank text, which looks for
            // `xml:space` on every ancestor of the whitespace between elements.
            if let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_TEXT_NODE { return .text }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                return .startElement(element(), isEmpty: xmlTextReaderIsEmptyElement(reader) == 1)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .endElement(element())
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
                return .text
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                continue
            default:
                continue
            }
        }
    }

    /// The known attributes of the element just read (one pass over them; unknown ones are skipped).
    func attributes() -> Attributes {
        var found = Attributes()
        guard xmlTextReaderHasAttributes(reader) == 1 else { return found }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            guard let name = xmlTextReaderConstLocalName(reader), let known = KnownAttribute(name),
                let value = xmlTextReaderConstValue(reader)
            else { continue }
            let text = String(cString: value)
            switch known {
            case .name: found.name = text
            case .classname: found.classname = text
            case .classAttribute: found.classAttribute = text
            case .file: found.file = text
            case .line: found.line = text
            case .time: found.time = text
            case .status: found.status = text
            case .message: found.message = text
            case .type: found.type = text
            case .timestamp: found.timestamp = text
            case .hostname: found.hostname = text
            case .value: found.value = text
            }
        }
        xmlTextReaderMoveToElement(reader)
        return found
    }

    /// The `name`, `classname` and `time` of the element just read, valid until the next read; `nil` when it has
    /// another attribute the importer reads, or a value that is not one plain text node (then ``attributes()``
    /// reads them).
    ///
    /// Reads the element's attribute list from libxml2's node: one pass over a list, where the reader's
    /// attribute cursor makes several calls per attribute.
    func plainCaseAttributes() -> PlainCaseAttributes? {
        var plain = PlainCaseAttributes()
        guard let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_ELEMENT_NODE else { return nil }
        var next = node.pointee.properties
        while let attribute = next {
            next = attribute.pointee.next
            guard let name = attribute.pointee.name, let known = KnownAttribute(name) else { continue }
            guard let value = attribute.pointee.children, value.pointee.type == XML_TEXT_NODE,
                value.pointee.next == nil, let content = value.pointee.content
            else { return nil }
            let length = strlen(UnsafeRawPointer(content).assumingMemoryBound(to: CChar.self))
            let bytes = UnsafeBufferPointer(start: content, count: length)
            switch known {
            case .name: plain.name = bytes
            case .classname: plain.classname = bytes
            case .time: plain.time = bytes
            default: return nil
            }
        }
        return plain
    }

    /// The content of the text node just read.
    func text() -> String { value() }

    /// Whether `error` is about how the input ends: every byte was handed to libxml2 and the error is on the
    /// input's last line (a file cut off, not one broken in the middle).
    func isAtEndOfInput(_ error: ImportError) -> Bool {
        input.atEnd && input.start == input.end && (error.line ?? 0) >= input.lastLine
    }

    /// The 1-based line of the current node.
    var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

    /// The 1-based line libxml2 recorded for the current node (for an element, where its start tag ends), which
    /// unlike ``line`` does not run ahead with the parser; ``line`` when it recorded none or the line is past what
    /// a node can hold (65,535).
    var nodeLine: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return line }
        let recorded = Int(xmlGetLineNo(node))
        return recorded > 0 && recorded < 65535 ? recorded : line
    }

    /// Elements by the address of their name in libxml2's dictionary: the reader interns every element name of a
    /// document there (the options do not include `XML_PARSE_NODICT`) and keeps it until the reader is freed, so
    /// one address is always one name.
    @exclusivity(unchecked) private var elements: [(name: UnsafePointer<xmlChar>, element: JUnitElement)] = []

    private func element() -> JUnitElement {
        guard let name = xmlTextReaderConstLocalName(reader) else { return .other }
        for known in elements where known.name == name {
            return known.element
        }
        let element = JUnitElement(localName: name)
        // Names seen once are recognized again from their bytes; the table stays short.
        if elements.count < 32 { elements.append((name, element)) }
        return element
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

/// What the start of an XML document says about its encoding.
enum XMLDeclaration {
    /// Whether a document starting with `prefix` is UTF-8: a UTF-8 byte order mark, no declaration, or a
    /// declaration naming no encoding or UTF-8.
    static func isUTF8(_ prefix: [UInt8]) -> Bool {
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
        guard let first = prefix.first else { return true }
        guard first == UInt8(ascii: "<") else { return false }
        let head = prefix.prefix(256)
        guard head.starts(with: Array("<?xml".utf8)) else { return true }
        let declaration = String(decoding: head, as: UTF8.self).prefix { $0 != ">" }.lowercased()
        guard let encoding = declaration.range(of: "encoding") else { return true }
        let value = declaration[encoding.upperBound...].drop { " =\"'\t\r\n".contains($0) }.prefix {
            $0 != "\"" && $0 != "'"
        }
        return value == "utf-8" || value == "utf8"
    }
}

/// The attributes the importer reads, recognized from libxml2's name bytes without building a `String`.
enum KnownAttribute {
    case name, classname, classAttribute, file, line, time, status, message, type, timestamp, hostname, value

    init?(_ name: UnsafePointer<xmlChar>) {
        let text = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
        func isNamed(_ literal: StaticString) -> Bool {
            strcmp(text, UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
        }
        switch name.pointee {
        case UInt8(ascii: "n"): if isNamed("name") { self = .name } else { return nil }
        case UInt8(ascii: "c"):
            if isNamed("classname") {
                self = .classname
            } else if isNamed("class") {
                self = .classAttribute
            } else {
                return nil
            }
        case UInt8(ascii: "f"): if isNamed("file") { self = .file } else { return nil }
        case UInt8(ascii: "l"): if isNamed("line") { self = .line } else { return nil }
        case UInt8(ascii: "s"): if isNamed("status") { self = .status } else { return nil }
        case UInt8(ascii: "m"): if isNamed("message") { self = .message } else { return nil }
        case UInt8(ascii: "h"): if isNamed("hostname") { self = .hostname } else { return nil }
        case UInt8(ascii: "v"): if isNamed("value") { self = .value } else { return nil }
        case UInt8(ascii: "t"):
            if isNamed("time") {
                self = .time
            } else if isNamed("type") {
                self = .type
            } else if isNamed("timestamp") {
                self = .timestamp
            } else {
                return nil
            }
        default: return nil
        }
    }
}

/// The `name`, `classname` and `time` of a test case: bytes in libxml2's node, valid until the reader's next read.
struct PlainCaseAttributes {
    var name: UnsafeBufferPointer<UInt8>?
    var classname: UnsafeBufferPointer<UInt8>?
    var time: UnsafeBufferPointer<UInt8>?
}
