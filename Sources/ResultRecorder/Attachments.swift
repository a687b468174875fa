import Foundation
import ResultModel
import TerminalEmulation

/// Attaches bytes to the running step or test.
public func attach(data: Data, named name: String, mediaType: String = "application/octet-stream") {
    guard let blob = Journal.shared.storeBlob(data) else { return }
    record(
        AttachmentRecord(
            name: name, mediaType: mediaType, kind: kind(of: mediaType), blob: blob,
            timestamp: Date().timeIntervalSince1970))
}

/// Attaches text to the running step or test.
public func attach(text: String, named name: String, mediaType: String = "text/plain") {
    attach(data: Data(text.utf8), named: name, mediaType: mediaType)
}

/// Attaches a file (read in chunks) to the running step or test.
public func attach(file: URL, named name: String? = nil, mediaType: String? = nil) throws {
    let type = mediaType ?? guessMediaType(file.lastPathComponent)
    guard let blob = try Journal.shared.storeBlob(contentsOf: file) else { return }
    record(
        AttachmentRecord(
            name: name ?? file.lastPathComponent, mediaType: type, kind: kind(of: type), blob: blob,
            timestamp: Date().timeIntervalSince1970))
}

/// Attaches the screen a terminal program's output produces, rendered by our emulator at `columns` × `rows`.
@discardableResult
public func attachTerminalSnapshot(bytes: [UInt8], named name: String, columns: Int = 80, rows: Int = 24)
    -> TerminalSnapshot
{
    var emulator = TerminalEmulator(columns: columns, rows: rows)
    emulator.feed(bytes)
    let snapshot = emulator.snapshot()
    attach(snapshot, named: name)
    return snapshot
}

/// Attaches a terminal snapshot.
public func attach(_ snapshot: TerminalSnapshot, named name: String) {
    guard Journal.shared.isEnabled, let data = try? JSONEncoder().encode(snapshot) else { return }
    attach(data: data, named: name, mediaType: TerminalSnapshot.mediaType)
}

private func kind(of mediaType: String) -> AttachmentRecord.Kind {
    if mediaType == TerminalSnapshot.mediaType { return .terminalSnapshot }
    if mediaType.hasPrefix("image/") { return .image }
    if mediaType.hasPrefix("text/") || mediaType == "application/json" { return .text }
    return .data
}

private func guessMediaType(_ name: String) -> String {
    switch (name as NSString).pathExtension.lowercased() {
    case "txt", "log": return "text/plain"
    case "json": return "application/json"
    case "png": return "image/png"
    case "jpg", "jpeg": return "image/jpeg"
    case "html": return "text/html"
    default: return "application/octet-stream"
    }
}
