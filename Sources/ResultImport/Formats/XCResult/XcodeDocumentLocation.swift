import Foundation

/// Xcode's document location addresses (`file:///path/File.swift#StartingLineNumber=38&…`), shown short.
enum XcodeDocumentLocation {
    /// `File.swift#StartingLineNumber=38` for an address (the line as Xcode wrote it: whether it counts from 0 or
    /// 1 is not documented), or `nil` when it names no file.
    static func place(_ address: String) -> String? {
        let parts = address.split(separator: "#", maxSplits: 1)
        guard let path = parts.first.flatMap({ URL(string: String($0)) })?.lastPathComponent, !path.isEmpty else {
            return nil
        }
        guard parts.count == 2,
            let line = parts[1].split(separator: "&").first(where: { $0.hasPrefix("StartingLineNumber=") })
        else { return path }
        return "\(path)#\(line)"
    }
}
