import Foundation
import ResultImport

/// Go coverprofiles (`go test -coverprofile`): a `mode: set|count|atomic` line, then one line per block,
/// `import/path/file.go:startLine.startColumn,endLine.endColumn statements count`, read as a stream.
///
/// Blocks are regions; a line's count is the largest of the blocks it lies in. Files are named by import path,
/// made relative to the source root through the module path in its `go.mod`.
struct GoCoverProfileFormat: CoverageFormat {
    var name: String { "go" }
    var summary: String { "Go coverprofiles (go test -coverprofile; mode set, count or atomic)" }
    var sumsRepeatedLines: Bool { true }
    /// The most lines one block may span; a longer one is noted and skipped, so a hostile block cannot make the
    /// reader fill billions of lines.
    static let maxRegionLines = 100_000

    func recognizes(_ probe: FormatProbe) -> Bool {
        let first = probe.firstLine
        return first == "mode: set" || first == "mode: count" || first == "mode: atomic"
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        let module = Self.modulePath(inRoot: context.sourceRoot)
        var files: [Substring: CoverageInputContext.FileHandle?] = [:]
        var sawMode = false
        try input.forEachLine(fileName: context.fileName) { line in
            context.inputLine = line.number
            let bytes = line.bytes
            if bytes.isEmpty { return }
            if ByteFields.hasPrefix(bytes, "mode: ") {
                // gocovmerge and `go test` of several packages may repeat the line; `set` keeps 0 or 1 per block.
                context.sumsRepeatedEntries = !ByteFields.text(bytes).hasSuffix(" set")
                sawMode = true
                return
            }
            guard sawMode else {
                throw CoverageError(
                    .malformed, "a block before the mode: line", file: context.fileName, line: line.number)
            }
            let block = try Self.block(bytes, line.number, context.fileName)
            let name = Substring(ByteFields.text(block.name))
            let file: CoverageInputContext.FileHandle?
            if let known = files[name] {
                file = known
            } else {
                file = context.file(Self.recordedPath(String(name), module: module))
                if let file { context.derivesLinesFromRegions(file) }
                files[name] = file
            }
            guard let file else { return }
            guard block.end.line - block.start.line < Self.maxRegionLines else {
                return context.note("blocks spanning more than \(Self.maxRegionLines) lines")
            }
            context.addRegion(file, start: block.start, end: block.end, count: block.count)
        }
    }

    /// One block line, read from its end: the file name may hold `:` and spaces.
    private static func block(_ bytes: UnsafeBufferPointer<UInt8>, _ lineNumber: Int, _ fileName: String) throws
        -> (
            name: UnsafeBufferPointer<UInt8>.SubSequence, start: (line: Int, column: Int),
            end: (line: Int, column: Int), count: HitCount.Parsed
        )
    {
        func malformed() -> CoverageError {
            CoverageError(
                .malformed, "a block must read file:line.column,line.column statements count", file: fileName,
                line: lineNumber)
        }
        let all = bytes[...]
        guard let countSpace = all.lastIndex(of: UInt8(ascii: " ")),
            let statementSpace = all[..<countSpace].lastIndex(of: UInt8(ascii: " ")),
            let colon = all[..<statementSpace].lastIndex(of: UInt8(ascii: ":")),
            ByteFields.integer(all[(statementSpace + 1)..<countSpace]) != nil, countSpace + 1 < all.endIndex
        else { throw malformed() }
        let span = ByteFields.split(all[(colon + 1)..<statementSpace], separator: UInt8(ascii: ","), maxParts: 2)
        guard span.count == 2, let start = position(span[0]), let end = position(span[1]) else { throw malformed() }
        return (all[..<colon], start, end, HitCount.parse(all[(countSpace + 1)...]))
    }

    private static func position(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> (line: Int, column: Int)? {
        let parts = ByteFields.split(bytes, separator: UInt8(ascii: "."), maxParts: 2)
        guard parts.count == 2, let line = ByteFields.lineNumber(parts[0]), let column = ByteFields.integer(parts[1])
        else { return nil }
        return (line, column)
    }

    /// The path of a profile's file name: under the module path it is relative to the root; `_/abs/path` (a
    /// package outside any module) is absolute; any other import path is kept, relative.
    static func recordedPath(_ name: String, module: String?) -> String {
        if let module, name.hasPrefix(module + "/") { return String(name.dropFirst(module.count + 1)) }
        if name.hasPrefix("_/") { return String(name.dropFirst()) }
        return name
    }

    /// The module path declared by `go.mod` in the root, when there is one.
    static func modulePath(inRoot root: String) -> String? {
        guard let data = FileManager.default.contents(atPath: root + "/go.mod"), data.count < 1 << 20 else {
            return nil
        }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.count >= 2, words[0] == "module" {
                return String(words[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"\r")))
            }
        }
        return nil
    }
}
