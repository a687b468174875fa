import ResultModel
import ResultSupport

/// The coverage page's tree: modules, the folders in them and their files, each with its totals. A file's module
/// is the folder under a top folder that holds modules by convention (`Sources/App/x.swift`: `Sources/App`; also
/// `Tests`, `Plugins`, `packages`, `crates`), else its first folder (`src/a.c`: `src`); a file at the root is in the
/// module `.`. Its folder is the rest of its folder path in the module (empty for a file directly in it).
///
/// The files stay in their ``CoverageFileTable``; the tree is numbers: the files' rows in path order, and the
/// folders and modules as runs of that order with their sums. An order of the tree is a permutation of positions
/// (4 bytes a file), so a million files are sorted three ways without a string copied.
struct CoverageTree {
    /// The files.
    let table: CoverageFileTable
    /// The files' rows by path: module, then folder, then name, each compared byte by byte (by code point).
    private(set) var pathOrder: [Int32] = []
    /// The folder of each position of ``pathOrder``.
    private(set) var folderOfPosition: [Int32] = []
    /// The folders in path order, each a run of ``pathOrder``; its owner is its module.
    private(set) var folders: [Group] = []
    /// The modules in path order, each a run of ``folders``.
    private(set) var modules: [Group] = []

    /// A run of files (a folder: positions in ``pathOrder``) or of folders (a module: indices in ``folders``), with
    /// the lines found and hit in it.
    struct Group {
        var first: Int32
        var end: Int32
        var owner: Int32
        var linesFound = 0
        var linesHit = 0
    }

    /// Every file's totals summed.
    var totals: CoverageTotals { table.totals }

    /// The orders the tree is shown in: pages of their own.
    enum Order: String, CaseIterable {
        /// By name, the default.
        case path
        /// Least covered first (by the share of lines hit); nodes without lines last.
        case coverage
        /// Most uncovered lines first.
        case uncovered

        /// The first page of the tree in this order.
        var page: String { page(1) }

        /// Page `number` of the tree in this order: `coverage.html`, `coverage-2.html`, ….
        func page(_ number: Int) -> String {
            let stem =
                switch self {
                case .path: "coverage"
                case .coverage: "coverage-by-coverage"
                case .uncovered: "coverage-by-uncovered"
                }
            return number > 1 ? "\(stem)-\(number).html" : "\(stem).html"
        }

        /// What the order is called in the page's sort links.
        var label: String {
            switch self {
            case .path: "by path"
            case .coverage: "least covered first"
            case .uncovered: "most uncovered lines first"
            }
        }
    }

    /// Folders that hold one module per subfolder by convention.
    static let moduleContainers: Set<Substring> = ["Sources", "Tests", "Plugins", "packages", "crates"]

    /// The tree of `table`'s files.
    /// - Complexity: O(*n* log *n*) comparisons of the files' keys.
    init(table: CoverageFileTable) {
        self.table = table
        let rows = table.rows
        var order = Array(0..<Int32(rows.count))
        table.bytes.withUnsafeBufferPointer { bytes in
            let keys = KeyBytes(bytes: bytes, rows: rows)
            order.sort { keys.precedes(Int($0), Int($1)) }
            for (position, row) in order.enumerated() {
                let entry = rows[Int(row)]
                let previous = position > 0 ? Int(order[position - 1]) : nil
                let sameModule = previous.map { keys.sameModule(Int(row), $0) } ?? false
                if !sameModule {
                    modules.append(Group(first: Int32(folders.count), end: Int32(folders.count), owner: -1))
                }
                if !sameModule || !keys.sameFolder(Int(row), previous ?? 0) {
                    folders.append(
                        Group(first: Int32(position), end: Int32(position), owner: Int32(modules.count - 1)))
                    modules[modules.count - 1].end += 1
                }
                folders[folders.count - 1].end += 1
                folders[folders.count - 1].linesFound += entry.linesFound
                folders[folders.count - 1].linesHit += entry.linesHit
                modules[modules.count - 1].linesFound += entry.linesFound
                modules[modules.count - 1].linesHit += entry.linesHit
                folderOfPosition.append(Int32(folders.count - 1))
            }
        }
        pathOrder = order
    }

    /// The number of files.
    var fileCount: Int { pathOrder.count }

    /// The number of files that have a page.
    var linkedCount: Int { table.rows.count { $0.pageNumber > 0 } }

