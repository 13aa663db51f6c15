import GameRuntime
import Matchmaking
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import Web

/// The TV's feed: what everyone sees is shown whole; what one player is told, only its kind.
@Suite struct ScreenFeedTests {
    struct Secret: Encodable, Sendable {
        var kind: String
        var choice: Int
    }

    /// A table that only exists to name message types (its notes: for the host's eyes only).
    struct Table: GameTable {
        typealias ClientMessage = NoMessage
        typealias ServerMessage = Secret
        typealias Note = String
        mutating func joined(_ peer: Peer, at moment: GameMoment) -> [Effect] { [] }
        mutating func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect] { [] }
        mutating func received(_ message: NoMessage?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect] { [] }
        mutating func woke(at moment: GameMoment) -> [Effect] { [] }
        mutating func command(_ command: HostCommand, at moment: GameMoment) -> [Effect] { [] }
        var nextWake: Int64? { nil }
    }

    static let ann = Peer(id: PeerID(rawValue: 1), name: "Ann")
    static let bob = Peer(id: PeerID(rawValue: 2), name: "Bob")

    static func feed() -> ScreenFeed {
        let feed = ScreenFeed(host: .init(name: "Den", game: GameName(rawValue: "trivia"), capacity: 4), peers: { [ann] })
        feed.join(at: JoinAddress(url: "http://10.0.0.5:8080/", code: "tea"))
        return feed
    }

    static func screen(_ feed: ScreenFeed, local: Bool) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        feed.add(channel, as: .screen(local: local))
        return channel
    }

    static func lines(_ channel: EmbeddedChannel) throws -> [String] {
        var lines: [String] = []
        while let frame = try channel.readOutbound(as: WebSocketFrame.self) { lines.append(String(buffer: frame.data)) }
        return lines
    }

    @Test func aScreenIsGreetedWithTheHostThePlayersAndTheAddress() throws {
        let feed = Self.feed()
        let local = try Self.screen(feed, local: true)
        let remote = try Self.screen(feed, local: false)
        let hello = try #require(try Self.lines(local).first)
        #expect(hello.contains(#""host":"Den""#) && hello.contains(#""name":"Ann""#) && hello.contains("<svg"))
        #expect(hello.contains("#code=tea"))
        let remoteHello = try #require(try Self.lines(remote).first)
        #expect(!remoteHello.contains("code=tea"))  // a screen elsewhere on the LAN is not told the code
    }

    @Test func publicMessagesAreWholeAndPrivateOnesOnlyTheirKind() throws {
        let feed = Self.feed()
        let screen = try Self.screen(feed, local: false)
        _ = try Self.lines(screen)
        feed.publish(GameHostEvent<Table>.joined(Self.bob, roster: Roster([Self.ann, Self.bob])))
        feed.publish(GameHostEvent<Table>.announced(Secret(kind: "question", choice: -1), to: [Self.ann.id, Self.bob.id]))
        feed.publish(GameHostEvent<Table>.sent(Secret(kind: "accepted", choice: 3), to: [Self.bob.id]))
        let lines = try Self.lines(screen)
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""type":"joined""#) && lines[0].contains("Bob"))
        #expect(lines[1].contains(#""to":"all""#) && lines[1].contains(#""kind":"question""#))
        #expect(lines[2].contains(#""kind":"accepted""#) && lines[2].contains("[2]") && !lines[2].contains("choice"))
    }

    @Test func theTablesNotesForTheHostNeverReachTheTV() throws {
        let feed = Self.feed()
        let screen = try Self.screen(feed, local: true)
        _ = try Self.lines(screen)
        feed.publish(GameHostEvent<Table>.note("Ann answers aloud; correct: 2) Mercury"))  // trivia's buzzer mode
        #expect(try Self.lines(screen).isEmpty)
        let late = try Self.screen(feed, local: true)
        #expect(try !Self.lines(late).joined().contains("Mercury"))
    }

    @Test func aLateScreenCatchesUpWithTheLatestPublicMessagesAndNoticesSinceThen() throws {
        let feed = Self.feed()
        feed.publish(GameHostEvent<Table>.announced(Secret(kind: "question", choice: 1), to: [Self.ann.id]))
        feed.publish(GameHostEvent<Table>.announced(Secret(kind: "result", choice: 1), to: [Self.ann.id]))
        feed.publish(GameHostEvent<Table>.announced(Secret(kind: "question", choice: 2), to: [Self.ann.id]))
        let late = try Self.screen(feed, local: false)
        let lines = try Self.lines(late)
        #expect(lines.count == 3)  // hello, result, the second question
        #expect(lines[1].contains(#""kind":"result""#) && lines[2].contains(#""choice":2"#))
        #expect(lines[2].hasPrefix(#"{"type":"sent","to":"all","ageMs":"#))  // its countdown counts from when it was sent
    }

    @Test func whetherAMessageIsPublicIsTheGamesWordNeverItsRecipients() throws {
        let feed = ScreenFeed(host: .init(name: "Den", game: GameName(rawValue: "trivia"), capacity: 4), peers: { [] })
        let screen = try Self.screen(feed, local: false)
        _ = try Self.lines(screen)
        feed.publish(GameHostEvent<Table>.announced(Secret(kind: "lobby", choice: 0), to: []))  // a countdown before anyone came
        let countdown = try Self.lines(screen)
        #expect(countdown.count == 1 && countdown[0].contains(#""to":"all""#) && countdown[0].contains(#""choice":0"#))
        feed.publish(GameHostEvent<Table>.joined(Self.ann, roster: Roster([Self.ann])))
        // To everyone present, but the game says it is Ann's alone: the screen sees its kind only.
        feed.publish(GameHostEvent<Table>.sent(Secret(kind: "yours", choice: 1), to: [Self.ann.id]))
        // To nobody present, but news for the room: shown whole.
        feed.publish(GameHostEvent<Table>.announced(Secret(kind: "lobby", choice: 2), to: []))
        let lines = try Self.lines(screen)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[1].contains(#""to":[1]"#) && !lines[1].contains("choice"))
        #expect(lines[2].contains(#""to":"all""#) && lines[2].contains(#""choice":2"#))
    }
}
