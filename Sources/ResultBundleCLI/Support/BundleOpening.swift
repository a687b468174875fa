import Foundation
import ResultBundle

/// Opens bundles named on the command line, turning format errors into messages that name the file.
enum BundleOpening {
    /// Opens `path` for reading; reports damage found while opening on standard error unless `quiet`.
    static func open(_ path: String, quiet: Bool = false) throws -> BundleReader {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CLIError("\(path): no such file")
        }
        do {
            let reader = try BundleReader(url: url)
            if !quiet {
                for damage in reader.damage where damage.kind != .missingIndex {
                    StandardError.print("warning: \(path): \(damage)")
                }
            }
            return reader
        } catch let error as BundleError {
            throw ErrorReport.cliError(error)
        }
    }
}
