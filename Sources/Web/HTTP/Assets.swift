/// The pages, styles and scripts, embedded in the binary (nothing to install beside it), by path.
enum Assets {
    /// One file to serve.
    struct File: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    /// Every path served, and what.
    static let files: [String: File] = [
        "/": File(bytes: PackageResources.phone_html, contentType: "text/html; charset=utf-8"),
        "/screen": File(bytes: PackageResources.screen_html, contentType: "text/html; charset=utf-8"),
        "/style.css": File(bytes: PackageResources.style_css, contentType: "text/css; charset=utf-8"),
        "/client.js": File(bytes: PackageResources.client_js, contentType: "text/javascript; charset=utf-8"),
        "/phone.js": File(bytes: PackageResources.phone_js, contentType: "text/javascript; charset=utf-8"),
        "/screen.js": File(bytes: PackageResources.screen_js, contentType: "text/javascript; charset=utf-8"),
        "/sha256.js": File(bytes: PackageResources.sha256_js, contentType: "text/javascript; charset=utf-8"),
        "/look.js": File(bytes: PackageResources.look_js, contentType: "text/javascript; charset=utf-8"),
        "/host": File(bytes: PackageResources.host_html, contentType: "text/html; charset=utf-8"),
        "/host.js": File(bytes: PackageResources.host_js, contentType: "text/javascript; charset=utf-8"),
    ]

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