    /// Every file's position in ``pathOrder``, in `order`: modules in order, the folders of each in order, the files
    /// of each in order; ties in path order.
    func positions(in order: Order) -> [Int32] {
        guard order != .path else { return Array(0..<Int32(pathOrder.count)) }
        var positions: [Int32] = []
        positions.reserveCapacity(pathOrder.count)
        let moduleOrder = modules.indices.sorted { Self.precedes(modules[$0], modules[$1], order) ?? ($0 < $1) }
        for module in moduleOrder {
            let folderOrder = (Int(modules[module].first)..<Int(modules[module].end)).sorted {
                Self.precedes(folders[$0], folders[$1], order) ?? ($0 < $1)
            }
            for folder in folderOrder {
                let start = positions.count
                positions.append(contentsOf: folders[folder].first..<folders[folder].end)
                positions[start...].sort { left, right in
                    let leftRow = table.rows[Int(pathOrder[Int(left)])]
                    let rightRow = table.rows[Int(pathOrder[Int(right)])]
                    return Self.precedes(
                        (leftRow.linesFound, leftRow.linesHit), (rightRow.linesFound, rightRow.linesHit), order)
                        ?? (left < right)
                }
            }
        }
        return positions
    }

    /// Module, folder in it and file name of `path`.
    static func place(of path: String) -> (module: String, folder: String, name: String) {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count > 1 else { return (".", "", path) }
        let moduleLength = components.count > 2 && moduleContainers.contains(components[0]) ? 2 : 1
        return (
            components[..<moduleLength].joined(separator: "/"),
            components[moduleLength..<(components.count - 1)].joined(separator: "/"),
            String(components[components.count - 1])
        )
    }

    private static func precedes(_ left: Group, _ right: Group, _ order: Order) -> Bool? {
        precedes((left.linesFound, left.linesHit), (right.linesFound, right.linesHit), order)
    }

    /// Whether a node with `left` lines found and hit comes before one with `right` in `order`; `nil` when they
    /// tie (the caller's path order decides).
    static func precedes(_ left: (found: Int, hit: Int), _ right: (found: Int, hit: Int), _ order: Order) -> Bool? {
        switch order {
        case .path:
            return nil
        case .coverage:
            let leftRate = CoverageNumbers.rate(left.hit, of: left.found) ?? 2
            let rightRate = CoverageNumbers.rate(right.hit, of: right.found) ?? 2
            return leftRate != rightRate ? leftRate < rightRate : nil
        case .uncovered:
            let leftMissed = left.found - left.hit
            let rightMissed = right.found - right.hit
            return leftMissed != rightMissed ? leftMissed > rightMissed : nil
        }
    }

    /// Adds one node's totals to another's.
    static func add(_ part: CoverageTotals, to whole: inout CoverageTotals) {
        whole.linesFound += part.linesFound
        whole.linesHit += part.linesHit
        whole.functionsFound += part.functionsFound
        whole.functionsHit += part.functionsHit
        whole.branchesFound += part.branchesFound
        whole.branchesHit += part.branchesHit
    }
}

/// The keys of a table's rows compared in place: module, folder, then name, byte by byte.
private struct KeyBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    let rows: [CoverageFileTable.Row]
    /// The module `.` of files at the root.
    private static let rootModule: StaticString = "."

    func precedes(_ left: Int, _ right: Int) -> Bool {
        var result = module(left).compareBytes(with: module(right))
        if result == 0 { result = folder(left).compareBytes(with: folder(right)) }
        if result == 0 { result = name(left).compareBytes(with: name(right)) }
        return result != 0 ? result < 0 : left < right
    }

    func sameModule(_ left: Int, _ right: Int) -> Bool { module(left).compareBytes(with: module(right)) == 0 }

    func sameFolder(_ left: Int, _ right: Int) -> Bool { folder(left).compareBytes(with: folder(right)) == 0 }

    private func module(_ row: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = rows[row]
        guard entry.moduleLength >= 0 else {
            return UnsafeBufferPointer(start: Self.rootModule.utf8Start, count: Self.rootModule.utf8CodeUnitCount)
        }
        return UnsafeBufferPointer(rebasing: bytes[entry.keyStart..<(entry.keyStart + Int(entry.moduleLength))])
    }

    private func folder(_ row: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = rows[row]
        guard entry.moduleLength >= 0 else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
        let start = entry.keyStart + Int(entry.moduleLength) + 1
        let end = max(start, entry.keyStart + Int(entry.nameStart) - 1)
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    private func name(_ row: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = rows[row]
        return UnsafeBufferPointer(
            rebasing: bytes[(entry.keyStart + Int(entry.nameStart))..<(entry.keyStart + Int(entry.keyLength))])
    }
}
