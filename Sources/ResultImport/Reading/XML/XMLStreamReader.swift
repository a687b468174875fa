import CLibXML2
import Foundation
import ResultSupport

/// Pulls XML nodes from libxml2's streaming reader (`xmlTextReader`, never a tree) with safe settings: no network,
/// no DTD loading, no entity substitution, no huge-document relaxation (libxml2's own limits on depth and on the
/// size of one text node stand). The input comes from bytes already read (the prefix used to detect the format)
/// followed by the rest of a file descriptor (``XMLInput``).
///
/// Elements come as their index in the names the format acts on (``otherElement`` for any other name), each name
/// recognized once; attributes are read by name. The reader is not generic: a format's element enum (an
/// ``XMLElementSet``) turns the index into its case, so a debug build reads as fast as a release build's
/// specialization would. Not safe to use from several tasks at once.
public final class XMLStreamReader {
    public enum NodeKind {
        /// An element's start tag: the index of its local name in the reader's `elementNames`.
        case startElement(Int, isEmpty: Bool)
        case endElement(Int)
        /// Text, CDATA or whitespace; its content is read with ``text()`` when the caller needs it.
        case text
    }

    let reader: xmlTextReaderPtr
    private let input: XMLInput
    private let retained: Unmanaged<XMLInput>
    public let fileName: String
    /// The local names of the elements the format acts on.
    private let elementNames: [StaticString]
    /// The index given for an element whose name is not among the reader's `elementNames`.
    public static let otherElement = -1

    /// Opens a reader of the elements named `elementNames` (any other element is ``otherElement``); `limit` caps
    /// the bytes read (a hostile file cannot make the import run forever).
    public init(
        prefix: [UInt8], descriptor: Int32, fileName: String, elementNames: [StaticString], limit: Int64 = 8 << 30
    ) throws {
        self.elementNames = elementNames
        input = XMLInput(prefix: prefix, descriptor: descriptor, limit: limit)
        retained = Unmanaged.passRetained(input)
        self.fileName = fileName
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
                | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let created = xmlReaderForIO(
            { context, buffer, length in
                guard let context, let buffer else { return -1 }
                return Unmanaged<XMLInput>.fromOpaque(context).takeUnretainedValue().read(
                    into: buffer, count: Int(length))
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
    public func next() throws -> NodeKind? {
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
            default:
                continue
            }
        }
    }

    /// Reads the document to its end, handing each element's start (its index and whether it is empty), each end
    /// and each text node (read it with ``text()``) to the closures.
    public func readAll(start: (Int, Bool) throws -> Void, end: (Int) throws -> Void, text: () -> Void) throws {
        while let node = try next() {
            switch node {
            case .startElement(let index, let isEmpty): try start(index, isEmpty)
            case .endElement(let index): try end(index)
            case .text: text()
            }
        }
    }

    /// The value of the attribute `name` (an unprefixed name) of the element just read, or `nil` when it has none.
    public func attribute(_ name: StaticString) -> String? {
        guard xmlTextReaderHasAttributes(reader) == 1, xmlTextReaderMoveToAttribute(reader, name.utf8Start) == 1
        else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return xmlTextReaderConstValue(reader).map { String(cString: $0) }
    }

    /// Calls `body` with the local name and value of each attribute of the element just read, in order (both
    /// valid only during the call).
    public func forEachAttribute(_ body: (UnsafePointer<xmlChar>, UnsafePointer<xmlChar>) -> Void) {
        guard xmlTextReaderHasAttributes(reader) == 1 else { return }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            guard let name = xmlTextReaderConstLocalName(reader), let value = xmlTextReaderConstValue(reader)
            else { continue }
            body(name, value)
        }
        xmlTextReaderMoveToElement(reader)
    }

    /// Calls `body` with the local name and the value's bytes of each attribute of the element just read, straight
    /// from libxml2's node (one pass over a list, where the reader's attribute cursor makes several calls per
    /// attribute); both are valid only during the call. Returns `false`, having stopped, at the first value that is
    /// not one plain text node (an entity reference kept as such): the caller then reads with
    /// ``forEachAttribute(_:)``.
    func forEachAttributeBytes(_ body: (UnsafePointer<xmlChar>, UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_ELEMENT_NODE else { return false }
        var next = node.pointee.properties
        while let attribute = next {
            next = attribute.pointee.next
            guard let name = attribute.pointee.name else { continue }
            guard let value = attribute.pointee.children else {
                body(name, UnsafeBufferPointer(start: nil, count: 0))
                continue
            }
            guard value.pointee.type == XML_TEXT_NODE, value.pointee.next == nil, let content = value.pointee.content
            else { return false }
            let length = strlen(UnsafeRawPointer(content).assumingMemoryBound(to: CChar.self))
            body(name, UnsafeBufferPointer(start: content, count: length))
        }
        return true
    }

    /// The content of the text node just read.
    public func text() -> String {
        guard let value = xmlTextReaderConstValue(reader) else { return "" }
        return String(cString: value)
    }

    /// Whether `error` is about how the input ends: every byte was handed to libxml2 and the error is on the input's
    /// last line (a file cut off, not one broken in the middle).
    func isAtEndOfInput(_ error: ImportError) -> Bool {
        input.isExhausted && (error.line ?? 0) >= input.lastLine
    }

    /// The 1-based line of the current node.
    public var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

    /// The 1-based line libxml2 recorded for the current node (for an element, where its start tag ends), which
    /// unlike ``line`` does not run ahead with the parser; ``line`` when it recorded none or the line is past what a
    /// node can hold (65,535).
    public var nodeLine: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return line }
        let recorded = Int(xmlGetLineNo(node))
        return recorded > 0 && recorded < 65535 ? recorded : line
    }

    /// Element indexes by the address of their name in libxml2's dictionary: the reader interns every element name
    /// of a document there (the options do not include `XML_PARSE_NODICT`) and keeps it until the reader is freed,
    /// so one address is always one name.
    @exclusivity(unchecked) private var knownNames: [(name: UnsafePointer<xmlChar>, index: Int)] = []

    private func element() -> Int {
        guard let name = xmlTextReaderConstLocalName(reader) else { return Self.otherElement }
        for known in knownNames where known.name == name {
            return known.index
        }
        let index = elementNames.firstIndex { XMLName.is(name, $0) } ?? Self.otherElement
        // Names seen once are recognized again from their bytes; the table stays short.
        if knownNames.count < 32 { knownNames.append((name, index)) }
        return index
    }

    /// The error libxml2 reported, with its line and column.
    func parseError() -> ImportError {
        if let error = xmlGetLastError(), let message = error.pointee.message {
            let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
            return ImportError(
                .malformed, "not well-formed XML: \(text)", file: fileName, line: Int(error.pointee.line),
                column: Int(error.pointee.int2))
        }
        return ImportError(.malformed, "not well-formed XML", file: fileName, line: line)
    }
}
