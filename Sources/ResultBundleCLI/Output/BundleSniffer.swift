import Foundation
import ResultBundle

/// Tells a result bundle from any other file by its magic bytes, reading nothing else.
enum BundleSniffer {
    static func isBundle(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: BundleFileMagic.bytes.count)) ?? Data()
        return Array(head) == BundleFileMagic.bytes
    }
}
