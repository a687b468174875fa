import CLibXML2
import Foundation

/// The attributes JUnit files use, read in one pass over an element's attributes.
struct JUnitAttributes {
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

extension XMLStreamReader {
    /// The JUnit attributes of the element just read (one pass over them; unknown ones are skipped).
    func junitAttributes() -> JUnitAttributes {
        var found = JUnitAttributes()
        forEachAttribute { name, value in
            guard let known = KnownAttribute(name) else { return }
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
        return found
    }

    /// The `name`, `classname` and `time` of the element just read, valid until the next read; `nil` when it has
    /// another attribute the importer reads, or a value that is not one plain text node (then ``junitAttributes()``
    /// reads them).
    ///
    /// Reads the element's attribute list from libxml2's node: one pass over a list, where the reader's attribute
    /// cursor makes several calls per attribute.
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
}

/// The attributes the importer reads, recognized from libxml2's name bytes without building a `String`.
enum KnownAttribute {
    case name, classname, classAttribute, file, line, time, status, message, type, timestamp, hostname, value

    init?(_ name: UnsafePointer<xmlChar>) {
        func isNamed(_ literal: StaticString) -> Bool { XMLName.is(name, literal) }
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
