import CLibXML2
import Foundation

/// A thin wrapper over libxml2's `xmlTextWriter`, indenting by two spaces, that sends its bytes to an
/// ``XMLByteSink`` through libxml2's output buffer. Every string is passed through
/// ``XMLText/withCleanCString(_:_:)`` and escaped by libxml2.
final class XMLStreamWriter {
    private let writer: xmlTextWriterPtr
    private let output: SinkContext
    private let place: String
    private var isFreed = false

    /// Creates a writer into `sink`; `place` names the output in errors.
    init(into sink: any XMLByteSink, place: String) throws {
        let output = SinkContext(sink)
        let context = Unmanaged.passUnretained(output).toOpaque()
        guard
            let buffer = xmlOutputBufferCreateIO(
                { context, bytes, length in
                    let output = Unmanaged<SinkContext>.fromOpaque(context!).takeUnretainedValue()
                    return output.write(UnsafeRawBufferPointer(start: bytes, count: Int(length))) ? length : -1
                }, nil, context, nil)
        else { throw JUnitExportError(.xmlWriter, "libxml2 could not create an output buffer", file: place) }
        guard let writer = xmlNewTextWriter(buffer) else {
            xmlOutputBufferClose(buffer)
            throw JUnitExportError(.xmlWriter, "libxml2 could not create a writer", file: place)
        }
        self.writer = writer
        self.output = output
        self.place = place
        xmlTextWriterSetIndent(writer, 1)
        xmlTextWriterSetIndentString(writer, "  ")
    }

    deinit { free() }

    /// Writes the XML declaration.
    func startDocument() throws { try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)) }

    func start(_ name: String) throws {
        try check(name.withCString { xmlTextWriterStartElement(writer, $0.xmlChars) })
    }

    func attribute(_ name: String, _ value: String) throws {
        try XMLText.withCleanCString(value) { try attribute(name, cleanCString: $0) }
    }

    /// An attribute whose value is already clean for XML (see ``XMLText``); libxml2 still escapes it.
    func attribute(_ name: String, cleanCString value: UnsafePointer<CChar>) throws {
        try check(name.withCString { xmlTextWriterWriteAttribute(writer, $0.xmlChars, value.xmlChars) })
    }

    func text(_ value: String) throws {
        try check(XMLText.withCleanCString(value) { xmlTextWriterWriteString(writer, $0.xmlChars) })
    }

    func end() throws { try check(xmlTextWriterEndElement(writer)) }

    func element(_ name: String, text value: String) throws {
        try start(name)
        try text(value)
        try end()
    }

    /// Bytes that are already XML (written by another `XMLStreamWriter`), copied as they are. An open start
    /// tag is closed first; no indentation is added.
    func raw(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        try check(xmlTextWriterWriteRawLen(writer, base.assumingMemoryBound(to: xmlChar.self), Int32(bytes.count)))
    }

    /// Text that is already XML markup (line breaks, indentation), copied as it is.
    func raw(_ markup: String) throws {
        var markup = markup
        try markup.withUTF8 { try raw(UnsafeRawBufferPointer($0)) }
    }

    /// Sends everything written so far to the sink.
    func flush() throws { try check(xmlTextWriterFlush(writer)) }

    /// Closes every open element, ends the document and sends the rest to the sink.
    func endDocument() throws {
        try check(xmlTextWriterEndDocument(writer))
        try flush()
        free()
    }

    private func free() {
        guard !isFreed else { return }
        isFreed = true
        xmlFreeTextWriter(writer)
    }

    @inline(__always) private func check(_ result: Int32) throws {
        if result < 0 { throw failure() }
    }

    @inline(never) private func failure() -> JUnitExportError {
        let cause = output.error.map { ": \($0)" } ?? ""
        return JUnitExportError(.xmlWriter, "libxml2 could not write the XML\(cause)", file: place)
    }
}

/// What libxml2's write callback reaches through its context pointer: the sink, and the error it threw.
private final class SinkContext {
    let sink: any XMLByteSink
    var error: (any Error)?

    init(_ sink: any XMLByteSink) { self.sink = sink }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            try sink.write(bytes)
            return true
        } catch {
            self.error = error
            return false
        }
    }
}

extension UnsafePointer where Pointee == CChar {
    fileprivate var xmlChars: UnsafePointer<xmlChar> { UnsafeRawPointer(self).assumingMemoryBound(to: xmlChar.self) }
}
