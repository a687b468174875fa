import Foundation
import ResultModel

/// Writes a whole bundle as one documented, versioned JSON document (see "JSON export" in `docs/FORMAT.md`),
/// streaming: one test in memory at a time.
///
/// Top level: `{"schemaVersion":"1.6","formatVersion":"1.6","runs":[...],"suites":[...],"tests":[...],
/// "coverage":[...]}`.
public struct BundleJSONExporter {
    /// The version of the export schema (independent of the bundle format's version).
    public static let schemaVersion = "1.6"

    private let source: any ResultSource
    /// The bundle, whose runs' coverage the export lists (other sources have none).
    private let reader: BundleReader?
    private let formatVersion: String

    /// Creates an exporter for an open bundle.
    public init(reader: BundleReader) {
        source = reader
        self.reader = reader
        formatVersion = reader.formatVersion.description
    }

    /// Creates an exporter for any result source (the format version is then the current one).
    public init(source: any ResultSource, formatVersion: FormatVersion = .current) {
        self.source = source
        self.reader = nil
        self.formatVersion = formatVersion.description
    }

    /// Writes the document to `output`, in pieces.
    public func write(to output: inout some TextOutputStream) throws {
        try writeChunks { output.write(String(decoding: $0, as: UTF8.self)) }
    }

    /// Writes the document to a file handle; a failed write throws.
    public func write(to handle: FileHandle) throws {
        try writeChunks { try handle.write(contentsOf: Data($0)) }
    }

    /// Hands the document to `sink` in pieces of about 32 KB, stopping at the first error `sink` throws.
    public func writeChunks(_ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        var json = JSONBytes(capacity: 64 << 10)
        func drain() throws {
            try json.buffer.withUnsafeBytes { try sink($0) }
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
            if json.count > 32 << 10 { try drain() }
        }
        json.endArray()
        json.key("tests"); json.beginArray()
        try source.forEachTest { test in
            ExportEncoding.test(test, &json)
            if json.count > 32 << 10 { try drain() }
        }
        json.endArray()
        json.key("coverage"); json.beginArray()
        if let reader {
            try Self.writeCoverage(of: reader, to: &json) { full in
                try full.buffer.withUnsafeBytes { try sink($0) }
                full.buffer.removeAll()
            }
        }
        json.endArray()
        json.endObject()
        json.newline()
        try drain()
    }
}
