import CSQLite3
import Foundation

/// A SQLite database opened read-only through the system's libsqlite3, as immutable (`immutable=1`): SQLite then
/// takes no lock and reads no journal, so a bundle on a read-only disk, or one whose database another process
/// holds locked, still reads, and nothing in the bundle is ever written. Not safe to use from several tasks.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    /// The database's path as diagnostics show it.
    let fileName: String
    /// The names of its tables, read when it is opened (the first read, which finds a file that is not SQLite).
    private(set) var tables: Set<String> = []

    /// Opens `path` read-only; `fileName` names it in errors.
    init(path: String, fileName: String) throws {
        self.fileName = fileName
        let encoded = path.addingPercentEncoding(withAllowedCharacters: Self.uriPathCharacters) ?? path
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2("file:\(encoded)?mode=ro&immutable=1", &handle, flags, nil)
        guard code == SQLITE_OK else {
            let error = failure(code, doing: "open the database")
            sqlite3_close_v2(handle)
            handle = nil
            throw error
        }
        try forEachRow("SELECT name FROM sqlite_master WHERE type = 'table'") { row in
            if let name = row.text(0) { tables.insert(name) }
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs `sql` with `arguments` bound to its `?` parameters and calls `body` with each row.
    func forEachRow(_ sql: String, _ arguments: [Int64?] = [], _ body: (SQLiteRow) throws -> Void) throws {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared, doing: "read the database") }
        defer { sqlite3_finalize(statement) }
        for (offset, argument) in arguments.enumerated() {
            if let argument {
                sqlite3_bind_int64(statement, Int32(offset + 1), argument)
            } else {
                sqlite3_bind_null(statement, Int32(offset + 1))
            }
        }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else { throw failure(step, doing: "read the database") }
            try body(SQLiteRow(statement: statement))
        }
    }

    /// Whether the database has every table of `names`.
    func hasTables(_ names: String...) -> Bool { names.allSatisfy(tables.contains) }

    /// An error that says what SQLite's code means for an `.xcresult` database.
    private func failure(_ code: Int32, doing what: String) -> ImportError {
        let detail = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        let message: String
        switch code & 0xFF {
        case SQLITE_NOTADB:
            message = "database.sqlite3 is not an SQLite database (\(detail)): the bundle is damaged"
        case SQLITE_BUSY, SQLITE_LOCKED:
            message =
                "database.sqlite3 is locked by another process (\(detail)); wait until Xcode or xcresulttool "
                + "has finished with the bundle and import it again"
        case SQLITE_CORRUPT:
            message = "database.sqlite3 is damaged (\(detail))"
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            message = "cannot \(what): \(detail)"
        default:
            message = "cannot \(what): \(detail) (SQLite code \(code))"
        }
        return ImportError(code & 0xFF == SQLITE_CANTOPEN ? .unreadable : .malformed, message, file: fileName)
    }

    /// The characters a `file:` URI's path keeps as they are (`?`, `#` and `%` must be escaped).
    private static let uriPathCharacters: CharacterSet = {
        var characters = CharacterSet.urlPathAllowed
        characters.remove(charactersIn: "?#%")
        return characters
    }()
}

/// One row of a query's result, read by column position.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// Whether the column holds NULL.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// The column as an integer, `nil` when NULL.
    func int(_ column: Int32) -> Int64? { isNull(column) ? nil : sqlite3_column_int64(statement, column) }

    /// The column as a finite number, `nil` when NULL or not finite.
    func double(_ column: Int32) -> Double? {
        guard !isNull(column) else { return nil }
        let value = sqlite3_column_double(statement, column)
        return value.isFinite ? value : nil
    }

    /// The column as text, `nil` when NULL; bytes that are not UTF-8 are repaired.
    func text(_ column: Int32) -> String? {
        guard !isNull(column), let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
