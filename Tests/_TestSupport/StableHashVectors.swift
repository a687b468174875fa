import Foundation

/// One line of `Tests/Fixtures/stable-hash-vectors.json`: a text, its 64-bit FNV-1a hash in hexadecimal and the
/// report's row anchor made from that hash, which the Swift hash and the report's `search.js` must both give.
public struct StableHashVector: Decodable, Sendable {
    public var text: String
    public var fnv1a64: String
    public var anchor: String

    /// Every vector of the shared file.
    public static let all: [StableHashVector] = {
        struct File: Decodable { var vectors: [StableHashVector] }
        let url = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/stable-hash-vectors.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).vectors
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}
