import GameRuntime
import NIOHTTP1
import Testing
import Trivia

@testable import Spreadsheet
@testable import Web

/// What a port serves (``Site``): gzip only to a request that accepts it, a validator for each
/// representation, and the files the pages load at names carrying their hash, kept a year.
@Suite struct SiteTests {
    static let trivia = Site(game: GamePage(name: TriviaPage.name, script: TriviaPage.script, watcherScript: TriviaPage.watcherScript))
    static let gzip = [("Accept-Encoding", "gzip, deflate, br")]

    static func header(_ response: PageHandler.Response, _ name: String) -> String? {
        response.headers.first { $0.0 == name }?.1
    }

    /// A gzip member (RFC 1952) read back by Spreadsheet's own inflate, not by zlib, which wrote
    /// it: its header, its deflate stream, its trailer's CRC-32 and size.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        try #require(bytes.count >= 18 && bytes[0] == 0x1F && bytes[1] == 0x8B && bytes[2] == 8 && bytes[3] == 0)
        let plain = try Inflate.inflate(bytes, range: 10..<(bytes.count - 8), limit: 1 << 20)
        let trailer = bytes.suffix(8).map(UInt32.init)
        let crc = trailer[0] | trailer[1] << 8 | trailer[2] << 16 | trailer[3] << 24
        let size = trailer[4] | trailer[5] << 8 | trailer[6] << 16 | trailer[7] << 24
        #expect(crc == CRC32.checksum(plain) && size == UInt32(plain.count))
        return plain
    }

    @Test func acceptEncodingSaysWhetherGzipIsAccepted() {
        let accepted: [[String]] = [
            ["gzip"], ["gzip, deflate, br, zstd"], ["GZIP"], ["deflate, gzip;q=0.5"], ["gzip;q=1.000"], ["gzip;Q=0.001"],
            ["*"], ["br;q=1, *;q=0.1"], ["x-gzip"], [" gzip ; q=0.8 ,br"], ["\tgzip\t"], ["br", "gzip"], ["gzip;q=0, gzip"],
        ]
        for values in accepted { #expect(AcceptEncoding.acceptsGzip(values), "\(values)") }
        let refused: [[String]] = [
            [], [""], ["identity"], ["br, deflate"], ["gzip;q=0"], ["gzip;q=0.000"], ["*;q=0"], ["*, gzip;q=0"], ["gzip;q=0, *"],
            ["x-gzip;q=0"], ["gzip;q=2"], ["gzip;q=1.5"], ["gzip;q=0.5000"], ["gzip;q="], ["gzip;q=.5"], ["gzip;level=9"], ["gzipx"],
            ["*;q=0, identity"], [",,;"], ["gzip;q=0.5x"],
        ]
        for values in refused { #expect(!AcceptEncoding.acceptsGzip(values), "\(values)") }
    }

    /// Every file, asked for with and without gzip: the gzip decodes to exactly the plain bytes,
    /// each with its own validator, both with `Vary: Accept-Encoding`.
    @Test func aFileComesGzippedOnlyWhenTheRequestAcceptsIt() throws {
        #expect(Self.trivia.entries.count == 3 + 2 * Assets.shared.count + 4)  // the pages, the shared files, two halves of the game
        for (path, entry) in Self.trivia.entries {
            let plain = PageHandler.response(to: PageHandlerTests.head(.GET, path), site: Self.trivia)
            #expect(plain.status == .ok && plain.body == entry.file.plain.bytes, "\(path)")
            #expect(Self.header(plain, "Content-Encoding") == nil && Self.header(plain, "Vary") == "Accept-Encoding")
            #expect(Self.header(plain, "ETag") == "\"\(Site.File.hash(of: plain.body))\"")
            let packed = PageHandler.response(to: PageHandlerTests.head(.GET, path, Self.gzip), site: Self.trivia)
            #expect(packed.status == .ok && Self.header(packed, "Content-Encoding") == "gzip", "\(path): every page file is text that gzip shrinks")
            #expect(Self.header(packed, "Vary") == "Accept-Encoding" && Self.header(packed, "Cache-Control") == Self.header(plain, "Cache-Control"))
            #expect(Self.header(packed, "ETag") == "\"\(Site.File.hash(of: plain.body))-gz\"")
            #expect(packed.body.count < plain.body.count && packed.contentType == plain.contentType)
            #expect(try Self.gunzip(packed.body) == plain.body, "\(path)")
        }
    }

    /// A validator names one representation: each gets 304 with its own, and the other's tag
    /// gets the whole file.
    @Test func eachRepresentationIsNotModifiedForItsOwnValidator() throws {
        let file = try #require(Self.trivia.entry(at: "/phone.mjs")).file
        let plainTag = file.plain.etag, gzipTag = try #require(file.gzip?.etag)
        #expect(plainTag != gzipTag)
        let cases: [(accept: [(String, String)], tag: String, status: HTTPResponseStatus)] = [
            (Self.gzip, gzipTag, .notModified), ([], plainTag, .notModified), (Self.gzip, plainTag, .ok), ([], gzipTag, .ok),
            ([("Accept-Encoding", "gzip;q=0")], gzipTag, .ok), ([("Accept-Encoding", "gzip;q=0")], plainTag, .notModified),
        ]
        for (accept, tag, status) in cases {
            let response = PageHandler.response(to: PageHandlerTests.head(.GET, "/phone.mjs", accept + [("If-None-Match", tag)]), site: Self.trivia)
            #expect(response.status == status, "\(accept) \(tag)")
            #expect(Self.header(response, "Vary") == "Accept-Encoding")
            if status == .notModified {
                #expect(response.body.isEmpty && Self.header(response, "Content-Encoding") == nil)
                #expect(Self.header(response, "ETag") == tag)
            }
        }
    }

    @Test func aFileGzipCannotShrinkIsServedAsItIs() throws {
        let file = Site.File(bytes: Array("ok".utf8), contentType: Assets.script)
        #expect(file.gzip == nil)
        let response = PageHandler.response(serving: Site.Entry(file: file, caching: .revalidate), to: PageHandlerTests.head(.GET, "/x", Self.gzip))
        #expect(response.body == Array("ok".utf8) && Self.header(response, "Content-Encoding") == nil)
        #expect(Self.header(response, "ETag") == file.plain.etag && Self.header(response, "Vary") == "Accept-Encoding")
        #expect(try Self.gunzip(try #require(Gzip.compress([]))) == [])
    }

    /// The stylesheet, the modules and the game's module at a name with their hash: the same
    /// bytes as at the plain name, kept a year; the plain name asks again each time.
    @Test func theFilesThePagesLoadAreAlsoAtHashedNamesKeptAYear() throws {
        var hashed: [String] = []
        for source in Assets.shared {
            let plain = try #require(Self.trivia.entry(at: "/\(source.name)"[...]))
            let name = Site.Names.hashed("/\(source.name)", plain.file.hash)
            let kept = try #require(Self.trivia.entry(at: name[...]), "\(name)")
            #expect(plain.caching == .revalidate && kept.caching == .immutable)
            #expect(kept.file.plain.bytes == plain.file.plain.bytes && kept.file.contentType == source.contentType)
            hashed.append(name)
        }
        let module = try #require(Self.trivia.entry(at: "/games/trivia.mjs"))
        hashed.append("/games/trivia.\(module.file.hash).mjs")
        #expect(module.file.plain.bytes == SourceComments.stripped(TriviaPage.script, .script))
        for name in hashed {
            #expect(name.matches(of: /\.[0-9a-f]{16}\.(mjs|css)$/).count == 1, "\(name)")
            let response = PageHandler.response(to: PageHandlerTests.head(.GET, name, Self.gzip), site: Self.trivia)
            #expect(response.status == .ok && Self.header(response, "Cache-Control") == "public, max-age=31536000, immutable", "\(name)")
        }
        for page in ["/", "/screen", "/host"] {
            let response = PageHandler.response(to: PageHandlerTests.head(.GET, page, Self.gzip), site: Self.trivia)
            #expect(Self.header(response, "Cache-Control") == "no-cache", "\(page)")
        }
    }

    /// No page or module names a shared file by its plain name any more (which would also mean
    /// a cycle among them), and each page names the game's module by its hashed name.
    @Test func everyReferenceNamesAHashedName() throws {
        for site in PageHandlerTests.sites {
            for (path, entry) in site.entries {
                let text = String(decoding: entry.file.plain.bytes, as: UTF8.self)
                for source in Assets.shared {
                    #expect(!Site.Names.refers(text, to: source.name), "\(path) names \(source.name)")
                }
                guard entry.file.contentType == Assets.html else { continue }
                let head = text[..<(try #require(text.firstRange(of: "</head>"))).lowerBound]
                if let game = site.game, let module = site.entry(at: "/games/\(game).mjs") {
                    // The phone's page names the phone's half; the TV's and the host page's the
                    // watchers' half when the game has one.
                    let watcher = Assets.phonePages.contains(path) ? nil : site.entry(at: "/games/\(game).watch.mjs")
                    let named = watcher.map { "/games/\(game).watch.\($0.file.hash).mjs" } ?? "/games/\(game).\(module.file.hash).mjs"
                    let link = "<link rel=\"modulepreload\" href=\"\(named)\" data-game=\"\(game)\">"
                    #expect(head.firstRange(of: link) != nil, "\(path) of \(game)")
                    #expect(head.ranges(of: "data-game=").count == 1, "\(path) of \(game): one module to import")
                } else {
                    #expect(head.firstRange(of: "modulepreload") == nil)
                }
            }
        }
    }

    /// A game in two halves (trivia): the phone's page loads the phone's half only, the TV and the
    /// host page the watchers' half, which imports the phone's by its hashed name (so its own hash
    /// covers it) and is preloaded with it.
    @Test func aPhoneLoadsOnlyItsHalfOfAGameInTwo() throws {
        let site = Self.trivia
        let phoneHalf = try #require(site.entry(at: "/games/trivia.mjs"))
        let watcher = try #require(site.entry(at: "/games/trivia.watch.mjs"))
        let phoneName = "/games/trivia.\(phoneHalf.file.hash).mjs", watcherName = "/games/trivia.watch.\(watcher.file.hash).mjs"
        #expect(site.entry(at: Substring(phoneName))?.caching == .immutable && site.entry(at: Substring(watcherName))?.caching == .immutable)
        let watcherText = String(decoding: watcher.file.plain.bytes, as: UTF8.self)
        #expect(watcherText.contains("from \"./trivia.\(phoneHalf.file.hash).mjs\""))
        #expect(!watcherText.contains("\"./trivia.mjs\""))
        func page(_ path: Substring) throws -> String { String(decoding: try #require(site.entry(at: path)).file.plain.bytes, as: UTF8.self) }
        let phone = try page("/")
        #expect(phone.contains(phoneName) && !phone.contains("trivia.watch"))
        for path: Substring in ["/screen", "/host"] {
            let text = try page(path)
            #expect(text.contains("<link rel=\"modulepreload\" href=\"\(watcherName)\" data-game=\"trivia\">"), "\(path)")
            #expect(text.contains("<link rel=\"modulepreload\" href=\"\(phoneName)\">"), "\(path): preloaded beside it")
        }
        // The phone's half is what a phone needs: no TV view, no host tools.
        let phoneText = String(decoding: phoneHalf.file.plain.bytes, as: UTF8.self)
        #expect(phoneText.contains("export function phone(") && !phoneText.contains("export function tvView(") && !phoneText.contains("hostTools"))
        #expect(watcherText.contains("export function tvView(") && watcherText.contains("export * from"))
    }

    /// A module's hash covers the names it imports: a change in an imported file renames every
    /// file that leads to it, and nothing else changes a file's bytes.
    @Test func aModulesHashCoversWhatItImports() throws {
        func sources(_ leaf: String) -> [Assets.Source] {
            [
                Assets.Source(name: "top.mjs", bytes: Array("import { b } from \"./mid.mjs\"; // mid.mjs\n".utf8), contentType: Assets.script),
                Assets.Source(name: "mid.mjs", bytes: Array("import { c } from \"./leaf.mjs\";\nexport const b = c;\n".utf8), contentType: Assets.script),
                Assets.Source(name: "leaf.mjs", bytes: Array(leaf.utf8), contentType: Assets.script),
                Assets.Source(name: "other.mjs", bytes: Array("export const d = 4;\n".utf8), contentType: Assets.script),
            ]
        }
        let one = Site.Names.rewrite(sources("export const c = 1;\n")), two = Site.Names.rewrite(sources("export const c = 2;\n"))
        for name in ["top.mjs", "mid.mjs", "leaf.mjs"] { #expect(one.names[name] != two.names[name], "\(name)") }
        #expect(one.names["other.mjs"] == two.names["other.mjs"])
        let top = String(decoding: try #require(one.files["top.mjs"]).plain.bytes, as: UTF8.self)
        #expect(top == "import { b } from \"./\(try #require(one.names["mid.mjs"]))\"; \n", "the import renamed, the comment gone")
        #expect(one.files["other.mjs"]?.plain.bytes == Array("export const d = 4;\n".utf8))
        #expect(Site.Names.hashed("dom.mjs", "0123456789abcdef") == "dom.0123456789abcdef.mjs")
    }

    /// HEAD gets GET's headers, and the security headers stay on gzipped files.
    @Test func headGetsTheSameHeadersAndTheSecurityHeadersStay() throws {
        for path in ["/", "/style.css", "/phone.mjs"] {
            let get = try PageHandlerTests.responseHead(path, method: .GET, Self.gzip)
            let head = try PageHandlerTests.responseHead(path, method: .HEAD, Self.gzip)
            #expect(get.status == .ok && head.status == .ok)
            #expect(get.headers.map { "\($0.name): \($0.value)" } == head.headers.map { "\($0.name): \($0.value)" }, "\(path)")
            #expect(get.headers["Content-Encoding"] == ["gzip"] && get.headers["Vary"] == ["Accept-Encoding"])
            #expect(get.headers["Content-Security-Policy"].count == 1 && get.headers["X-Content-Type-Options"] == ["nosniff"], "\(path)")
        }
    }
}
