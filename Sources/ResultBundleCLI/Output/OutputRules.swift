import Foundation
import ResultSupport

/// The one place that decides whether a command may write at its `-o` path, and how (docs/OUTPUTS.md).
///
/// Nothing the tool did not write is replaced without --force, and some things never are: a folder by a file, a
/// device, what a symlink points to outside the output's folder, the current directory or its ancestors, the home
/// directory, `/`, a folder that holds one of the command's inputs, and an input itself.
struct OutputRules {
    let shape: OutputShape
    /// Names that mean this process's standard output; writing them is `-o -`, never opening them anew (which
    /// would truncate a file that standard output appends to).
    static let standardOutputNames: Set<String> = ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"]

    /// Whether the user passed --force.
    var force = false
    /// The command's input paths.
    var inputs: [String] = []

    /// A name to suggest when the path is taken by a folder (`junit.xml`, `run.resultbundle`).
    var suggestedName: String?

    /// Checks `path` and says how to write there; throws a refusal (exit code 2) that says what is there and how
    /// to proceed.
    func plan(for path: String) throws -> OutputPlan {
        if path == "-" || Self.standardOutputNames.contains(path) {
            guard shape != .folder else {
                throw refusal("- (standard output) cannot hold a folder; name a folder with -o")
            }
            return .standardOutput
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard let entry = PathEntry(url) else { return .replace(url) }
        if entry.kind == .symlink { return try planThroughLink(url, shownAs: path) }
        return try plan(for: url, entry: entry, shownAs: path)
    }

    private func plan(for url: URL, entry: PathEntry, shownAs name: String) throws -> OutputPlan {
        switch entry.kind {
        case .characterDevice, .fifo:
            guard shape != .folder else {
                throw refusal("\(name) is \(entry.kind.description); \(shape.noun) needs a folder there")
            }
            return .writeThrough(url)
        case .blockDevice, .socket, .other:
            throw refusal("\(name) is \(entry.kind.description); \(shape.noun) never replaces one: choose another name")
        case .directory:
            return try planOverFolder(url, shownAs: name)
        case .regularFile:
            return try planOverFile(url, entry: entry, shownAs: name)
        case .symlink:
            throw refusal("\(name) is a chain of symlinks; choose another name")
        }
    }

    private func planOverFolder(_ url: URL, shownAs name: String) throws -> OutputPlan {
        guard shape == .folder else {
            throw refusal(
                "\(name) is a folder; \(shape.noun) never replaces a folder: choose a file name, for example "
                    + "\(name.hasSuffix("/") ? name : name + "/")\(defaultFileName)")
        }
        if let reason = ProtectedFolders(inputs: inputs).reason(for: url) {
            throw refusal("\(name) is \(reason); resultbundle never replaces it, even with --force: name a new folder")
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path).sorted()) ?? []
        if contents.isEmpty || FolderMarker.isPresent(in: url) || force { return .replace(url) }
        throw refusal(
            "\(name) holds \(contents[0]), which resultbundle did not write (the folder has no "
                + "\(FolderMarker.fileName) marker); choose an empty folder or pass --force to replace the whole folder"
        )
    }

    private func planOverFile(_ url: URL, entry: PathEntry, shownAs name: String) throws -> OutputPlan {
        if inputs.contains(where: { PathEntry(URL(fileURLWithPath: $0))?.isSameFile(as: entry) == true }) {
            throw refusal("\(name) is also an input of this command; write the output to another name")
        }
        switch shape {
        case .document(let kind):
            if force || kind.recognizes(url) { return .replace(url) }
            throw refusal(
                "\(name) exists and is not \(kind.description); resultbundle replaces only what it wrote: choose "
                    + "another name or pass --force to replace it")
        case .bundle:
            if force || BundleSniffer.isBundle(url) { return .replace(url) }
            throw refusal(
                "\(name) exists and is not a result bundle (it does not start with the bundle magic bytes); "
                    + "choose another name or pass --force to replace it")
        case .folder:
            if force { return .replace(url) }
            throw refusal(
                "\(name) is a file, and \(shape.noun) replaces only a folder; choose another name or pass --force "
                    + "to replace the file")
        }
    }

    /// A symlink is written through when it points to a device or FIFO, and otherwise follows the rules for its
    /// target, which must be inside the link's own folder; the link itself stays.
    private func planThroughLink(_ link: URL, shownAs name: String) throws -> OutputPlan {
        if shape != .folder, let kind = PathEntry(following: link)?.kind,
            [.characterDevice, .fifo, .socket].contains(kind)
        {
            return .writeThrough(link)
        }
        guard let target = SymlinkTarget.resolve(link) else {
            throw refusal("\(name) is a symlink that cannot be resolved (a loop?); remove it or choose another name")
        }
        let folder = SymlinkTarget.realFolder(of: link)
        guard target.path.hasPrefix(folder.path == "/" ? "/" : folder.path + "/") else {
            throw refusal(
                "\(name) is a symlink to \(target.path), outside its folder; resultbundle never replaces what a "
                    + "link points to elsewhere, even with --force: remove the link or choose another name")
        }
        guard let entry = PathEntry(target) else { return .replace(target) }
        return try plan(for: target, entry: entry, shownAs: "\(name) (a link to \(target.lastPathComponent))")
    }

    private var defaultFileName: String {
        if let suggestedName { return suggestedName }
        return shape == .bundle ? "TestResults.resultbundle" : "output"
    }

    private func refusal(_ message: String) -> CLIError { CLIError(message) }
}
