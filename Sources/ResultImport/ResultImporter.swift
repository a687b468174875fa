import Foundation
import ResultModel
import ResultSupport

/// Imports test-output files and results folders into a sink, one input at a time, each in the format the
/// registry detects (or the one named).
///
/// Several inputs feed the same run. When an event stream is among the inputs, swift-testing lines in console
/// logs are skipped, so the same tests are not counted twice (the event stream is the richer source).
public final class ResultImporter {
    /// What importing one input found.
    public typealias FileOutcome = ImportOutcome

    private let context: ImportContext

    /// Whether swift-testing lines in console logs are skipped (their results come from an event stream).
    public var ignoresSwiftTestingConsole: Bool {
        get { context.ignoresSwiftTestingConsole }
        set { context.ignoresSwiftTestingConsole = newValue }
    }
    /// The folder the attachments of inputs must lie in, and relative paths are resolved against; `nil` (the
    /// default) is each input's own folder. Standard input has no folder: its attachments need this.
    public var attachmentsRoot: URL? {
        get { context.attachmentsRoot }
        set { context.attachmentsRoot = newValue }
    }
    /// The largest attachment stored (the bundle's blob limit); a larger file is a warning and is not attached.
    public var maxAttachmentBytes: Int {
        get { context.maxAttachmentBytes }
        set { context.maxAttachmentBytes = newValue }
    }

    /// Begins the run of one configuration of an input that holds several (an `.xcresult` tested on two devices),
    /// returning its index; `nil` (the default) writes every configuration to the importer's own run.
    public var beginConfigurationRun: ((String) throws -> Int)? {
        get { context.beginConfigurationRun }
        set { context.beginConfigurationRun = newValue }
    }
    /// The runs begun for configurations so far, which the caller ends.
    public var configurationRuns: [(name: String, index: Int)] { context.configurationRuns }

    /// Creates an importer writing tests of run `runIndex` to `sink`.
    public init(sink: any ResultSink, runIndex: Int) {
        context = ImportContext(sink: sink, runIndex: runIndex)
    }

    /// The format of a file or folder, read from a file's first 64 KiB or a folder's entries (`-` is standard
    /// input and cannot be peeked: use ``importFile(_:format:)`` directly).
    public static func detectFormat(ofFile path: String) throws -> ImportFormat {
        if let entries = folderEntries(path) {
            return try FormatRegistry.detect(FormatProbe(folderEntries: entries, fileName: path)).name
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportError(.unreadable, "cannot open the file", file: path)
        }
        defer { try? handle.close() }
        let prefix = (try? handle.read(upToCount: 64 << 10)) ?? Data()
        return try FormatRegistry.detect(FormatProbe(prefix: Array(prefix), fileName: path)).name
    }

    /// Imports `path` (`-` for standard input; a folder for folder formats) in `format` (`auto` detects it).
    public func importFile(_ path: String, format: ImportFormat = .auto) throws -> FileOutcome {
        context.path = path
        context.fileName = path == "-" ? "<stdin>" : path
        if let entries = Self.folderEntries(path) {
            let probe = FormatProbe(folderEntries: entries, fileName: path)
            let reader = try format == .auto ? FormatRegistry.detect(probe) : Self.named(format, path: path)
            guard reader.readsFolders else {
                throw ImportError(
                    .notTestOutput, "this is a folder; \(reader.name) results are a file", file: path)
            }
            return try reader.read(.folder(URL(fileURLWithPath: path)), context)
        }
        let file: POSIXFile
        do {
            file = path == "-" ? POSIXFile(descriptor: STDIN_FILENO, path: nil) : try POSIXFile.open(path, O_RDONLY)
        } catch {
            throw ImportError(.unreadable, "cannot open: \(error.reason)", file: path, underlying: error)
        }
        defer { if path != "-" { try? file.close() } }
        let prefix = try readPrefix(file.descriptor, count: 64 << 10)
        let probe = FormatProbe(prefix: prefix, fileName: context.fileName)
        let reader = try format == .auto ? FormatRegistry.detect(probe) : Self.named(format, path: path)
        guard !reader.readsFolders else {
            throw ImportError(.notTestOutput, "\(reader.name) results are a folder, not a file", file: path)
        }
        return try reader.read(.stream(descriptor: file.descriptor, prefix: prefix), context)
    }

    private static func named(_ format: ImportFormat, path: String) throws -> any ResultFormat {
        guard let reader = FormatRegistry.format(named: format.rawValue) else {
            throw ImportError(.unsupported, "no format is named \(format)", file: path)
        }
        return reader
    }

    /// The names in `path` when it is a folder (not following a symbolic link to one); `nil` otherwise.
    private static func folderEntries(_ path: String) -> [String]? {
        guard path != "-", PathEntry(following: URL(fileURLWithPath: path))?.kind == .directory else { return nil }
        return (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? []
    }

    private func readPrefix(_ descriptor: Int32, count: Int) throws -> [UInt8] {
        do {
            return try POSIXFile(descriptor: descriptor, path: context.fileName).readPrefix(upTo: count)
        } catch {
            throw ImportError.unreadable(error, file: context.fileName)
        }
    }
}

/// Reading an input's lines, shared by the line-based formats.
enum StructuredImports {
    /// Splits the already-read `prefix` and the rest of `descriptor` into lines.
    static func forEachLine(
        _ descriptor: Int32, prefix: [UInt8], fileName: String, _ body: (LineReader.Line) throws -> Void
    ) throws {
        var splitter = LineSplitter()
        try prefix.withUnsafeBytes { try splitter.feed($0, body) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        let file = POSIXFile(descriptor: descriptor, path: fileName)
        while true {
            let count: Int
            do { count = try file.readSome(into: chunk) } catch { throw ImportError.unreadable(error, file: fileName) }
            if count == 0 { break }
            try splitter.feed(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), body)
        }
        try splitter.finish(body)
    }
}
