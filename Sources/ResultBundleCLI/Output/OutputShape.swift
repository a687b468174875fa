/// What a command writes at its `-o` path, which decides what that path may already hold (docs/OUTPUTS.md).
enum OutputShape: Equatable {
    /// One file that is a result bundle: replaces only a bundle, unless --force.
    case bundle
    /// One other file (XML, JSON, Markdown, a snapshot): replaces a regular file that is empty or looks like its
    /// own kind, unless --force.
    case document(DocumentKind)
    /// A folder (a report, Surefire XML, exported attachments): replaces only an empty folder or one that
    /// `resultbundle` wrote (it holds the marker file), unless --force.
    case folder

    /// How a refusal names the output.
    var noun: String {
        switch self {
        case .bundle: "a bundle output"
        case .document: "a file output"
        case .folder: "a folder output"
        }
    }
}
