import ResultModel

/// The coverage page's tree: modules, the folders in them and their files, each with its totals. A file's module
/// is the folder under a top folder that holds modules by convention (`Sources/App/x.swift`: `Sources/App`; also
/// `Tests`, `Plugins`, `packages`, `crates`), else its first folder (`src/a.c`: `src`); a file at the root is in the
/// module `.`. Its folder is the rest of its folder path in the module (empty for a file directly in it).
struct CoverageTree {
    var modules: [Module]
    var totals: CoverageTotals

    struct File {
        var path: String
        var name: String
        var totals: CoverageTotals
        /// Its page inside the report, when it has one (its source was readable).
        var page: String?
    }

    struct Folder {
        var name: String
        var totals: CoverageTotals
        var files: [File]
    }

    struct Module {
        var name: String
        var totals: CoverageTotals
        var folders: [Folder]
    }

    /// The orders the tree is shown in: a page each.
    enum Order: String, CaseIterable {
        /// By name, the default.
        case path
        /// Least covered first (by the share of lines hit); nodes without lines last.
        case coverage
        /// Most uncovered lines first.
        case uncovered

        /// The page of the tree in this order.
        var page: String {
            switch self {
            case .path: "coverage.html"
            case .coverage: "coverage-by-coverage.html"
            case .uncovered: "coverage-by-uncovered.html"
            }
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

    /// The tree of `files` (sorted by path or not), linking each to its page in `pages` (by path) when there.
    init(files: [CoverageReportFile], pages: [String: String]) {
        var modules: [String: [String: [File]]] = [:]
        var total = CoverageTotals()
        for file in files {
            let place = Self.place(of: file.path)
            modules[place.module, default: [:]][place.folder, default: []].append(
                File(path: file.path, name: place.name, totals: file.totals, page: pages[file.path]))
            Self.add(file.totals, to: &total)
        }
        self.modules = modules.map { name, folders in
            var moduleTotals = CoverageTotals()
            let folderList = folders.map { folderName, files in
                var folderTotals = CoverageTotals()
                for file in files { Self.add(file.totals, to: &folderTotals) }
                Self.add(folderTotals, to: &moduleTotals)
                return Folder(name: folderName, totals: folderTotals, files: files)
            }
            return Module(name: name, totals: moduleTotals, folders: folderList)
        }
        totals = total
        self = sorted(by: .path)
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

    /// The same tree, each level in `order`.
    func sorted(by order: Order) -> CoverageTree {
        var tree = self
        tree.modules.sort { Self.precedes($0.totals, $0.name, $1.totals, $1.name, order) }
        for moduleIndex in tree.modules.indices {
            tree.modules[moduleIndex].folders.sort { Self.precedes($0.totals, $0.name, $1.totals, $1.name, order) }
            for folderIndex in tree.modules[moduleIndex].folders.indices {
                tree.modules[moduleIndex].folders[folderIndex].files.sort {
                    Self.precedes($0.totals, $0.path, $1.totals, $1.path, order)
                }
            }
        }
        return tree
    }

    /// Whether a node with `left` totals and name comes before one with `right` in `order`; names break ties.
    private static func precedes(
        _ left: CoverageTotals, _ leftName: String, _ right: CoverageTotals, _ rightName: String, _ order: Order
    ) -> Bool {
        switch order {
        case .path:
            break
        case .coverage:
            let leftRate = CoverageNumbers.rate(left.linesHit, of: left.linesFound) ?? 2
            let rightRate = CoverageNumbers.rate(right.linesHit, of: right.linesFound) ?? 2
            if leftRate != rightRate { return leftRate < rightRate }
        case .uncovered:
            let leftMissed = left.linesFound - left.linesHit
            let rightMissed = right.linesFound - right.linesHit
            if leftMissed != rightMissed { return leftMissed > rightMissed }
        }
        return leftName < rightName
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
