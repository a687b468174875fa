import Foundation
import ResultModel

/// Writes a whole bundle as one documented, versioned JSON document (see "JSON export" in `docs/FORMAT.md`),
/// streaming: one test in memory at a time.
///
/// Top level: `{"schemaVersion":"1.0","formatVersion":"1.0","runs":[...],"suites":[...],"tests":[...]}`.
public struct BundleJSONExporter {
    /// The version of the export schema (independent of the bundle format's version).
    public static let schemaVersion = "1.0"

    private let source: any ResultSource
    private let formatVersion: String

    /// Creates an exporter for an open bundle.
    public init(reader: BundleReader) {
        source = reader
        formatVersion = reader.formatVersion.description
    }

    /// Creates an exporter for any result source (the format version is then the current one).
    public init(source: any ResultSource, formatVersion: FormatVersion = .current) {
        self.source = source
        self.formatVersion = formatVersion.description
    }

    /// Writes the document to `output`, in pieces.
    public func write(to output: inout some TextOutputStream) throws {
        var json = JSONBytes(capacity: 64 << 10)
        func drain() {
            json.buffer.withUnsafeBytes { output.write(String(decoding: $0, as: UTF8.self)) }
            json.buffer.removeAll()
        }
        json.beginObject()
        json.key("schemaVersion"); json.string(Self.schemaVersion)
        json.key("formatVersion"); json.string(formatVersion)
        json.key("runs"); json.beginArray()
        for run in source.runs { ExportEncoding.run(run, &json) }
        json.endArray()
        json.key("suites"); json.beginArray()
        try source.forEachSuite { suite in
            ExportEncoding.suite(suite, &json)
            if json.count > 32 << 10 { drain() }
        }
        json.endArray()
        json.key("tests"); json.beginArray()
        try source.forEachTest { test in
            ExportEncoding.test(test, &json)
            if json.count > 32 << 10 { drain() }
        }
        json.endArray()
        json.endObject()
        json.newline()
        drain()
    }

    /// Writes the document to a file handle.
    public func write(to handle: FileHandle) throws {
        var stream = FileHandleStream(handle: handle)
        try write(to: &stream)
    }
}

/// A text stream that writes to a file handle.
private struct FileHandleStream: TextOutputStream {
    let handle: FileHandle
    mutating func write(_ string: String) { handle.write(Data(string.utf8)) }
}
