import Foundation

/// How a checked output gets written.
enum OutputPlan: Equatable {
    /// `-o -`: the output goes to standard output.
    case standardOutput
    /// A character device or FIFO (or a symlink to one), such as /dev/null or a named pipe: written into, never
    /// replaced, with no temporary file beside it and no rename.
    case writeThrough(URL)
    /// A path that is free or holds something the rules let us replace: written under a temporary name beside
    /// it, then renamed into place.
    case replace(URL)
}
