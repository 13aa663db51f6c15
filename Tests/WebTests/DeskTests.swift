import FoundationEssentials
import GameRuntime
import Glibc
import Logging
import Matchmaking
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import Testing

@testable import Web

/// A game's desk on the web port: which requests reach it (pure), and a real port that checks
/// the host page's token before reading a body, bounds the body, and writes the desk's answers.
@Suite struct DeskTests {
    static func head(_ method: HTTPMethod = .GET, _ uri: String, _ headers: [(String, String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: HTTPHeaders(headers))
    }

    @Test func hostPageRequestsAndPublicFilesAreTheDesksAndNothingElse() {
        let request = DeskRoute.of(Self.head(.PUT, "/host/api/quizzes/k3%20x/?rounds=5&name=a+b%21", [
            ("Authorization", "Bearer abc"), ("If-Match", "\"3\""), ("Cookie", "no"),
        ]), game: "trivia")
        #expect(request == .api(
            DeskRequest(method: "PUT", path: ["quizzes", "k3 x"], query: ["rounds": "5", "name": "a b!"], headers: ["if-match": "\"3\""]),
            token: "abc"))
        #expect(DeskRoute.of(Self.head(.GET, "/games/trivia/files/pic/ab12.png"), game: "trivia") == .file(["pic", "ab12.png"]))
        #expect(DeskRoute.of(Self.head(.GET, "/games/snap/files/x"), game: "trivia") == nil)
        #expect(DeskRoute.of(Self.head(.GET, "/games/trivia/files/x"), game: nil) == nil)
        for page in ["/", "/host", "/host/ws", "/games/trivia.mjs", "/host/apix"] {
            #expect(DeskRoute.of(Self.head(.GET, page), game: "trivia") == nil, "\(page)")
        }
    }

    @Test(arguments: [
        ("/host/api/", "names nothing"), ("/host/api/a/../b", "has a “..” part"), ("/host/api/a/%2e%2e", "has a “..” part"),
        ("/host/api/quizzes/%2E", "has a “.” part"), ("/host/api/a%2Fb", "has a “/” encoded inside a part (%2F)"),
        ("/host/api/a%00", "has a NUL encoded in it (%00)"), ("/host/api/%zz", "has a “%” without two hex digits after it"),
        ("/host/api/a//b", "has an empty part (“//”)"), ("/host/api/%ff", "has escapes that are not UTF-8 text"),
        ("/games/trivia/files/../../etc/passwd", "has a “..” part"),
    ])
    func aPathThatCouldFoolADeskIsRefusedWholeSayingWhy(_ uri: String, _ wrong: String) {
        let path = uri.prefix { $0 != "?" }
        guard case .malformed(let sentence)? = DeskRoute.of(Self.head(.GET, uri), game: "trivia") else {
            Issue.record("\(uri) was not refused")
            return
        }
        #expect(sentence == "The path \(path) \(wrong); its parts are names, percent-encoded as UTF-8: never empty, “.” or “..”, with no “/” or NUL encoded in them.")
    }

    @Test func aFilesNameArrivesDecodedAndANameThatCannotBeDecodedIsRefused() {
        let upload = DeskRoute.of(Self.head(.POST, "/host/api/quizzes", [("X-File-Name", "pub%20quiz%20%C3%A9t%C3%A9.csv")]), game: "trivia")
        #expect(upload == .api(DeskRequest(method: "POST", path: ["quizzes"], headers: ["x-file-name": "pub quiz été.csv"]), token: nil))
        for bad in ["a%zz.csv", "%ff.csv", "a%2"] {
            guard case .malformed(let why)? = DeskRoute.of(Self.head(.POST, "/host/api/quizzes", [("X-File-Name", bad)]), game: "trivia") else {
                Issue.record("\(bad) was not refused")
                continue
            }
            #expect(why.contains("x-file-name"), "\(why)")
        }
    }

    @Test func onlyABearerTokenIsATokenAndSizesReadAsPeopleSayThem() {
        #expect(DeskRoute.bearer("Bearer 12ab") == "12ab")
        #expect(DeskRoute.bearer("bearer  12ab") == "12ab")
        #expect(DeskRoute.bearer("Basic 12ab") == nil)
        #expect(DeskRoute.bearer("Bearer ") == nil)
        #expect(ByteCount.text(512) == "512 bytes")
        #expect(ByteCount.text(2_000_000) == "2 MB")
        #expect(ByteCount.text(52_400_000) == "52.4 MB")
    }

    // MARK: A real port

    /// A desk that says what it was asked; bodies up to 100 bytes on `POST`.
    final class EchoDesk: GameDesk {
        let asked = Mutex<[DeskRequest]>([])
        func bodyLimit(for request: DeskRequest) -> Int { request.method == "POST" ? 100 : 0 }
        func answer(_ request: DeskRequest) -> DeskResponse {
            asked.withLock { $0.append(request) }
            return .json(Array(#"{"path":"\#(request.path.joined(separator: "/"))","bytes":\#(request.body.count)}"#.utf8), status: 201)
        }
        func file(at path: [String]) -> DeskResponse? {
            path == ["pic.png"] ? DeskResponse(status: 200, contentType: "image/png", body: [1, 2, 3], headers: ["Cache-Control": "max-age=60"]) : nil
        }
    }

    struct Port {
        let web: WebServer
        let page: HostPage
        let port: Int
        let desk: EchoDesk
    }

    static func port() async throws -> Port {
        let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let server = try MatchmakingServer(configuration: ServerConfiguration(name: "Test"), logger: quiet)
        let feed = ScreenFeedTests.feed()
        let page = HostPage(pin: try HostPIN("482913", joinCode: "tea"), feed: feed, logger: quiet) { _ in }
        let desk = EchoDesk()
        var configuration = WebConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.gamePage = GamePage(name: "trivia", script: Array("export const name = 'trivia';".utf8))
        configuration.desk = desk
        let web = try WebServer(configuration: configuration, server: server, feed: feed, hostPage: page, logger: quiet)
        let address = try await web.start()
        return Port(web: web, page: page, port: address.port!, desk: desk)
    }

    /// A token the page gives a page unlocked with the PIN.
    static func token(_ page: HostPage) throws -> String {
        let reply = page.answer(toFirst: ByteBuffer(string: #"{"pin":"482913"}"#), from: "127.0.0.1", at: .now())
        guard case .unlocked(let token) = reply else { throw CancellationError() }
        return token
    }

    /// The clients' threads: blocking a thread of Swift's small cooperative pool, or of the
    /// pool the port runs its desk on, could starve the port.
    static let clients: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 4)
        pool.start()
        return pool
    }()

    /// What the port answers to `request` (sent whole, then read until the port closes).
    static func exchange(_ request: String, port: Int) async throws -> String {
        try await clients.runIfActive { try blockingExchange(request, port: port) }
    }

    static func blockingExchange(_ request: String, port: Int) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CancellationError() }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    static func post(_ path: String, body: String, token: String?, port: Int) async throws -> String {
        let authorization = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
        return try await exchange("POST \(path) HTTP/1.1\r\nHost: x\r\n\(authorization)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)", port: port)
    }

    @Test func theDeskAnswersOnlyAnUnlockedPageAndReadsNoMoreThanItsLimit() async throws {
        let port = try await Self.port()
        defer { Task { await port.web.shutdown() } }
        let token = try Self.token(port.page)

        let answered = try await Self.post("/host/api/quizzes", body: "hello", token: token, port: port.port)
        #expect(answered.hasPrefix("HTTP/1.1 201"), "\(answered)")
        #expect(answered.hasSuffix(#"{"path":"quizzes","bytes":5}"#))
        #expect(answered.contains("Cache-Control: no-store") && answered.contains("Content-Security-Policy"))

        let stranger = try await Self.post("/host/api/quizzes", body: "hello", token: "00000000000000000000000000000000", port: port.port)
        #expect(stranger.hasPrefix("HTTP/1.1 401") && stranger.contains("Unlock the host page with the host PIN first"), "\(stranger)")
        let none = try await Self.post("/host/api/quizzes", body: "hello", token: nil, port: port.port)
        #expect(none.hasPrefix("HTTP/1.1 401"))

        let large = try await Self.post("/host/api/quizzes", body: String(repeating: "x", count: 101), token: token, port: port.port)
        #expect(large.hasPrefix("HTTP/1.1 413") && large.contains("The request is too large (101 bytes): at most 100 bytes."), "\(large)")
        // Announced small, sent large (chunked): cut off at the limit.
        let chunk = String(repeating: "y", count: 80)
        let chunked = try await Self.exchange("POST /host/api/quizzes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n50\r\n\(chunk)\r\n50\r\n\(chunk)\r\n0\r\n\r\n", port: port.port)
        #expect(chunked.hasPrefix("HTTP/1.1 413") && chunked.contains("The request is too large: at most 100 bytes."), "\(chunked)")
        let getWithBody = try await Self.exchange("GET /host/api/quizzes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Length: 3\r\n\r\nabc", port: port.port)
        #expect(getWithBody.hasPrefix("HTTP/1.1 413") && getWithBody.contains("This request carries no body."))
        #expect(port.desk.asked.withLock { $0.map(\.body.count) } == [5], "only the unlocked, bounded request reached the desk")
    }

    @Test func publicFilesNeedNoTokenAndAreTheDesksWord() async throws {
        let port = try await Self.port()
        defer { Task { await port.web.shutdown() } }
        let file = try await Self.exchange("GET /games/trivia/files/pic.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port.port)
        #expect(file.hasPrefix("HTTP/1.1 200") && file.contains("Content-Type: image/png") && file.contains("Cache-Control: max-age=60"), "\(file)")
        let missing = try await Self.exchange("GET /games/trivia/files/other.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port.port)
        #expect(missing.hasPrefix("HTTP/1.1 404"))
        let put = try await Self.exchange("PUT /games/trivia/files/pic.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port.port)
        #expect(put.hasPrefix("HTTP/1.1 405"))
    }
}
