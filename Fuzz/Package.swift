// swift-tools-version:5.4
import PackageDescription

/// The fuzz targets of snap-host (docs/FUZZING.md): one libFuzzer executable per parser, built
/// apart from the main package (scripts/fuzz builds them with `-sanitize=fuzzer,address` and
/// `-enable-testing`, for the parsers' internal entry points). Not part of `swift build` at the root.
///
/// Tools version 5.4 on purpose: from 5.5 SwiftPM links an executable with `main` renamed to
/// `<Module>_main` (so tests can link executables), which a libFuzzer target does not define
/// (libFuzzer brings `main`). 5.4 also means the Swift 5 language mode for these files.
let package = Package(
    name: "snap-host-fuzz",
    dependencies: [
        .package(name: "snap-host", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // What every target shares: the check that stops a run on a broken property.
        .target(name: "FuzzKit"),
        .executableTarget(
            name: "FuzzFrame",
            dependencies: [
                "FuzzKit",
                .product(name: "Matchmaking", package: "snap-host"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: [
                "FuzzKit",
                .product(name: "Vocabulary", package: "snap-host"),
                .product(name: "Matchmaking", package: "snap-host"),
                .product(name: "Trivia", package: "snap-host"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "FuzzGames",
            dependencies: [
                "FuzzKit",
                .product(name: "Matchmaking", package: "snap-host"),
                .product(name: "GameRuntime", package: "snap-host"),
                .product(name: "Trivia", package: "snap-host"),
                .product(name: "SnapGame", package: "snap-host"),
                .product(name: "Pong", package: "snap-host"),
            ]),
        .executableTarget(
            name: "FuzzBank",
            dependencies: [
                "FuzzKit",
                .product(name: "Trivia", package: "snap-host"),
            ]),
        .executableTarget(
            name: "FuzzTXT",
            dependencies: [
                "FuzzKit",
                .product(name: "Discovery", package: "snap-host"),
            ]),
        .executableTarget(
            name: "FuzzDBus",
            dependencies: [
                "FuzzKit",
                .product(name: "Discovery", package: "snap-host"),
            ]),
        .executableTarget(
            name: "FuzzDatagram",
            dependencies: [
                "FuzzKit",
                .product(name: "Matchmaking", package: "snap-host"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .executableTarget(
            name: "FuzzHTTP",
            dependencies: [
                "FuzzKit",
                .product(name: "Web", package: "snap-host"),
                .product(name: "Matchmaking", package: "snap-host"),
                .product(name: "GameRuntime", package: "snap-host"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "FuzzXLSX",
            dependencies: [
                "FuzzKit",
                .product(name: "Spreadsheet", package: "snap-host"),
            ]),
        .executableTarget(
            name: "FuzzPicture",
            dependencies: [
                "FuzzKit",
                .product(name: "QuizLibrary", package: "snap-host"),
            ]),
        .executableTarget(
            name: "FuzzUpload",
            dependencies: [
                "FuzzKit",
                .product(name: "Web", package: "snap-host"),
                .product(name: "Trivia", package: "snap-host"),
                .product(name: "QuizLibrary", package: "snap-host"),
                .product(name: "GameRuntime", package: "snap-host"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "FuzzClockTime",
            dependencies: [
                "FuzzKit",
                .product(name: "GameRuntime", package: "snap-host"),
            ]),
    ]
)
