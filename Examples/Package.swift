// swift-tools-version: 6.0
import PackageDescription

// An example package whose tests record steps, attachments, terminal snapshots and measurements with
// ResultRecorder. `make demo` records it with `resultbundle record -- swift test`.
let package = Package(
    name: "WordTally",
    dependencies: [.package(name: "ResultBundle", path: "..")],
    targets: [
        .target(name: "WordTally"),
        .executableTarget(name: "wordtally", dependencies: ["WordTally"]),
        .testTarget(
            name: "WordTallyTests",
            dependencies: [
                "WordTally", "wordtally",
                .product(name: "ResultRecorder", package: "ResultBundle"),
            ]
        ),
    ]
)
