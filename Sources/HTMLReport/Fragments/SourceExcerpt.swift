import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// Shows the source lines around an issue's location when the file is found under the source root. Never reads
/// outside the root: the path is resolved (symbolic links included) and must stay inside it.
struct SourceExcerpt {
    /// What an excerpt came to.
    enum Outcome: Equatable {
        /// The lines around the location, as HTML.
        case lines(String)
        /// The file is there, but its contents are not the ones the run recorded: its lines would not be the ones
        /// the issue was about.
        case changed
    }

    let root: URL?
    var context = 3

    /// The lines around `location`; `.changed` when `expectedSHA256` is given and the file's contents do not have
    /// it; `nil` when the file is not under the root or not readable text.
    func excerpt(for location: SourceLocation?, expectedSHA256: String? = nil) -> Outcome? {
        guard let root, let location, location.line > 0, let url = resolve(location.file, root: root) else {
            return nil
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = attributes[.size] as? Int, size <= 4 << 20,
            let data = FileManager.default.contents(atPath: url.path)
        else { return nil }
        if let expectedSHA256, ContentHash.sha256Hex(data) != expectedSHA256 { return .changed }
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line <= lines.count else { return nil }
        let first = max(1, location.line - context)
        let last = min(lines.count, location.line + context)
        var html = "<pre class=\"source\" aria-label=\"Source around line \(location.line)\">"
        for number in first...last {
            let code = HTMLEscaping.escape(lines[number - 1].prefix(400))
            let row = "<span class=\"ln\">\(number)</span>\(code)"
            html += number == location.line ? "<span class=\"hit\">\(row)</span>" : row + "\n"
        }
        return .lines(html + "</pre>")
    }

    /// The file under `root`: tried as given (when relative), then by dropping leading components of an
    /// absolute path until a file under the root matches.
    private func resolve(_ path: String, root: URL) -> URL? {
        let base = root.resolvingSymlinksInPath().standardizedFileURL
        var components = path.split(separator: "/").map(String.init)
        while !components.isEmpty {
            let candidate = base.appendingPathComponent(components.joined(separator: "/")).resolvingSymlinksInPath()
                .standardizedFileURL
            if candidate.path.hasPrefix(base.path + "/"), FileManager.default.fileExists(atPath: candidate.path) {
                return candidate
            }
            components.removeFirst()
        }
        return nil
    }
}
