import Foundation
import ResultSupport

/// The file `resultbundle` leaves in every folder it writes, so that it later replaces that folder, and only
/// folders like it, without asking for --force.
enum FolderMarker {
    /// The marker's name inside an output folder.
    static let fileName = ".resultbundle-output"

    /// Writes the marker into `folder`, naming the command that wrote it.
    static func write(into folder: URL, command: String) throws {
        let text = """
            This folder was written by \(ResultBundleCommand.producer) (\(command)).
            resultbundle replaces it as a whole when asked to write here again; remove this file to keep it.

            """
        try Data(text.utf8).write(to: folder.appendingPathComponent(fileName))
    }

    /// Whether `folder` holds the marker as a regular file.
    static func isPresent(in folder: URL) -> Bool {
        PathEntry(folder.appendingPathComponent(fileName))?.kind == .regularFile
    }
}
