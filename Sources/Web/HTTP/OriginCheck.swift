import NIOHTTP1

/// Whether a WebSocket upgrade may proceed: a browser's page must come from this host.
///
/// Browsers send `Origin` with every WebSocket handshake; a page from another site (one a guest
/// opened on the same phone) would otherwise be able to join or watch. The origin's host and
/// port must equal the request's `Host`. A request without `Origin` is not from a browser page
/// (a test client, a load generator) and may proceed: nothing a browser does can omit it.
enum OriginCheck {
    /// True when `head` may be upgraded.
    static func allows(_ head: HTTPRequestHead) -> Bool {
        let origins = head.headers["Origin"]
        guard let origin = origins.first else { return true }
        guard origins.count == 1, let host = head.headers["Host"].first else { return false }
        return origin.lowercased() == "http://" + host.lowercased() || origin.lowercased() == "https://" + host.lowercased()
    }
}
