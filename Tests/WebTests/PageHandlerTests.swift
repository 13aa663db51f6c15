import NIOCore
import NIOEmbedded
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

    /// The response head the handler writes for a GET of `uri`, through a real pipeline.
    static func responseHead(_ uri: String, method: HTTPMethod = .GET) throws -> HTTPResponseHead {
        let channel = EmbeddedChannel(handler: PageHandler(headTimeout: .seconds(10)))
        defer { _ = try? channel.finish() }
        try channel.writeInbound(HTTPServerRequestPart.head(Self.head(method, uri)))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        guard case .head(let head) = try channel.readOutbound(as: HTTPServerResponsePart.self) else {
            Issue.record("no response head for \(uri)")
            return HTTPResponseHead(version: .http1_1, status: .internalServerError)
        }
        return head
    }

    /// The directives of a Content-Security-Policy, by name.
    static func directives(_ policy: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for part in policy.split(separator: ";") {
            let words = part.split(separator: " ").map(String.init)
            if let name = words.first { out[name] = Array(words.dropFirst()) }
        }
        return out
    }

    @Test func everyPageCarriesAStrictContentSecurityPolicy() throws {
        for path in ["/", "/screen", "/host", "/?x=1#code=tea"] {
            let head = try Self.responseHead(path)
            #expect(head.status == .ok)
            let policies = head.headers["Content-Security-Policy"]
            #expect(policies.count == 1, "\(path)")
            let policy = Self.directives(policies.first ?? "")
            #expect(policy["default-src"] == ["'none'"])
            for name in ["script-src", "style-src", "img-src", "connect-src"] {
                #expect(policy[name] == ["'self'"], "\(name) of \(path)")
            }
            #expect(policy["frame-ancestors"] == ["'none'"])
            #expect(policy["base-uri"] == ["'none'"])
            #expect(policy["form-action"] == ["'none'"])
            let all = (policies.first ?? "")
            for loose in ["unsafe-inline", "unsafe-eval", "data:", "*", "http:", "ws:"] {
                #expect(!all.contains(loose), "\(loose) in the policy of \(path)")
            }
            #expect(head.headers["X-Content-Type-Options"] == ["nosniff"])
            #expect(head.headers["X-Frame-Options"] == ["DENY"])
            #expect(head.headers["Referrer-Policy"] == ["no-referrer"])
        }
        #expect(try Self.responseHead("/", method: .HEAD).headers["Content-Security-Policy"].first == SecurityHeaders.pagePolicy)
    }

    @Test func everyOtherResponseLoadsNothingAndCannotBeFramed() throws {
        for path in ["/style.css", "/phone.js", "/favicon.ico", "/nope", "/ws"] {
            let head = try Self.responseHead(path)
            let policy = Self.directives(head.headers["Content-Security-Policy"].first ?? "")
            #expect(policy["default-src"] == ["'none'"], "\(path)")
            #expect(policy["frame-ancestors"] == ["'none'"], "\(path)")
            #expect(policy.count == 4, "\(path): \(policy)")  // default-src, base-uri, form-action, frame-ancestors only
            #expect(head.headers["X-Content-Type-Options"] == ["nosniff"], "\(path)")
            #expect(head.headers["X-Frame-Options"] == ["DENY"], "\(path)")
        }
        let icon = try Self.responseHead("/favicon.ico")  // asked for by browsers: no icon, and no error
        #expect(icon.status == .noContent && icon.headers["Content-Length"].isEmpty)
    }

    /// What the policy forbids is not in the pages: a page that breaks it would fail in the
    /// browser (Tests/system/test_web_csp.py shows the browser's side).
    @Test func thePagesHoldNothingThePolicyForbids() {
        for (path, file) in Assets.files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            let lower = text.lowercased()
            #expect(!lower.contains("style=\""), "an inline style attribute in \(path)")
            #expect(!lower.contains("<style"), "a <style> block in \(path)")
            #expect(!lower.contains("javascript:"), "a javascript: URL in \(path)")
            #expect(!lower.contains("eval("), "eval in \(path)")
            #expect(!lower.contains("new function"), "new Function in \(path)")
            #expect(!lower.contains("data:"), "a data: URL in \(path)")
            if file.contentType.hasPrefix("text/html") {
                #expect(lower.components(separatedBy: "<script").dropFirst().allSatisfy { $0.hasPrefix(" src=\"/") },
                        "an inline <script> in \(path)")
                #expect(!lower.contains(/\son[a-z]+\s*=/), "an on*= handler in \(path)")
            }
        }
    }

    /// What a browser downloads to show each page: the page and the scripts and stylesheet it
    /// names, every one of them served. A phone on a crowded Wi-Fi pays the phone page's sum,
    /// not the host page's.
    @Test func eachPageWithWhatItLoadsStaysUnder80KB() throws {
        let pages = Assets.files.filter { $0.value.contentType.hasPrefix("text/html") }
        #expect(Set(pages.keys) == ["/", "/screen", "/host"])
        for (path, page) in pages {
            let html = String(decoding: page.bytes, as: UTF8.self)
            let loaded = html.matches(of: /(?:src|href)="(\/[^"?#]*)"/).map { String($0.output.1) }
            #expect(loaded.contains("/style.css"), "\(path) loads the stylesheet")
            var total = page.bytes.count
            for asset in Set(loaded) {
                let file = try #require(Assets.files[asset], "\(path) loads \(asset), which is not served")
                total += file.bytes.count
            }
            #expect(total < 80_000, "\(path) with what it loads: \(total) bytes")
        }
    }
}
