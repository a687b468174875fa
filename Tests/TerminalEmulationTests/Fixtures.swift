import Foundation
import _TestSupport

/// The captured byte streams under `Tests/Fixtures/terminal-streams`, named `NAME.COLSxROWS.ans`.
enum Fixtures {
    /// The fixtures folder.
    static let folder = TestPaths.fixture("terminal-streams")

    /// One fixture: its file and the screen size it was captured at.
    struct Stream: CustomStringConvertible, Sendable {
        let url: URL
        let columns: Int
        let rows: Int
        var name: String { url.lastPathComponent }
        var description: String { name }
        func bytes() throws -> [UInt8] { Array(try Data(contentsOf: url)) }
    }

    /// Every fixture, sorted by name.
    static let all: [Stream] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name -> Stream? in
            let parts = name.split(separator: ".")
            guard parts.count >= 3, parts.last == "ans" else { return nil }
            let size = parts[parts.count - 2].split(separator: "x").compactMap { Int($0) }
            guard size.count == 2 else { return nil }
            return Stream(url: folder.appendingPathComponent(name), columns: size[0], rows: size[1])
        }
    }()
}
