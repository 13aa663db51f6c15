/// The headers that every response of the web port carries, whatever it is: what a browser may
/// load into the page and who may frame it (Content-Security-Policy), no type sniffing, no
/// framing for browsers without `frame-ancestors`, no address sent on. One owner for all of them.
enum SecurityHeaders {
    /// The policy of the pages (`/`, `/screen`, `/host`): scripts, styles, images and sockets
    /// from this host only, nothing inline (no `<script>` or `style=` in the pages, no `on*=`
    /// handler, no `eval`), no `<base>`, no form submitted anywhere (the forms are handled by the
    /// scripts), never in a frame. `connect-src 'self'` covers the page's own `ws://` WebSockets
    /// (CSP Level 3, as Chromium does it: tested). The QR codes are inline SVG elements, not
    /// images, and the pages have no icon (``Assets/favicon``): no `data:` anywhere.
    static let pagePolicy = [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The policy of every other response (scripts, styles, errors), were one opened as
    /// a document: nothing may load in it, nothing may frame it.
    static let otherPolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The headers for a response of `contentType`.
    static func headers(contentType: String) -> [(String, String)] {
        let page = contentType.hasPrefix("text/html")
        return [
            ("Content-Security-Policy", page ? pagePolicy : otherPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Referrer-Policy", "no-referrer"),
        ]
    }
}
