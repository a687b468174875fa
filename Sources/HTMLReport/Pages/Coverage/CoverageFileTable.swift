import ResultModel

/// The coverage tree's files in flat storage: each file's module, folder and name as ranges of one byte array, its
/// lines found and hit, and the number of its page. A million files are about 48 MB of rows and their paths' bytes,
/// where a million `String` paths with their totals in values and dictionaries were several hundred.
struct CoverageFileTable {
    /// One file. Its key is `module/folder/name` (`module/name` without a folder; the name alone in the module
    /// `.`), which is its path unless the path had empty components (`a//b`, a leading `/`).
    struct Row {
        var keyStart: Int
        var keyLength: Int32
        /// The module's length in the key; -1 for the module `.` (a file at the root), whose key is its name.
        var moduleLength: Int32
        /// Where the name starts in the key.
        var nameStart: Int32
        /// The number ``CoveragePageNames`` gave the file's page; 0 without a page.
        var pageNumber: Int32
        var linesFound: Int
        var linesHit: Int
    }

    private(set) var rows: [Row] = []
    private(set) var bytes: [UInt8] = []
    /// The paths of the rows whose key is not their path, by row.
    private var unusualPaths: [Int: String] = [:]
    /// Every file's totals summed.
    private(set) var totals = CoverageTotals()

    /// The number of files.
    var count: Int { rows.count }

    /// Adds the file at `path` with `totals`, its page numbered `pageNumber` by ``CoveragePageNames`` (0: none).
    mutating func add(path: String, totals: CoverageTotals, pageNumber: Int) {
        CoverageTree.add(totals, to: &self.totals)
        let place = CoverageTree.place(of: path)
        let start = bytes.count
        var moduleLength: Int32 = -1
        var nameStart: Int32 = 0
        if place.module == "." {
            bytes.append(contentsOf: place.name.utf8)
        } else {
            bytes.append(contentsOf: place.module.utf8)
            moduleLength = Int32(bytes.count - start)
            bytes.append(UInt8(ascii: "/"))
            if !place.folder.isEmpty {
                bytes.append(contentsOf: place.folder.utf8)
                bytes.append(UInt8(ascii: "/"))
            }
            nameStart = Int32(bytes.count - start)
            bytes.append(contentsOf: place.name.utf8)
        }
        let keyLength = bytes.count - start
        if !bytes[start...].elementsEqual(path.utf8) { unusualPaths[rows.count] = path }
        rows.append(
            Row(
                keyStart: start, keyLength: Int32(keyLength), moduleLength: moduleLength, nameStart: nameStart,
                pageNumber: Int32(pageNumber), linesFound: totals.linesFound, linesHit: totals.linesHit))
    }

    /// The path of the file in `row`.
    func path(of row: Int) -> String {
        if let path = unusualPaths[row] { return path }
        let entry = rows[row]
        return String(decoding: bytes[entry.keyStart..<(entry.keyStart + Int(entry.keyLength))], as: UTF8.self)
    }

    /// The module, folder and name of the file in `row`.
    func place(of row: Int) -> (module: String, folder: String, name: String) {
        let entry = rows[row]
        let key = entry.keyStart
        let name = String(
            decoding: bytes[(key + Int(entry.nameStart))..<(key + Int(entry.keyLength))], as: UTF8.self)
        guard entry.moduleLength >= 0 else { return (".", "", name) }
        let moduleEnd = key + Int(entry.moduleLength)
        let folderEnd = max(moduleEnd + 1, key + Int(entry.nameStart) - 1)
        return (
            String(decoding: bytes[key..<moduleEnd], as: UTF8.self),
            String(decoding: bytes[(moduleEnd + 1)..<folderEnd], as: UTF8.self), name
        )
    }
}
