// swift-tools-version:6.1
import PackageDescription

/// snap-host: find each other on the LAN (DNS-SD) or over Bluetooth, match players up to a cap,
/// and hand the session to a game. See docs/ and ../shared/DESIGN.md.
let package = Package(
    name: "snap-host",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Discovery", targets: ["Discovery"]),
        .library(name: "Vocabulary", targets: ["Vocabulary"]),
        .library(name: "Matchmaking", targets: ["Matchmaking"]),
        .library(name: "Rendezvous", targets: ["Rendezvous"]),
        .library(name: "SecureLink", targets: ["SecureLink"]),
        .library(name: "GameRuntime", targets: ["GameRuntime"]),
        .library(name: "Web", targets: ["Web"]),
        .library(name: "QuizLibrary", targets: ["QuizLibrary"]),
        .library(name: "Trivia", targets: ["Trivia"]),
        .library(name: "SnapGame", targets: ["SnapGame"]),
        .library(name: "Pong", targets: ["Pong"]),
        .library(name: "Punchline", targets: ["Punchline"]),
        .library(name: "Spreadsheet", targets: ["Spreadsheet"]),
        .executable(name: "snap-host", targets: ["snap-host"]),
        .executable(name: "snap-crowd", targets: ["snap-crowd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        // DocC documentation (scripts/docs): a command plugin only, used by `swift package
        // generate-documentation`; no target depends on it, so it adds nothing to any binary.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CAvahi", path: "Sources/CAvahi", pkgConfig: "avahi-client",
            providers: [.apt(["libavahi-client-dev"])]),
        .systemLibrary(
            name: "CBlueZ", path: "Sources/CBlueZ", pkgConfig: "bluez",
            providers: [.apt(["libbluetooth-dev"])]),
        .systemLibrary(
            name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(
            name: "CQRencode", path: "Sources/CQRencode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        // gzip for the web port's pages, compressed once at start (docs/ARCHITECTURE.md says why
        // zlib and not a deflate of our own).
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "Discovery",
            dependencies: [
                "CAvahi", "CBlueZ", "CDBus",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The words the session core and the games share: ids, reasons, payload coding, clocks,
        // the session as a game sees it. No NIO: a game depends on this, never on Matchmaking.
        .target(name: "Vocabulary"),
        .target(
            name: "Matchmaking",
            dependencies: [
                "Vocabulary",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // TLS 1.3 on TCP links: the host's key and certificate, pinning and trust on first use.
        .target(
            name: "SecureLink",
            dependencies: [
                "Matchmaking",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "Rendezvous",
            dependencies: [
                "Discovery", "Matchmaking", "SecureLink",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // What a game is written against: the table protocol, the lobby cycle, effects, fairness,
        // the runners and terminals, all on Vocabulary's session protocols (no Matchmaking, no NIO).
        .target(
            name: "GameRuntime",
            dependencies: [
                "Vocabulary",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // The living room: the host's HTTP/WebSocket port, its pages (embedded) and the TV feed.
        .target(
            name: "Web",
            dependencies: [
                "Matchmaking", "GameRuntime", "CQRencode", "CZlib",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [
                .embedInCode("Pages/phone.html"), .embedInCode("Pages/screen.html"), .embedInCode("Pages/host.html"),
                .embedInCode("Pages/style.css"), .embedInCode("Pages/tv.css"), .embedInCode("Pages/host.css"), .embedInCode("Pages/phone.mjs"), .embedInCode("Pages/screen.mjs"),
                .embedInCode("Pages/host.mjs"), .embedInCode("Pages/dom.mjs"), .embedInCode("Pages/link.mjs"),
                .embedInCode("Pages/sha256.mjs"), .embedInCode("Pages/feed.mjs"), .embedInCode("Pages/words.mjs"),
                .embedInCode("Pages/game.mjs"),
            ]),
        // The host's own quizzes in its state directory (documents it does not read, and their
        // pictures, checked by their bytes): no NIO, no game, no web.
        .target(
            name: "QuizLibrary",
            dependencies: [
                "Vocabulary", "Spreadsheet",  // Spreadsheet: CRC-32, PNG's chunk checksum
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(name: "Trivia", dependencies: ["Vocabulary", "GameRuntime", "Spreadsheet", "QuizLibrary", .product(name: "Logging", package: "swift-log"), .product(name: "OrderedCollections", package: "swift-collections")],
                // its page module (docs/WEB.md, "A game's page module") and the host page's quiz library (served by QuizDesk)
                resources: [
                    .embedInCode("Page/trivia.mjs"), .embedInCode("Page/trivia-watch.mjs"), .embedInCode("Page/quizzes.mjs"),
                    .embedInCode("Page/reports.mjs"),
                ]),
        .target(name: "SnapGame", dependencies: ["Vocabulary", "GameRuntime", .product(name: "Logging", package: "swift-log")],
                resources: [.embedInCode("Page/snap.mjs")]),  // its page module (docs/WEB.md, "A game's page module")
        .target(name: "Pong", dependencies: ["Vocabulary", "GameRuntime", .product(name: "Logging", package: "swift-log")],
                resources: [.embedInCode("Page/pong.mjs")]),  // its page module (docs/WEB.md, "A game's page module")
        .target(name: "Punchline", dependencies: ["Vocabulary", "GameRuntime"],
                resources: [.embedInCode("Page/punchline.mjs")]),  // its page module (docs/WEB.md, "A game's page module")
        // The cells of an .xlsx file (zip, deflate, XML) in pure Swift: no dependency, no C library,
        // no Foundation, so the static binary stays small (docs/ARCHITECTURE.md).
        .target(name: "Spreadsheet"),
        .executableTarget(
            name: "snap-host",
            dependencies: [
                "Matchmaking", "Discovery", "Rendezvous", "SecureLink", "GameRuntime", "Trivia", "SnapGame", "Pong", "Punchline", "Web",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The binary exports no symbols: Swift's static runtime asks the linker to export every
            // one, which also keeps each from --gc-sections (docs/PI.md, "Size").
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]),
        .executableTarget(
            name: "snap-bench",
            dependencies: [
                "Matchmaking", "Discovery", "Rendezvous", "SecureLink",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/SnapBench"),
        // C; links zlib (a gzipped page, storm.c): the load generator and bare server of scripts/bench-crowd.
        .executableTarget(name: "snap-crowd", path: "Sources/snap-crowd", linkerSettings: [.linkedLibrary("z")]),
        .testTarget(
            name: "DiscoveryTests",
            dependencies: ["Discovery", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "RendezvousTests",
            dependencies: ["Rendezvous", "Discovery", "Matchmaking", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "GameRuntimeTests", dependencies: ["GameRuntime", "Matchmaking", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "QuizLibraryTests",
            dependencies: [
                "QuizLibrary", "Vocabulary", "Spreadsheet",
                .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            exclude: ["Fixtures/make-fixtures.py"],
            resources: [
                .embedInCode("Fixtures/tiny.png"), .embedInCode("Fixtures/tiny.jpg"), .embedInCode("Fixtures/progressive.jpg"),
                .embedInCode("Fixtures/tiny.gif"), .embedInCode("Fixtures/lossless.webp"), .embedInCode("Fixtures/lossy.webp"),
                .embedInCode("Fixtures/alpha.webp"),
            ]),
        .testTarget(name: "TriviaTests", dependencies: ["Trivia", "GameRuntime", "Matchmaking", "QuizLibrary"]),
        .testTarget(name: "SnapGameTests", dependencies: ["SnapGame", "GameRuntime", "Matchmaking"]),
        .testTarget(name: "PongTests", dependencies: ["Pong", "GameRuntime", "Matchmaking"]),
        .testTarget(name: "PunchlineTests", dependencies: ["Punchline", "GameRuntime", "Vocabulary"]),
        .testTarget(name: "SpreadsheetTests", dependencies: ["Spreadsheet"], exclude: ["make-fixtures.py"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "Matchmaking", "GameRuntime", "Trivia", "SnapGame",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "WebTests",
            dependencies: [
                "Web", "Matchmaking", "GameRuntime", "Trivia", "SnapGame", "Pong",
                "Spreadsheet",  // its own inflate reads back the pages' gzip (not zlib, which made it)
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]),
        .testTarget(
            name: "SecureLinkTests",
            dependencies: [
                "SecureLink", "Matchmaking",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "MatchmakingTests",
            dependencies: [
                "Matchmaking",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]),
    ]
)
