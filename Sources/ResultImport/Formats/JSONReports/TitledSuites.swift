/// A tree of suites as mochawesome and Playwright nest them: objects with a `title` and child `suites`, read member
/// by member so a suite's tests are written as they are met. The titles so far (empty titles left out) are the path
/// the format's own members are read with.
enum TitledSuites {
    /// Reads one suite; `member` gets every member but `title` and `suites`, with the suite's path, and must consume
    /// its value.
    static func read(
        _ reader: inout JSONPullReader, parents: [String],
        member: (inout JSONPullReader, String, [String]) throws -> Void
    ) throws {
        var path = parents
        try reader.readObject { reader, key in
            switch key {
            case "title":
                if let title = try reader.readValue().string, !title.isEmpty { path = parents + [title] }
            case "suites":
                try reader.readArray { reader, _ in try read(&reader, parents: path, member: member) }
            default:
                try member(&reader, key, path)
            }
        }
    }
}
