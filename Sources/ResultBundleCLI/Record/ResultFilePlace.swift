import Foundation

/// A place `record` looks for result files the test command writes (`--results`): a file, a folder (searched
/// through for JUnit XML and event streams) or a glob, and why it is looked at.
struct ResultFilePlace: Equatable {
    enum Kind: Equatable {
        case file, folder, glob
    }

    var path: String
    var kind: Kind
    /// Who writes there, for `--results auto` ("pytest --junitxml"); `nil` for a place the user named.
    var writer: String?

    /// A place the user named: a glob when it has `*`, `?` or `[`, a folder when one is there, else a file (which
    /// the command may create).
    init(named path: String) {
        self.path = path
        if path.contains(where: { "*?[".contains($0) }) {
            kind = .glob
        } else {
            var isFolder: ObjCBool = false
            kind =
                FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                ? .folder : .file
        }
    }

    init(path: String, kind: Kind, writer: String?) {
        self.path = path
        self.kind = kind
        self.writer = writer
    }

    /// The place as the "looked for" message names it.
    var description: String {
        let shown = kind == .folder && !path.hasSuffix("/") ? path + "/" : path
        return writer.map { "\(shown) (\($0))" } ?? shown
    }

    /// The places `--results auto` looks at for `command`, run with `environment`: pytest's `--junitxml` (or
    /// `--junit-xml`) argument, Maven Surefire's and Failsafe's report folders, Gradle's `build/test-results`
    /// (in the current folder and one level of modules below it), and jest-junit's output (its
    /// `JEST_JUNIT_OUTPUT_FILE`, or `JEST_JUNIT_OUTPUT_DIR` and `JEST_JUNIT_OUTPUT_NAME`, else `junit.xml`).
    static func knownRunnerPlaces(command: [String], environment: [String: String]) -> [ResultFilePlace] {
        var places: [ResultFilePlace] = []
        for (index, argument) in command.enumerated() {
            for option in ["--junitxml", "--junit-xml"] {
                if argument.hasPrefix(option + "=") {
                    places.append(
                        .init(
                            path: String(argument.dropFirst(option.count + 1)), kind: .file, writer: "pytest " + option)
                    )
                } else if argument == option, index + 1 < command.count {
                    places.append(.init(path: command[index + 1], kind: .file, writer: "pytest " + option))
                }
            }
        }
        places += [
            .init(path: "target/surefire-reports", kind: .folder, writer: "Maven Surefire"),
            .init(path: "target/failsafe-reports", kind: .folder, writer: "Maven Failsafe"),
            .init(path: "*/target/surefire-reports", kind: .glob, writer: "Maven Surefire, modules"),
            .init(path: "build/test-results", kind: .folder, writer: "Gradle"),
            .init(path: "*/build/test-results", kind: .glob, writer: "Gradle, modules"),
        ]
        let jest: String
        if let file = environment["JEST_JUNIT_OUTPUT_FILE"], !file.isEmpty {
            jest = file
        } else {
            let folder = environment["JEST_JUNIT_OUTPUT_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
            let name = environment["JEST_JUNIT_OUTPUT_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? "junit.xml"
            jest = folder == "." ? name : (folder as NSString).appendingPathComponent(name)
        }
        places.append(.init(path: jest, kind: .file, writer: "jest-junit"))
        return places
    }
}
