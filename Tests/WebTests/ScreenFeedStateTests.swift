import GameRuntime
import Matchmaking
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import Web

/// The TV's feed of real-time states (Pong's court, 60 a second): the newest per key, never a
/// backlog; a late screen gets the newest at once; host pages get none.
@Suite struct ScreenFeedStateTests {
    typealias Table = ScreenFeedTests.Table
    typealias Court = ScreenFeedTests.Secret

    static func court(_ tick: Int) -> GameHostEvent<Table> { .stateSent(Court(kind: "court", choice: tick), key: "court", to: [ScreenFeedTests.ann.id]) }

    /// The states a screen was sent: (key, seq, the body's `choice`).
    static func states(_ channel: EmbeddedChannel) throws -> [(key: String, seq: Int, tick: Int)] {
        try ScreenFeedTests.lines(channel).compactMap { line in
            guard line.hasPrefix(#"{"type":"state""#) else { return nil }
            let key = try #require(line.firstMatch(of: /"key":"([^"]*)"/)).1
            let seq = try #require(line.firstMatch(of: /"seq":(\d+)/)).1
            let tick = try #require(line.firstMatch(of: /"choice":(-?\d+)/)).1
            return (String(key), Int(seq)!, Int(tick)!)
        }
    }

    @Test func aScreenIsSentEachStateWithTheFeedsOwnNumbers() throws {
        let feed = ScreenFeedTests.feed()
        let screen = try ScreenFeedTests.screen(feed, local: false)
        _ = try ScreenFeedTests.lines(screen)
        feed.publish(Self.court(1))
        feed.publish(Self.court(2))
        feed.publish(GameHostEvent<Table>.stateSent(Court(kind: "other", choice: 9), key: "other", to: [ScreenFeedTests.ann.id]))
        let states = try Self.states(screen)
        #expect(states.map(\.key) == ["court", "court", "other"])
        #expect(states.map(\.seq) == [1, 2, 1])  // per key, from 1
        #expect(states.map(\.tick) == [1, 2, 9])
    }

    @Test func aScreenThatTakesNoWritesIsSentOnlyTheNewestPerKeyWhenItDoesAgain() throws {
        let feed = ScreenFeedTests.feed()
        let screen = try ScreenFeedTests.screen(feed, local: false)
        _ = try ScreenFeedTests.lines(screen)
        screen.isWritable = false
        for tick in 1...100 { feed.publish(Self.court(tick)) }
        feed.publish(GameHostEvent<Table>.stateSent(Court(kind: "other", choice: 7), key: "other", to: [ScreenFeedTests.ann.id]))
        #expect(try Self.states(screen).isEmpty)  // nothing written while it takes no writes
        screen.isWritable = true
        screen.pipeline.fireChannelWritabilityChanged()
        #expect(try Self.states(screen).isEmpty)  // a screen without its ScreenLink: the feed hears nothing
        feed.writable(screen)
        let states = try Self.states(screen).sorted { $0.key < $1.key }
        #expect(states.map(\.key) == ["court", "other"])
        #expect(states.map(\.tick) == [100, 7])  // the newest of each key, no backlog
        #expect(screen.isActive)  // not closed: states are never a reason to drop a screen
    }

    @Test func theScreenLinkTellsTheFeedWhenItsSocketTakesWritesAgain() throws {
        let feed = ScreenFeedTests.feed()
        let screen = EmbeddedChannel()
        try screen.connect(to: SocketAddress(ipAddress: "10.0.0.9", port: 1)).wait()
        try screen.pipeline.syncOperations.addHandler(ScreenLink(feed: feed))
        _ = try ScreenFeedTests.lines(screen)
        screen.isWritable = false
        feed.publish(Self.court(1))
        feed.publish(Self.court(2))
        screen.isWritable = true
        screen.pipeline.fireChannelWritabilityChanged()
        #expect(try Self.states(screen).map(\.tick) == [2])
    }

    @Test func waitingStatesGoBeforeTheNextMessageOnTheLink() throws {
        let feed = ScreenFeedTests.feed()
        let screen = try ScreenFeedTests.screen(feed, local: false)
        _ = try ScreenFeedTests.lines(screen)
        screen.isWritable = false
        feed.publish(Self.court(5))
        screen.isWritable = true  // (no event yet) then the game says something to everyone
        feed.publish(GameHostEvent<Table>.sent(Court(kind: "gameOver", choice: 0), to: [ScreenFeedTests.ann.id]))
        let lines = try ScreenFeedTests.lines(screen)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"type":"state","key":"court""#) && lines[0].contains(#""choice":5"#))
        #expect(lines[1].contains(#""kind":"gameOver""#))
    }

    @Test func aLateScreenGetsTheNewestStateOfEachKeyAtOnce() throws {
        let feed = ScreenFeedTests.feed()
        feed.publish(GameHostEvent<Table>.sent(Court(kind: "roles", choice: 0), to: [ScreenFeedTests.ann.id]))
        for tick in 1...30 { feed.publish(Self.court(tick)) }
        let late = try ScreenFeedTests.screen(feed, local: false)
        let lines = try ScreenFeedTests.lines(late)
        #expect(lines.count == 3)  // hello, roles, the newest court
        #expect(lines[1].contains(#""kind":"roles""#))
        #expect(lines[2].hasPrefix(#"{"type":"state","key":"court","seq":30,"body":{"#) && lines[2].contains(#""choice":30"#))
    }

    @Test func aStateIsTheRoomsWhoeverHearsItNow() throws {
        let feed = ScreenFeedTests.feed()
        let screen = try ScreenFeedTests.screen(feed, local: false)
        _ = try ScreenFeedTests.lines(screen)
        // A court sent to no player (both sides away for a moment) still shows on the TV.
        feed.publish(GameHostEvent<Table>.stateSent(Court(kind: "court", choice: 1), key: "court", to: []))
        let lines = try ScreenFeedTests.lines(screen)
        #expect(lines.count == 1 && lines[0].contains(#""key":"court""#) && lines[0].contains(#""choice":1"#), "\(lines)")
        let late = try ScreenFeedTests.lines(try ScreenFeedTests.screen(feed, local: false))
        #expect(late.joined().contains(#""choice":1"#), "and to a screen that comes later")
    }

    @Test func hostPagesAreNotSentStates() throws {
        let feed = ScreenFeedTests.feed()
        let page = EmbeddedChannel()
        try page.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        feed.add(page, as: .hostPage)
        _ = try ScreenFeedTests.lines(page)
        feed.publish(Self.court(1))
        #expect(try ScreenFeedTests.lines(page).isEmpty)
        let late = EmbeddedChannel()
        try late.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        feed.add(late, as: .hostPage)
        #expect(try Self.states(late).isEmpty)
    }
}
