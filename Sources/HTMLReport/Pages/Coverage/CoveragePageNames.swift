import ResultModel

/// The file names of the per-file coverage pages: `coverage/files/<name>-<hash>.html`, where the name is the
/// source file's own name cut to letters, digits, `.`, `-` and `_` (so a hostile path cannot leave the folder or
/// make a strange name) and the hash is ``ResultModel/StableHash`` of the whole path (so the page of a file keeps
/// its address from one run's report to the next). Two paths that come to the same name are told apart by a
/// counter; names are handed out in path order, so which one gets it does not change between runs.
struct CoveragePageNames {
    /// The folder of the file pages, inside the report.
    static let folder = "coverage/files/"
    private var used: Set<String> = []

    /// The page of the file at `path`, inside the report folder; a new name for each call.
    mutating func pagePath(for path: String) -> String {
        Self.pagePath(for: path, number: pageNumber(for: path))
    }

    /// The number of the page of the file at `path` (1 for its plain name, 2 and up when that name was taken):
    /// what the coverage tree keeps of a file's page instead of its name (``pagePath(for:number:)``).
    mutating func pageNumber(for path: String) -> Int {
        let stem = Self.stem(of: path)
        var number = 1
        while used.contains(Self.name(stem, number)) { number += 1 }
        used.insert(Self.name(stem, number))
        return number
    }

    /// The page numbered `number` of the file at `path`.
    static func pagePath(for path: String, number: Int) -> String {
        folder + name(stem(of: path), number) + ".html"
    }

    private static func stem(of path: String) -> String {
        safeStem(path) + "-" + hex(StableHash.of(path) >> 32)
    }

    private static func name(_ stem: String, _ number: Int) -> String {
        number > 1 ? stem + "-\(number)" : stem
    }

    /// The last component of `path` with every byte outside `[A-Za-z0-9._-]` dropped, at most 40 bytes, never
    /// starting with a dot; `file` when nothing is left.
    static func safeStem(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        var kept: [UInt8] = []
        for byte in last.utf8 where kept.count < 40 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                kept.append(byte)
            case UInt8(ascii: ".") where !kept.isEmpty:
                kept.append(byte)
            default: continue
            }
        }
        return kept.isEmpty ? "file" : String(decoding: kept, as: UTF8.self)
    }

    /// `value`'s low 32 bits as 8 lowercase hexadecimal digits.
    private static func hex(_ value: UInt64) -> String {
        let text = String(value & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
