import GameRuntime

/// The pages, styles and scripts, embedded in the binary (nothing to install beside it), by path.
enum Assets {
    /// One file to serve.
    struct File: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// Its strong validator: a hash of its bytes, quoted (`"9c1e02ab77d031f4"`). A browser
        /// that has these bytes asks with `If-None-Match` and gets `304 Not Modified`.
        let etag: String

        init(bytes: [UInt8], contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
            etag = Self.etag(of: bytes)
        }

        /// FNV-1a (64 bits) of `bytes` in hex, quoted: the files are few and made by the build, so
        /// a 64-bit hash tells their versions apart.
        static func etag(of bytes: [UInt8]) -> String {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            let hex = String(hash, radix: 16)
            return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
        }

        /// Whether an `If-None-Match` value names this file's bytes (`*`, or its tag among those
        /// listed, weak or not: RFC 9110's weak comparison).
        func matches(ifNoneMatch value: String) -> Bool {
            value.split(separator: ",").contains { candidate in
                var tag = candidate.trimmingPrefix(" ")
                while tag.last == " " { tag = tag.dropLast() }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                return tag == "*" || tag == etag
            }
        }
    }

    /// Every path served, and what, but the game's page module (``file(at:game:)``). The
    /// pages are ES modules: each page loads one (`<script type="module">`), which imports the
    /// shared ones by these paths.
    static let files: [String: File] = [
        "/": File(bytes: PackageResources.phone_html, contentType: html),
        "/screen": File(bytes: PackageResources.screen_html, contentType: html),
        "/host": File(bytes: PackageResources.host_html, contentType: html),
        "/style.css": File(bytes: PackageResources.style_css, contentType: "text/css; charset=utf-8"),
        "/phone.mjs": File(bytes: PackageResources.phone_mjs, contentType: script),
        "/screen.mjs": File(bytes: PackageResources.screen_mjs, contentType: script),
        "/host.mjs": File(bytes: PackageResources.host_mjs, contentType: script),
        "/dom.mjs": File(bytes: PackageResources.dom_mjs, contentType: script),
        "/link.mjs": File(bytes: PackageResources.link_mjs, contentType: script),
        "/sha256.mjs": File(bytes: PackageResources.sha256_mjs, contentType: script),
        "/feed.mjs": File(bytes: PackageResources.feed_mjs, contentType: script),
        "/words.mjs": File(bytes: PackageResources.words_mjs, contentType: script),
        "/game.mjs": File(bytes: PackageResources.game_mjs, contentType: script),
    ]

    static let html = "text/html; charset=utf-8"
    static let script = "text/javascript; charset=utf-8"

    /// The running game's page module as served: its name, its path and the file, made (and its
    /// validator hashed) once for the web port, not at each request.
    struct GameModule: Sendable {
        /// The game's name (`trivia`).
        let name: String
        /// Where it is served (`/games/trivia.mjs`).
        let path: String
        /// The module.
        let file: File

        init(_ page: GamePage) {
            name = page.name
            path = page.path
            file = File(bytes: page.script, contentType: Assets.script)
        }
    }

    /// What is served at `path`: one of ``files``, or the game's page module at its path.
    static func file(at path: String, game: GameModule?) -> File? {
        if let game, path == game.path { return game.file }
        return files[path]
    }

    /// Asked for by browsers on their own: answered `204 No Content` (the pages have no icon; a
    /// `data:` one would need `img-src data:` in the policy, a 404 is an error in the browser).
    static let favicon = "/favicon.ico"

    /// The WebSocket a player's page opens: a host link.
    static let playerSocket = "/ws"
    /// The WebSocket the TV page opens: the screen feed.
    static let screenSocket = "/screen/ws"
    /// The WebSocket the host page opens: unlocked by the host PIN, then the host's commands.
    static let hostSocket = "/host/ws"
    /// Every WebSocket path.
    static let sockets: Set<Substring> = [Substring(playerSocket), Substring(screenSocket), Substring(hostSocket)]

    /// The path of a request target, without its query or fragment.
    static func path(of uri: String) -> Substring {
        uri.prefix { $0 != "?" && $0 != "#" }
    }
}
