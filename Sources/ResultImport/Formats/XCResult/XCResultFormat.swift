import Foundation
import ResultModel
import ResultSupport

extension ImportFormat {
    /// An Xcode `.xcresult` bundle (Xcode 16 and later), read from its `database.sqlite3`.
    public static let xcresult = ImportFormat(declared: "xcresult")
}

/// Xcode's `.xcresult` bundles, from Xcode 16 on: the tests are read from the bundle's `database.sqlite3`
/// (which Xcode 16 writes when `xcresulttool get test-results` first reads the bundle), read-only.
struct XCResultFormat: ResultFormat {
    var name: ImportFormat { .xcresult }
    var summary: String { "Xcode .xcresult bundle (Xcode 16 and later), read from its database.sqlite3" }
    var readsFolders: Bool { true }

    /// The database's name inside the bundle.
    static let databaseName = "database.sqlite3"

    func recognizes(_ probe: FormatProbe) -> Bool {
        guard let entries = probe.folderEntries else { return false }
        if entries.contains(Self.databaseName) { return true }
        let name = probe.fileName.hasSuffix("/") ? String(probe.fileName.dropLast()) : probe.fileName
        return name.hasSuffix(".xcresult") && entries.contains("Info.plist")
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        guard case .folder(let bundle) = input else {
            throw ImportError(.unsupported, "an .xcresult bundle is a folder, not a file", file: context.fileName)
        }
        let database = bundle.appendingPathComponent(Self.databaseName)
        let shown = (context.fileName.hasSuffix("/") ? context.fileName : context.fileName + "/") + Self.databaseName
        guard let entry = PathEntry(following: database) else {
            throw ImportError(
                .unsupported,
                "this .xcresult bundle has no database.sqlite3 (Xcode writes it the first time the bundle's test "
                    + "results are read): run `xcrun xcresulttool get test-results tests --path \(context.fileName)` "
                    + "once on the Mac, then import the bundle again, or import that command's JSON output",
                file: context.fileName)
        }
        guard entry.kind == .regularFile else {
            throw ImportError(.unreadable, "database.sqlite3 is \(entry.kind), not a regular file", file: shown)
        }
        let reader = try XCResultDatabaseReader(
            database: SQLiteDatabase(path: database.path, fileName: shown), context: context)
        return try reader.run()
    }
}
