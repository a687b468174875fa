import ResultModel
import ResultSupport

/// One frame of a Swift backtrace, as the runtime's backtracer prints it:
/// `  3 [ra]          0x00005562d880ba51 ExitCodeTests.testExitCodes() + 112 in PackageTests.xctest at
/// /src/Tests/UnitTests/ExitCodeTests.swift:30:37`: a number, flags (`[ra]`, `[system]`, `[thunk]`,
/// `[inlined]`), an address, the symbol, `in IMAGE` and, with debug information, `at FILE:LINE:COLUMN`.
///
/// A frame lies in the project's own sources when it has a place, the backtracer did not flag it as the system's
/// or a thunk, its image is not a library of the Swift runtime, and its file is none of the toolchain's (the
/// standard library, XCTest, Foundation, Dispatch, swift-testing) nor compiler-generated.
struct CrashFrame {
    /// The frame as printed, without its leading spaces.
    let text: String
    /// Its place, when it lies in the project's own sources.
    let projectLocation: SourceLocation?

    /// Reads a frame line; `nil` for any other line.
    init?(_ line: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < line.count, line[index] == 0x20 { index += 1 }
        let start = index
        while index < line.count, (48...57).contains(line[index]) { index += 1 }
        guard index > start, index < line.count, line[index] == 0x20 else { return nil }
        let rest = UnsafeBufferPointer(rebasing: line[index...])
        guard let address = rest.firstRange(of: " 0x") else { return nil }
        let flags = UnsafeBufferPointer(rebasing: rest[0..<address.lowerBound])
        guard flags.allSatisfy({ $0 == 0x20 || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 >= 0x61 })
        else { return nil }
        text = line.string(start..<line.count)
        let isSystem = flags.firstRange(of: "[system]") != nil || flags.firstRange(of: "[thunk]") != nil
        guard !isSystem, let at = rest.lastRange(of: " at "),
            let location = CrashEvidence.place(rest.string(at.upperBound..<rest.count)),
            Self.isProjectPath(location.file)
        else {
            projectLocation = nil
            return
        }
        if let image = rest.lastRange(of: " in "), image.upperBound <= at.lowerBound,
            Self.isRuntimeImage(rest.string(image.upperBound..<at.lowerBound))
        {
            projectLocation = nil
            return
        }
        projectLocation = location
    }

    /// Modules of the toolchain, as the first component of a `#fileID` (`Swift/ContiguousArrayBuffer.swift`).
    private static let runtimeModules: Set<Substring> = [
        "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Observation", "Distributed", "Cxx",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "XCTest", "Testing", "_Testing_Foundation", "Dispatch", "RegexBuilder",
    ]

    /// Folders of the toolchain's own sources, as they appear in its debug information.
    private static let runtimeFolders: [String] = [
        "/swift/stdlib/", "/swift-corelibs-", "/swift-foundation/", "/swift-testing/Sources/", "/usr/lib/swift/",
        "/usr/include/",
    ]

    /// Whether a path can be one of the project's files: not the toolchain's, not generated.
    static func isProjectPath(_ path: String) -> Bool {
        if path.hasSuffix("<compiler-generated>") || path.hasPrefix("<") { return false }
        if !path.hasPrefix("/"), let slash = path.firstIndex(of: "/"), runtimeModules.contains(path[..<slash]) {
            return false
        }
        return !runtimeFolders.contains { path.contains($0) }
    }

    /// Whether an image is a library of the Swift runtime or the C library (`libswiftCore.so`, `libXCTest.so`).
    private static func isRuntimeImage(_ image: String) -> Bool {
        let prefixes = [
            "libswift", "libXCTest", "libFoundation", "libdispatch", "libTesting", "lib_Testing", "libc.so",
            "libstdc++", "libBlocksRuntime", "ld-linux",
        ]
        return prefixes.contains { image.hasPrefix($0) }
    }
}
