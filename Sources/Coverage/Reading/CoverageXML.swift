import Foundation
import ResultImport

/// Reading a coverage XML report with ResultImport's streaming reader (`XMLStreamReader`: libxml2's `xmlTextReader`
/// with no network, no DTD loading and no entity substitution), one node at a time, the context's input line kept
/// at the node's so diagnostics name it.
enum CoverageXML {
    /// Reads `input` node by node: each start of an element the format names in `Element` (any other is
    /// `Element.other`) with whether it is empty, each end, and each text node (read it with the reader's
    /// `text()`). A document without a `root` element anywhere is an error naming it.
    static func read<Element: XMLElementSet>(
        _ input: ImportInput, format: String, _ context: CoverageInputContext, root: Element,
        start: (Element, _ isEmpty: Bool, XMLStreamReader) throws -> Void, end: (Element) throws -> Void,
        text: (XMLStreamReader) -> Void = { _ in }
    ) throws {
        guard case .stream(let descriptor, let prefix) = input else {
            throw CoverageError(.unreadable, "\(format) is a file, not a folder", file: context.fileName)
        }
        let reader = try XMLStreamReader(
            prefix: prefix, descriptor: descriptor, fileName: context.fileName, elementNames: Element.names)
        var sawRoot = false
        while let node = try reader.next() {
            switch node {
            case .startElement(let index, let isEmpty):
                context.inputLine = reader.nodeLine
                let element = Element(rawValue: index) ?? .other
                if element == root { sawRoot = true }
                try start(element, isEmpty, reader)
            case .endElement(let index):
                context.inputLine = reader.nodeLine
                try end(Element(rawValue: index) ?? .other)
            case .text:
                text(reader)
            }
        }
        guard sawRoot else {
            let name = String(describing: root.name)
            throw CoverageError(.malformed, "no <\(name)> element", file: context.fileName, line: reader.line)
        }
    }

    /// A whole number attribute of the element just read, or `nil` when it is missing or not one.
    static func integer(_ reader: XMLStreamReader, _ name: StaticString) -> Int? {
        reader.attribute(name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A line number attribute (``ByteFields/lineNumber(_:)``: out-of-range numbers are kept for the context to
    /// refuse), or `nil` when it is missing or not a number.
    static func lineNumber(_ reader: XMLStreamReader, _ name: StaticString) -> Int? {
        reader.attribute(name).flatMap { ByteFields.lineNumber(Array($0.utf8)) }
    }

    /// A count attribute, or `missing` when the element has none.
    static func count(_ reader: XMLStreamReader, _ name: StaticString, missing: HitCount.Parsed = .count(0))
        -> HitCount.Parsed
    {
        reader.attribute(name).map { HitCount.parse(Array($0.utf8)) } ?? missing
    }
}
