import Logging
import Matchmaking
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import Web

/// Inputs the HTTP fuzz target found (docs/FUZZING.md, "Found and fixed"), kept; the same
/// inputs are in Fuzz/Corpus/FuzzHTTP.
@Suite struct WebFuzzRegressionTests {
    /// The bytes the port writes back to `request` on a connection set up as `WebServer` sets
    /// each up, on one EmbeddedEventLoop.
    static func answer(to request: String) throws -> String {
        let loop = EmbeddedEventLoop()
        let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let server = try MatchmakingServer(configuration: ServerConfiguration(name: "Test"), group: loop, logger: quiet)
        let web = try WebServer(configuration: WebConfiguration(), server: server, feed: ScreenFeedTests.feed(), group: loop, logger: quiet)
        let channel = EmbeddedChannel(loop: loop)
        try web.configure(channel)
        try channel.connect(to: SocketAddress(ipAddress: "10.0.0.9", port: 5000)).wait()
        _ = try? channel.writeInbound(ByteBuffer(string: request))  // an error closes the channel: what it wrote is the answer
        loop.run()
        var written = ""
        while let part = try channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let buffer) = part { written += String(buffer: buffer) }
        }
        _ = try? channel.finish()
        return written
    }

    @Test func aWebSocketUpgradeThatAnnouncesABodyIsRefused() throws {
        // FuzzHTTP leak-b310f61e: upgraded, NIO's upgrader waited for the body and the whole
        // pipeline leaked once the connection closed.
        for body in ["Transfer-Encoding: chunked", "Transfer-Encoding: d", "Content-Length: 5"] {
            for path in ["/ws", "/screen/ws"] {
                let answer = try Self.answer(to: "GET \(path) HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\(body)\r\n\r\n")
                #expect(answer.hasPrefix("HTTP/1.1 413"), "\(path), \(body): \(answer.prefix(40))")
            }
        }
        let upgrade = try Self.answer(to: "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        #expect(upgrade.hasPrefix("HTTP/1.1 101"), "\(upgrade.prefix(40))")
    }

    @Test func anUpgradeWithoutConnectionUpgradeIsRefusedAndWhatFollowsIsServed() throws {
        // FuzzHTTP crash-c6c1901a: `Upgrade: websocket` but no `Connection: upgrade`, and requests
        // pipelined behind it. Upgraded, NIO's HTTP decoder (which stops only at a request that
        // says both) had decoded the requests behind, and NIO's upgrader handed them to the
        // WebSocket's decoder as HTTP parts: a crash of the host.
        let answer = try Self.answer(to: "GET /ws HTTP/1.1\r\nHost: 10.0.0.5:8080\r\nUpgrade: websocket\r\nCnnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            + "HEAD /screen HTTP/1.1\r\nHost: 10.0.0.5:8080\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 426"), "\(answer.prefix(40))")
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 3, "the pipelined request is answered too: \(answer)")
        let upgrade = try Self.answer(to: "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\nHEAD /screen HTTP/1.1\r\n\r\n")
        #expect(upgrade.hasPrefix("HTTP/1.1 101"), "\(upgrade.prefix(40))")
    }
}
