import Foundation
import ResultBundle

/// Opens bundles named on the command line, turning format errors into messages that name the file.
enum BundleOpening {
    /// Opens `path` for reading; reports damage found while opening on standard error unless `quiet`. Outputs that
    /// show a bundle (report, summary, JUnit, info) pass ``BundleLimits/display``, so strings over 1 MiB are cut
    /// as they are read (docs/OUTPUTS.md); data outputs (JSON, merge) read everything whole.
    static func open(_ path: String, quiet: Bool = false, limits: BundleLimits = .standard) throws -> BundleReader {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CLIError("\(path): no such file")
        }
        let reader = try BundleReader(url: url, limits: limits)
        if !quiet {
            for damage in reader.damage where damage.kind != .missingIndex {
                StandardError.humanLine("warning: \(path): \(damage)")
            }
        }
        return reader
    }
}
