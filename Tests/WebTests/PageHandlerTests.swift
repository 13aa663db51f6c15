import NIOHTTP1
import Testing

@testable import Web

/// What the web port answers to a request head, and whose WebSocket it upgrades (pure).
@Suite struct PageHandlerTests {
    static func head(_ method: HTTPMethod = .GET, _ uri: String, _ headers: [(String, String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: HTTPHeaders(headers))
    }

    @Test func knownPagesAreServedWithTheirTypes() {
        for (path, type) in [
            ("/", "text/html"), ("/screen", "text/html"), ("/host", "text/html"), ("/style.css", "text/css"), ("/phone.js", "text/javascript"),
            ("/host.js", "text/javascript"),
        ] {
            let response = PageHandler.response(to: Self.head(.GET, path + "?x=1"))
            #expect(response.status == .ok, "\(path)")
            #expect(response.contentType.hasPrefix(type), "\(path)")
            #expect(!response.body.isEmpty)
        }
        #expect(PageHandler.response(to: Self.head(.HEAD, "/")).status == .ok)
    }

    @Test func everythingElseIsA4xxThatSaysWhatIsAllowed() {
        let missing = PageHandler.response(to: Self.head(.GET, "/../etc/passwd"))
        #expect(missing.status == .notFound)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("/screen") && String(decoding: missing.body, as: UTF8.self).contains("/host"))
        #expect(PageHandler.response(to: Self.head(.GET, "/Pages/")).status == .notFound)  // no listing
        let post = PageHandler.response(to: Self.head(.PUT, "/"))
        #expect(post.status == .methodNotAllowed)
        #expect(post.headers.contains { $0 == ("Allow", "GET, HEAD") })
        let body = PageHandler.response(to: Self.head(.GET, "/", [("Content-Length", "10485760")]))
        #expect(body.status == .payloadTooLarge && body.close)
        let chunked = PageHandler.response(to: Self.head(.POST, "/", [("Transfer-Encoding", "chunked")]))
        #expect(chunked.status == .payloadTooLarge && chunked.close)
        #expect(PageHandler.response(to: Self.head(.GET, "/ws")).status == .upgradeRequired)
        #expect(PageHandler.response(to: Self.head(.GET, "/ws", [("Origin", "http://evil.example"), ("Host", "10.0.0.5:8080")])).status == .forbidden)
        #expect(PageHandler.response(to: Self.head(.GET, "/host/ws")).status == .upgradeRequired)
        #expect(PageHandler.response(to: Self.head(.GET, "/host/ws", [("Origin", "http://evil.example"), ("Host", "10.0.0.5:8080")])).status == .forbidden)
    }

    @Test func onlyThisHostsOwnPagesMayOpenAWebSocket() {
        let host = ("Host", "10.0.0.5:8080")
        #expect(OriginCheck.allows(Self.head(.GET, "/ws", [host, ("Origin", "http://10.0.0.5:8080")])))
        #expect(OriginCheck.allows(Self.head(.GET, "/ws", [host, ("Origin", "HTTP://10.0.0.5:8080")])))
        #expect(OriginCheck.allows(Self.head(.GET, "/ws", [host])))  // not a browser page
        #expect(!OriginCheck.allows(Self.head(.GET, "/ws", [host, ("Origin", "http://10.0.0.5:8081")])))
        #expect(!OriginCheck.allows(Self.head(.GET, "/ws", [host, ("Origin", "http://evil.example")])))
        #expect(!OriginCheck.allows(Self.head(.GET, "/ws", [host, ("Origin", "null")])))
        #expect(!OriginCheck.allows(Self.head(.GET, "/ws", [("Origin", "http://10.0.0.5:8080")])))  // no Host
        #expect(!OriginCheck.allows(Self.head(.GET, "/ws", [host, ("Origin", "http://10.0.0.5:8080"), ("Origin", "http://x")])))
    }

    @Test func thePagesStayUnder100KB() {
        let total = Assets.files.values.reduce(0) { $0 + $1.bytes.count }
        #expect(total < 100_000, "pages, styles and scripts: \(total) bytes")
    }
}
