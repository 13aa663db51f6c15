import Foundation
import NIOCore

@testable import Matchmaking

/// Sample values shared by the suites.
enum Fixtures {
    /// 1000 s of uptime: far enough from 0 that `now - interval` never clamps.
    static let baseNanoseconds: UInt64 = 1_000_000_000_000

    /// The base time plus `ms` milliseconds and `ns` nanoseconds.
    static func at(ms: Int64 = 0, ns: Int64 = 0) -> NIODeadline {
        .uptimeNanoseconds(UInt64(Int64(baseNanoseconds) + ms * 1_000_000 + ns))
    }

    static let serverID = UUID(uuidString: "5A1C0DE0-0000-4000-8000-000000000001")!
    static let nonce: [UInt8] = Array(0..<16)
    static let nonceBase64 = "AAECAwQFBgcICQoLDA0ODw=="

    static let host = Peer(id: .host, name: "Kitchen Pi")
    static let ada = Peer(id: PeerID(rawValue: 1), name: "Ada")
    static let bob = Peer(id: PeerID(rawValue: 2), name: "Bob")
    static let cy = Peer(id: PeerID(rawValue: 3), name: "Cy 👩‍💻")

    static func serverHello(versions: [Int] = [1], nonce: String = nonceBase64, joinCodeRequired: Bool = true) -> ServerHello {
        ServerHello(
            versions: versions, serverId: serverID, name: "Kitchen Pi", game: GameName(rawValue: "trivia"), nonce: nonce,
            joinCodeRequired: joinCodeRequired, players: 2, capacity: 8, maxFrame: 65_536)
    }

    static func welcome(you: Peer = ada, peers: [Peer] = [bob], intervalMs: Int = 1000, timeoutMs: Int = 3000) -> Welcome {
        Welcome(
            version: 1, you: you, host: host, peers: peers, heartbeatIntervalMs: intervalMs,
            heartbeatTimeoutMs: timeoutMs)
    }

    static let appBody: JSONValue = .object([
        "answer": .integer(2),
        "scores": .array([.number(1.5), .integer(-3), .null]),
        "final": .bool(true),
        "who": .string("Ada \"the\" first / ☃"),
    ])

    /// One of every message, and some variants.
    static let messages: [WireMessage] = [
        .serverHello(serverHello()),
        .serverHello(serverHello(versions: [1, 2], joinCodeRequired: false)),
        .clientHello(ClientHello(version: 1, name: "Ada", proof: "x1G9RHHU21+ZcHjkY6LUplSC9a4WS7KV9v5kgUrts8Y=")),
        .clientHello(ClientHello(version: 1, name: "Bob", proof: nil)),
        .welcome(welcome()),
        .welcome(welcome(you: cy, peers: [])),
        .deny(Deny(reason: .full, detail: "the game is full (3 of 3 players)")),
        .deny(Deny(reason: .nameTaken, detail: "another player is already called Ada; \"Ada 2\" is free", suggestion: "Ada 2")),
        .joined(Joined(peer: cy)),
        .left(Left(peer: bob, reason: .connectionDropped)),
        .ping(Ping(seq: 7, sent: 1_234_567)),
        .ping(Ping(seq: .max, sent: .max)),
        .pong(Pong(seq: 7, sent: 1_234_567, received: -5, replied: 99)),
        .app(AppMessage(from: nil, to: nil, body: appBody)),
        .app(AppMessage(from: PeerID(rawValue: 2), to: .all, body: .string("hi"))),
        .app(AppMessage(from: nil, to: .peers([.host, PeerID(rawValue: 3)]), body: .array([]))),
        .app(AppMessage(from: nil, to: .peers([]), body: .null)),
        .bye(Bye(reason: .userQuit, detail: nil)),
        .bye(Bye(reason: .protocolError, detail: "frame of 70000 bytes exceeds the 65536-byte limit")),
    ]

    /// One message of each type.
    static var oneOfEach: [WireMessage] {
        var seen: Set<String> = []
        return messages.filter { seen.insert($0.typeName).inserted }
    }
}
