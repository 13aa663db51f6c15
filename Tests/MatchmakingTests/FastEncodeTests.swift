import Foundation
import Testing

@testable import Matchmaking

/// The hand-written encoder writes exactly what the `Codable` encoder writes.
@Suite struct FastEncodeTests {
    static let names = [
        "Ada", "Cy 👩‍💻", #"quote " and back\slash"#, "slash / and é", "tab\tnew\nline\r\u{8}\u{C}", "bell\u{7}\u{1F}\u{7F}",
        "\u{2028}\u{2029}", "",
    ]

    static var messages: [WireMessage] {
        let peers = names.enumerated().map { Peer(id: PeerID(rawValue: UInt32($0.offset + 1)), name: $0.element) }
        return [
            .ping(Ping(seq: 0, sent: 0)), .ping(Ping(seq: .max, sent: .min)), .ping(Ping(seq: 7, sent: -12)),
            .pong(Pong(seq: 3, sent: .max, received: -1, replied: 1_234_567_890_123)),
            .welcome(Welcome(version: 1, you: peers[1], host: Peer(id: .host, name: "Kitchen \"Pi\""), peers: peers,
                             heartbeatIntervalMs: 1000, heartbeatTimeoutMs: 3000)),
            .welcome(Welcome(version: 1, you: peers[0], host: peers[2], peers: [], heartbeatIntervalMs: 0, heartbeatTimeoutMs: -1)),
            .welcome(Welcome(version: 3, you: peers[0], host: peers[2], peers: [], heartbeatIntervalMs: 1000, heartbeatTimeoutMs: 3000,
                             resumeToken: "dG9rZW4=", resumed: true, datagram: DatagramOffer(port: 7777, key: "a2V5/+=="))),
        ] + peers.map { .joined(Joined(peer: $0)) } + peers.flatMap { peer in ByeReason.allCases.map { .left(Left(peer: peer, reason: $0)) } }
    }

    @Test(arguments: Self.messages)
    func byteForByteAsTheCodableEncoder(message: WireMessage) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(message)
        let fast = try #require(WireCodec.fastEncode(message))
        #expect(String(buffer: fast) == String(decoding: expected, as: UTF8.self))
        #expect(try WireCodec().decode(fast) == message)
    }

    @Test func otherMessagesTakeTheCodablePath() {
        #expect(WireCodec.fastEncode(.bye(Bye(reason: .userQuit, detail: nil))) == nil)
        #expect(WireCodec.fastEncode(.deny(Deny(reason: .full, detail: "x"))) == nil)
    }
}
