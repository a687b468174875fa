// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ResultBundle",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "resultbundle", targets: ["resultbundle"]),
        .library(name: "ResultModel", targets: ["ResultModel"]),
        .library(name: "ResultBundle", targets: ["ResultBundle"]),
        .library(name: "ResultRecorder", targets: ["ResultRecorder"]),
        .library(name: "TerminalEmulation", targets: ["TerminalEmulation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CSQLite3",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The one system call Swift's Glibc module leaves out (renameat2), for replacing outputs atomically.
        .target(name: "CSystemShims"),
        .target(name: "ResultModel"),
        // Small things several modules need, each in one place (package access, not a product).
        .target(name: "ResultSupport", dependencies: ["ResultModel", "CSystemShims"]),
        // SHA-256 content hashes, apart from ResultSupport so that only the modules that hash link swift-crypto.
        .target(name: "ContentHashing", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "ResultBundle",
            dependencies: [
                "ResultModel", "ResultSupport", "ContentHashing", "CZlib", "CLibDeflate",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Records/RecordSchema.txt"]
        ),
        .target(name: "TerminalEmulation", dependencies: ["ResultModel", "ResultSupport"]),
        .target(name: "ResultImport", dependencies: ["ResultModel", "ResultSupport", "CLibXML2", "CSQLite3"]),
        // Code coverage files of every format, read into one model; reuses ResultImport's readers.
        .target(name: "Coverage", dependencies: ["ResultModel", "ResultSupport", "ResultImport"]),
        .target(
            name: "HTMLReport",
            dependencies: [
                "ResultModel", "ResultSupport", "ContentHashing",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(name: "JUnitExport", dependencies: ["ResultModel", "ResultSupport", "CLibXML2"]),
        .target(name: "PerformanceBaselines", dependencies: ["ResultModel", "ResultSupport"]),
        .target(name: "RunComparison", dependencies: ["ResultModel", "ResultSupport"]),
        .target(name: "RunHistory", dependencies: ["ResultModel", "ResultSupport", "ContentHashing", "CZlib"]),
        .target(name: "CIAnnotations", dependencies: ["ResultModel", "ResultSupport", "ContentHashing"]),
        .target(name: "TestSharding", dependencies: ["ResultModel"]),
        .target(
            name: "ResultRecorder",
            dependencies: ["ResultModel", "ResultSupport", "ResultBundle", "TerminalEmulation", "PerformanceBaselines"]),
        .target(
            name: "ResultBundleCLI",
            dependencies: [
                "ResultModel", "ResultSupport", "ContentHashing", "ResultBundle", "TerminalEmulation", "ResultImport",
                "HTMLReport", "JUnitExport", "PerformanceBaselines", "RunComparison", "RunHistory", "CIAnnotations",
                "TestSharding", "CSystemShims", "Coverage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "resultbundle", dependencies: ["ResultBundleCLI"]),
        // Test and benchmark helper of the bundle format (kill tests, benchmarks); not a product.
        .executableTarget(
            name: "resultbundle-format-tool",
            dependencies: ["ResultBundle", "ResultModel"],
            path: "Sources/ResultBundleFormatTool"
        ),
        .target(
            name: "_TestSupport",
            dependencies: ["ResultModel", "ResultBundle"],
            path: "Tests/_TestSupport"
        ),
        // The parsers as libFuzzer targets (docs/FUZZING.md); replayed on seeds and regressions by FuzzTargetsTests.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "ResultModel", "ResultSupport", "ResultBundle", "ResultImport", "TerminalEmulation", "HTMLReport",
                "PerformanceBaselines", "RunComparison", "RunHistory", "Coverage",
            ]
        ),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "_TestSupport"]),
        .testTarget(name: "ResultModelTests", dependencies: ["ResultModel", "_TestSupport"]),
        .testTarget(name: "ResultSupportTests", dependencies: ["ResultSupport", "_TestSupport"]),
        .testTarget(name: "ResultBundleTests", dependencies: ["ResultBundle", "ContentHashing", "_TestSupport"]),
        .testTarget(name: "TerminalEmulationTests", dependencies: ["TerminalEmulation", "_TestSupport"]),
        .testTarget(name: "ResultImportTests", dependencies: ["ResultImport", "_TestSupport"]),
        .testTarget(name: "CoverageTests", dependencies: ["Coverage", "ResultImport", "_TestSupport"]),
        .testTarget(
            name: "HTMLReportTests",
            dependencies: ["HTMLReport", "ResultSupport", "ContentHashing", "Coverage", "_TestSupport"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "JUnitExportTests", dependencies: ["JUnitExport", "_TestSupport"]),
        .testTarget(name: "PerformanceBaselinesTests", dependencies: ["PerformanceBaselines", "_TestSupport"]),
        .testTarget(name: "RunComparisonTests", dependencies: ["RunComparison", "_TestSupport"]),
        .testTarget(
            name: "CIAnnotationsTests", dependencies: ["CIAnnotations", "ResultBundle", "_TestSupport"],
            exclude: ["Goldens"]),
        .testTarget(name: "RunHistoryTests", dependencies: ["RunHistory", "RunComparison", "_TestSupport"]),
        .testTarget(
            name: "TestShardingTests", dependencies: ["TestSharding", "RunComparison", "ResultBundle", "_TestSupport"]),
        .testTarget(name: "ResultRecorderTests", dependencies: ["ResultRecorder", "_TestSupport"]),
        .testTarget(name: "ResultBundleCLITests", dependencies: ["ResultBundleCLI", "_TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` (scripts/fuzz.sh) builds the libFuzzer binary with RESULTBUNDLE_FUZZ=1 and
// `-sanitize=fuzzer,address -parse-as-library`; it has no `main` of its own, so it exists only then.
if Context.environment["RESULTBUNDLE_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(name: "resultbundle-fuzz", dependencies: ["FuzzTargets"], path: "Fuzz/Entry"))
    package.products.append(.executable(name: "resultbundle-fuzz", targets: ["resultbundle-fuzz"]))
}
