import Foundation

/// Paths the C library finds for us: a path with its symlinks resolved, and the files a glob pattern matches.
package enum PathLookup {
    /// The absolute path `path` leads to, with every symlink, `.` and `..` resolved (`realpath(3)`); nil when some
    /// part of it does not exist or the links loop.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The paths that match the shell pattern `pattern` (`glob(3)`: `*`, `?` and `[...]`), sorted; none when
    /// nothing matches or the pattern cannot be read.
    package static func matches(of pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { index in result.gl_pathv[index].map { String(cString: $0) } }
    }
}
