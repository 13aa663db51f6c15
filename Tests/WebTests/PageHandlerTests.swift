import GameRuntime
import Matchmaking
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Pong
import SnapGame
import Testing
import Trivia

@testable import Web

/// What the web port answers to a request head, and whose WebSocket it upgrades (pure).
@Suite struct PageHandlerTests {
    static func head(_ method: HTTPMethod = .GET, _ uri: String, _ headers: [(String, String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: HTTPHeaders(headers))
    }

    @Test func knownPagesAreServedWithTheirTypes() {
        for (path, type) in [
            ("/", "text/html"), ("/screen", "text/html"), ("/host", "text/html"), ("/style.css", "text/css"), ("/phone.mjs", "text/javascript"),
            ("/host.mjs", "text/javascript"), ("/feed.mjs", "text/javascript"),
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
    static func responseHead(_ uri: String, method: HTTPMethod = .GET, _ headers: [(String, String)] = []) throws -> HTTPResponseHead {
        let channel = EmbeddedChannel(handler: PageHandler(headTimeout: .seconds(10)))
        defer { _ = try? channel.finish() }
        try channel.writeInbound(HTTPServerRequestPart.head(Self.head(method, uri, headers)))
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
        for path in ["/style.css", "/phone.mjs", "/favicon.ico", "/nope", "/ws"] {
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
        for (path, file) in Self.everyFile {
            let text = String(decoding: file.plain.bytes, as: UTF8.self)
            let lower = text.lowercased()
            #expect(!lower.contains("style=\""), "an inline style attribute in \(path)")
            #expect(!lower.contains("<style"), "a <style> block in \(path)")
            #expect(!lower.contains("javascript:"), "a javascript: URL in \(path)")
            #expect(!lower.contains("eval("), "eval in \(path)")
            #expect(!lower.contains("new function"), "new Function in \(path)")
            #expect(!lower.contains("data:"), "a data: URL in \(path)")
            if file.contentType.hasPrefix("text/html") {
                #expect(lower.components(separatedBy: "<script").dropFirst().allSatisfy { $0.hasPrefix(" type=\"module\" src=\"/") },
                        "an inline <script> in \(path)")
                #expect(!lower.contains(/\son[a-z]+\s*=/), "an on*= handler in \(path)")
            }
        }
    }

    /// The games' page modules, as `serve` hands them to the web port.
    static let gamePages = [
        GamePage(name: TriviaPage.name, script: TriviaPage.script, watcherScript: TriviaPage.watcherScript),
        GamePage(name: SnapPage.name, script: SnapPage.script), GamePage(name: PongPage.name, script: PongPage.script),
    ]

    /// The site of a port running each game, and of one with none.
    static let sites = [Site.lobby] + gamePages.map { Site(game: $0) }

    /// Every file the web port can serve, by path: its own and each game's page module (the
    /// pages of the last site listed).
    static var everyFile: [String: Site.File] {
        var files: [String: Site.File] = [:]
        for site in sites { for (path, entry) in site.entries { files[path] = entry.file } }
        return files
    }

    /// The paths a script at `path` imports: `import … from "./dom.<hash>.mjs"` (static) and
    /// `import("/…")` (a dynamic import of a literal path), a relative one resolved against the
    /// script's own folder (`/games/trivia.watch.<hash>.mjs` imports `/games/trivia.<hash>.mjs`).
    static func imports(of script: String, at path: String = "/") -> [String] {
        let folder = path[...(path.lastIndex(of: "/") ?? path.startIndex)].dropLast()
        return script.matches(of: /(?:from|import)\s*\(?\s*"(\.?)(\/[a-z0-9\/.\-]*)"/).map {
            $0.output.1.isEmpty ? String($0.output.2) : folder + String($0.output.2)
        }
    }

    /// Each file carries a strong validator; asked again with it, the answer is 304 and no bytes
    /// (a reload costs headers); another tag, or none, gets the file.
    @Test func aFileAskedForWithItsValidatorIsNotModified() throws {
        let first = PageHandler.response(to: Self.head(.GET, "/phone.mjs"))
        let etag = try #require(first.headers.first { $0.0 == "ETag" }?.1)
        #expect(first.status == .ok && etag.count == 18 && etag.hasPrefix("\"") && etag.hasSuffix("\""))
        #expect(etag == "\"\(Site.File.hash(of: first.body))\"")
        #expect(etag != PageHandler.response(to: Self.head(.GET, "/screen.mjs")).headers.first { $0.0 == "ETag" }?.1)
        for asked in [etag, "W/\(etag)", "\"0000000000000000\", \(etag)", "*"] {
            let again = PageHandler.response(to: Self.head(.GET, "/phone.mjs", [("If-None-Match", asked)]))
            #expect(again.status == .notModified && again.body.isEmpty, "\(asked)")
            #expect(again.headers.contains { $0 == ("ETag", etag) })
        }
        let changed = PageHandler.response(to: Self.head(.GET, "/phone.mjs", [("If-None-Match", "\"0000000000000000\"")]))
        #expect(changed.status == .ok && changed.body == first.body)
        let trivia = Site(game: GamePage(name: TriviaPage.name, script: TriviaPage.script))
        let module = PageHandler.response(to: Self.head(.GET, "/games/trivia.mjs"), site: trivia)
        let moduleTag = try #require(module.headers.first { $0.0 == "ETag" }?.1)
        #expect(PageHandler.response(to: Self.head(.GET, "/games/trivia.mjs", [("If-None-Match", moduleTag)]), site: trivia).status == .notModified)
    }

    @Test func aGamesPageModuleIsServedOnlyWhenThatGameRuns() throws {
        let trivia = Site(game: GamePage(name: TriviaPage.name, script: TriviaPage.script))
        let served = PageHandler.response(to: Self.head(.GET, "/games/trivia.mjs"), site: trivia)
        #expect(served.status == .ok && served.body == SourceComments.stripped(TriviaPage.script, .script), "as served: without its comments")
        #expect(served.contentType.hasPrefix("text/javascript"))
        #expect(served.headers.contains { $0 == ("Cache-Control", "no-cache") })
        #expect(PageHandler.response(to: Self.head(.GET, "/games/snap.mjs"), site: trivia).status == .notFound)
        #expect(PageHandler.response(to: Self.head(.GET, "/games/trivia.mjs")).status == .notFound)  // no game: the lobby alone
        for page in Self.gamePages { #expect(String(decoding: page.script, as: UTF8.self).contains("export const name = \"\(page.name)\"")) }
        var configuration = WebConfiguration()
        configuration.gamePage = GamePage(name: "../etc", script: [])
        #expect(throws: WebConfiguration.Invalid.self) { try configuration.validate() }
    }

    /// What a browser downloads to show each page: the page, the stylesheet, its module and every
    /// module that one imports, and the game's module (the page's link to it). A phone on a
    /// crowded Wi-Fi pays the phone page's sum, not the host page's. Uncompressed: under 90 KB
    /// since trivia's teams, pictures and reports (it was 80); gzipped, as a browser gets them:
    /// under 30 KB (scripts/bench-web-bytes measures the wire, headers and WebSocket included).
    /// Every reference resolves to a file served, by its hashed name.
    @Test func eachPageWithWhatItLoadsStaysUnder90KBAnd30KBGzipped() throws {
        for site in Self.sites {
            let pages = site.entries.filter { $0.value.file.contentType.hasPrefix("text/html") }
            #expect(Set(pages.keys) == ["/", "/screen", "/host"])
            for (path, page) in pages {
                let html = String(decoding: page.file.plain.bytes, as: UTF8.self)
                var pending = html.matches(of: /(?:src|href)="(\/[^"?#]*)"/).map { String($0.output.1) }
                var loaded: Set<String> = []
                while let asset = pending.popLast() {
                    guard loaded.insert(asset).inserted else { continue }
                    let entry = try #require(site.entry(at: asset[...]), "\(path) loads \(asset), which is not served")
                    #expect(entry.caching == .immutable, "\(path) loads \(asset) by a name without its hash")
                    if asset.hasSuffix(".mjs") { pending += Self.imports(of: String(decoding: entry.file.plain.bytes, as: UTF8.self), at: asset) }
                }
                #expect(loaded.contains { $0.hasPrefix("/style.") && $0.hasSuffix(".css") }, "\(path) loads the stylesheet")
                if Assets.phonePages.contains(path) {  // a phone loads neither the TV's nor the host page's own
                    #expect(!loaded.contains { $0.hasPrefix("/tv.") || $0.hasPrefix("/host.") || $0.contains(".watch.") }, "\(loaded.sorted())")
                }
                #expect(loaded.contains { $0.hasPrefix("/dom.") }, "\(path) imports the shared modules: \(loaded.sorted())")
                if let game = site.game {
                    #expect(loaded.contains { $0.hasPrefix("/games/\(game).") }, "\(path) names the game's module: \(loaded.sorted())")
                }
                let files = [page.file] + loaded.compactMap { site.entry(at: $0[...])?.file }
                let plain = files.map(\.plain.bytes.count).reduce(0, +)
                let gzipped = files.map { $0.representation(acceptingGzip: true).bytes.count }.reduce(0, +)
                #expect(plain < 90_000, "\(path) with what it loads: \(plain) bytes")
                #expect(gzipped < 30_000, "\(path) with what it loads, gzipped: \(gzipped) bytes")
            }
        }
    }
}

/// The deadline for a connection's next request moves on while the previous response is still on
/// its way to the browser (on a crowded Wi-Fi a response can take longer than the timeout, and the
/// browser asks again only once it has it), at most five times; never for a client whose TCP has
/// everything or has gone quiet (slow headers are cut off as before: test_web_abuse.py).
@Suite struct NextRequestDeadlineTests {
    let timeout = TimeAmount.seconds(10)

    @Test func theDeadlineMovesOnOnlyWhileAResponseIsOnItsWayAtMostFiveTimes() {
        let delivering = TransportState(unacknowledgedSegments: 4, sinceLastAcknowledgement: .milliseconds(200))
        #expect(PageHandler.nextRequestMayWait(delivering, extensions: 0, timeout: timeout))
        #expect(PageHandler.nextRequestMayWait(delivering, extensions: 4, timeout: timeout))
        #expect(!PageHandler.nextRequestMayWait(delivering, extensions: 5, timeout: timeout), "a minute in all")
        let delivered = TransportState(unacknowledgedSegments: 0, sinceLastAcknowledgement: .milliseconds(5))
        #expect(!PageHandler.nextRequestMayWait(delivered, extensions: 0, timeout: timeout), "all delivered: it could have asked")
        let quiet = TransportState(unacknowledgedSegments: 4, sinceLastAcknowledgement: .seconds(11))
        #expect(!PageHandler.nextRequestMayWait(quiet, extensions: 0, timeout: timeout), "its TCP went quiet")
        #expect(!PageHandler.nextRequestMayWait(nil, extensions: 0, timeout: timeout), "not a TCP socket")
    }
}
