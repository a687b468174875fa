import Coverage
import Foundation
import Testing

/// The diff reader on what real git prints for a history made in the test, and on other tools' diffs.
struct UnifiedDiffReaderTests {
    static let original = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"

    /// A history whose second state changes files in every way git has a header for.
    static func history() throws -> GitHistory {
        let repository = try GitHistory([
            "src/edited.c": original,
            "src/gone.c": "a\nb\n",
            "src/moved.c": original,
            "src/renamed only.c": "x\ny\n",
            "tail.txt": "first\nsecond",
        ])
        var edited = original.split(separator: "\n").map(String.init)
        edited[1] = "line 2 rewritten"  // line 2
        edited.insert(contentsOf: ["new a", "new b"], at: 6)  // lines 7 and 8
        edited.remove(at: 11)  // an old line gone: nothing added
        var moved = original.split(separator: "\n").map(String.init)
        moved[11] = "line 12 changed"
        try repository.write([
            "src/edited.c": edited.joined(separator: "\n") + "\n",
            "src/gone.c": nil,
            "src/moved.c": nil,
            "lib/moved.c": moved.joined(separator: "\n") + "\n",
            "src/renamed only.c": nil,
            "src/now with spaces.c": "x\ny\n",
            "src/new file.c": "one\ntwo\nthree\n",
            "src/café \"q\".c": "é\n",
            "tail.txt": "first\nsecond changed",
        ])
        try repository.write([0, 1, 2, 0, 255], to: "image.bin")
        try repository.git("add", "-A")
        return repository
    }

    static let expected: [ChangedFile] = [
        ChangedFile(oldPath: nil, newPath: "image.bin", isBinary: true),
        ChangedFile(oldPath: "src/moved.c", newPath: "lib/moved.c", addedLines: [12]),
        ChangedFile(oldPath: nil, newPath: "src/café \"q\".c", addedLines: [1]),
        ChangedFile(oldPath: "src/edited.c", newPath: "src/edited.c", addedLines: [2, 7, 8]),
        ChangedFile(oldPath: "src/gone.c", newPath: nil),
        ChangedFile(oldPath: nil, newPath: "src/new file.c", addedLines: [1, 2, 3]),
        ChangedFile(oldPath: "src/renamed only.c", newPath: "src/now with spaces.c"),
        ChangedFile(oldPath: "tail.txt", newPath: "tail.txt", addedLines: [2]),
    ]

    static func sorted(_ diff: UnifiedDiff) -> [ChangedFile] {
        diff.files.sorted { ($0.newPath ?? $0.oldPath ?? "") < ($1.newPath ?? $1.oldPath ?? "") }
    }

    @Test(arguments: [
        ["--unified=0"], ["--unified=3"], ["--unified=0", "--no-prefix"], ["--unified=5", "--no-prefix"],
        ["--unified=1", "-c", "diff.mnemonicPrefix=true"],
    ])
    func readsWhatGitPrintsForEveryKindOfChange(options: [String]) throws {
        let repository = try Self.history()
        var arguments = options.filter { $0 != "-c" && !$0.hasPrefix("diff.") }
        var configuration: [String] = []
        if let index = options.firstIndex(of: "-c") { configuration = ["-c", options[index + 1]] }
        arguments = configuration + ["diff", "--cached", "--find-renames"] + arguments
        let bytes = try repository.git(arguments)
        let diff = try UnifiedDiffReader.read(bytes, fileName: "git diff")
        #expect(Self.sorted(diff) == Self.expected, "\(options)")
    }

    @Test func readsTheSameDiffFromAFileDescriptorAsFromBytes() throws {
        let repository = try Self.history()
        let bytes = try repository.git("diff", "--cached", "--find-renames")
        let path = try CoverageFixtures.write(String(decoding: bytes, as: UTF8.self), named: "change.diff")
        let file = try #require(FileHandle(forReadingAtPath: path))
        defer { try? file.close() }
        let streamed = try UnifiedDiffReader.read(descriptor: file.fileDescriptor, fileName: path)
        #expect(streamed == (try UnifiedDiffReader.read(bytes, fileName: path)))
    }

    @Test func readsPlainDiffOutputWithTimestamps() throws {
        let repository = try GitHistory(["old/a.c": Self.original])
        try repository.write(["new/a.c": Self.original.replacingOccurrences(of: "line 5\n", with: "five\n")])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["diff", "-ru", "old", "new"]
        process.currentDirectoryURL = repository.folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let diff = try UnifiedDiffReader.read(Array(bytes), fileName: "diff -ru")
        #expect(diff.files == [ChangedFile(oldPath: "old/a.c", newPath: "new/a.c", addedLines: [5])])
    }

    @Test func skipsACommitMessageAndNoNewlineMarkers() throws {
        let patch = """
            From 1234 Mon Sep 17 00:00:00 2001
            Subject: [PATCH] change

            --- a note in the message, not a file
            ---
             a.c | 2 +-

            diff --git a/a.c b/a.c
            index 1..2 100644
            --- a/a.c
            +++ b/a.c
            @@ -1 +1 @@
            -old
            \\ No newline at end of file
            +new
            \\ No newline at end of file
            --\u{20}
            2.39.5

            """
        let diff = try UnifiedDiffReader.read(Array(patch.utf8), fileName: "patch")
        #expect(diff.files == [ChangedFile(oldPath: "a.c", newPath: "a.c", addedLines: [1])])
    }

    @Test func refusesAHunkThatEndsEarlyWithItsLine() throws {
        let text = "--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,3 @@\n line\n+added\n"
        #expect {
            try UnifiedDiffReader.read(Array(text.utf8), fileName: "cut.diff")
        } throws: { error in
            let error = error as? CoverageError
            return error?.place.file == "cut.diff"
                && error?.message
                    == "the input ends inside the hunk of line 3: 1 old and 1 new lines were still to come"
        }
        let interrupted = "--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,2 @@\n line\nsomething else\n"
        #expect {
            try UnifiedDiffReader.read(Array(interrupted.utf8), fileName: "cut.diff")
        } throws: { error in
            (error as? CoverageError)?.place.line == 5
        }
    }

    @Test(arguments: [
        "--- a/x\n+++ b/x\n@@ -1,a +1 @@\n", "--- a/x\n+++ b/x\n@@ 1 1 @@\n",
        "--- a/x\n+++ b/x\n@@ -1 +99999999999 @@\n",
        "@@ -1 +1 @@\n-a\n+b\n", "--- \"a/x\n+++ b/x\n", "--- \"a/\\q\"\n+++ b/x\n",
    ])
    func refusesMalformedHeadersWithTheirLine(text: String) throws {
        #expect(throws: CoverageError.self) { try UnifiedDiffReader.read(Array(text.utf8), fileName: "bad.diff") }
    }
}
