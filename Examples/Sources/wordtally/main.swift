import WordTally

#if canImport(Glibc)
    import Glibc
#endif

// Counts the words of its arguments, or asks for a line of text when given none.
let color = isatty(STDOUT_FILENO) != 0
var text = CommandLine.arguments.dropFirst().joined(separator: " ")
if text.isEmpty {
    print("\u{1B}[36mEnter text>\u{1B}[0m ", terminator: "")
    fflush(nil)
    text = readLine() ?? ""
}
print(WordTally(text).table(color: color))
