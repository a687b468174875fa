import CLibXML2
import Foundation

/// A thin wrapper over libxml2's `xmlTextWriter` writing a file as it goes, with every string passed through
/// ``XMLText/clean(_:)`` and escaped by libxml2.
final class XMLStreamWriter {
    private let writer: xmlTextWriterPtr
    private let path: String
    private var isClosed = false

    init(path: String) throws {
        guard let writer = xmlNewTextWriterFilename(path, 0) else {
            throw JUnitExportError("cannot create the file", file: path)
        }
        self.writer = writer
        self.path = path
        xmlTextWriterSetIndent(writer, 1)
        xmlTextWriterSetIndentString(writer, "  ")
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil))
    }

    deinit {
        if !isClosed { xmlFreeTextWriter(writer) }
    }

    func start(_ name: String) throws { try check(xmlTextWriterStartElement(writer, name)) }

    func attribute(_ name: String, _ value: String) throws {
        try check(xmlTextWriterWriteAttribute(writer, name, XMLText.clean(value)))
    }

    func text(_ value: String) throws {
        try check(xmlTextWriterWriteString(writer, XMLText.clean(value)))
    }

    func end() throws { try check(xmlTextWriterEndElement(writer)) }

    func element(_ name: String, text value: String) throws {
        try start(name)
        try text(value)
        try end()
    }

    func close() throws {
        guard !isClosed else { return }
        try check(xmlTextWriterEndDocument(writer))
        xmlFreeTextWriter(writer)
        isClosed = true
    }

    private func check(_ result: Int32) throws {
        if result < 0 { throw JUnitExportError("libxml2 could not write the XML", file: path) }
    }
}

private func xmlTextWriterStartElement(_ writer: xmlTextWriterPtr, _ name: String) -> Int32 {
    name.withCString { xmlTextWriterStartElement(writer, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

private func xmlTextWriterWriteAttribute(_ writer: xmlTextWriterPtr, _ name: String, _ value: String) -> Int32 {
    name.withCString { namePointer in
        value.withCString { valuePointer in
            xmlTextWriterWriteAttribute(
                writer, UnsafeRawPointer(namePointer).assumingMemoryBound(to: xmlChar.self),
                UnsafeRawPointer(valuePointer).assumingMemoryBound(to: xmlChar.self))
        }
    }
}

private func xmlTextWriterWriteString(_ writer: xmlTextWriterPtr, _ value: String) -> Int32 {
    value.withCString { xmlTextWriterWriteString(writer, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

/// An export that could not be written.
public struct JUnitExportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var message: String
    /// The file involved, when there is one.
    public var file: String?

    /// Creates an error.
    public init(_ message: String, file: String? = nil) {
        self.message = message
        self.file = file
    }

    public var description: String { file.map { "\($0): \(message)" } ?? message }
}
