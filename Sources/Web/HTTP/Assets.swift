import GameRuntime

/// The pages, styles and scripts, embedded in the binary (nothing to install beside it), and the
/// web port's fixed paths. What one port serves, compressed and under which names, is its
/// ``Site``.
enum Assets {
    /// One file built into the binary: its name, its bytes as written, its type.
    struct Source: Sendable {
        /// Its name (`dom.mjs`), which is also its plain path without the slash.
        let name: String
        let bytes: [UInt8]
        let contentType: String
    }

    /// The files the pages load, served at `/NAME` and at their hashed name (``Site``). The
    /// pages are ES modules: each page loads one (`<script type="module">`), which imports the
    /// others by relative name (`"./dom.mjs"`).
    static let shared: [Source] = [
        Source(name: "style.css", bytes: PackageResources.style_css, contentType: css),
        Source(name: "tv.css", bytes: PackageResources.tv_css, contentType: css),
        Source(name: "host.css", bytes: PackageResources.host_css, contentType: css),
        Source(name: "phone.mjs", bytes: PackageResources.phone_mjs, contentType: script),
        Source(name: "screen.mjs", bytes: PackageResources.screen_mjs, contentType: script),
        Source(name: "host.mjs", bytes: PackageResources.host_mjs, contentType: script),
        Source(name: "dom.mjs", bytes: PackageResources.dom_mjs, contentType: script),
        Source(name: "link.mjs", bytes: PackageResources.link_mjs, contentType: script),
        Source(name: "sha256.mjs", bytes: PackageResources.sha256_mjs, contentType: script),
        Source(name: "feed.mjs", bytes: PackageResources.feed_mjs, contentType: script),
        Source(name: "words.mjs", bytes: PackageResources.words_mjs, contentType: script),
        Source(name: "game.mjs", bytes: PackageResources.game_mjs, contentType: script),
    ]

    /// The pages, by path: served there only, never under a hashed name (their address is what
    /// a person types or scans).
    static let pages: [String: [UInt8]] = [
        "/": PackageResources.phone_html,
        "/screen": PackageResources.screen_html,
        "/host": PackageResources.host_html,
    ]

    /// The pages a player's phone opens (the rest watch the feed: the TV, the host page): they
    /// load a game's phone half (``/GameRuntime/GamePage``).
    static let phonePages: Set<String> = ["/"]

    static let html = "text/html; charset=utf-8"
    static let script = "text/javascript; charset=utf-8"
    static let css = "text/css; charset=utf-8"

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
