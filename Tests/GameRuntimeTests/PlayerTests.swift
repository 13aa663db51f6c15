import Matchmaking
import Testing

@testable import GameRuntime

/// The generic player runner and the player's terminal, with a toy model on a scripted session.
@Suite(.timeLimit(.minutes(1))) struct PlayerTests {
    static let host = Peer(id: .host, name: "Host")

    @Test func theHostsMessagesFeedTheModelAndEverythingReachesTheScreenInOrder() async {
        let session = ScriptedPlayerSession()
        let player = GamePlayer<ToyModel>(session: session)
        session.feed(
            message(ToyNews(news: "a"), from: Self.host, at: 10), .joined(cy), message(LobbyMessage.chat("hi"), from: cy, named: false),
            message(LobbyMessage.chat("and me"), from: bob, named: false), message(ToyNews(news: "not from the host"), from: bob),
            message(["kind": "garbage"], from: Self.host), message(LobbyMessage.chat("welcome"), from: Self.host, named: false),
            .left(cy, .userQuit), message(ToyNews(news: "b"), from: Self.host, at: 20))
        session.end()
        await player.run()
        var events: [PlayerEvent<ToyNews>] = []
        for await event in player.events { events.append(event) }
        #expect(events == [
            .received(ToyNews(news: "a")), .joined(cy), .chat(ChatLine(from: cy.id, name: "Cy", text: "hi")),
            .chat(ChatLine(from: bob.id, name: "Bob", text: "and me")), .chat(ChatLine(from: .host, name: "Host", text: "welcome")),
            .left(cy, .userQuit), .received(ToyNews(news: "b")),
        ])
        #expect(player.model.news == ["a", "b"])
        #expect(player.model.arrivals == [10, 20])
        #expect(player.name(of: cy.id) == "Cy")
        #expect(player.name(of: PeerID(rawValue: 9)) == "#9")
    }

    @Test func actionsChangeTheModelAndSendThroughTheSession() {
        let session = ScriptedPlayerSession()
        let player = GamePlayer<ToyModel>(session: session)
        let count = player.update { model -> Int in
            model.news.append("pressed")
            return model.news.count
        }
        #expect(count == 1)
        #expect(player.model.news == ["pressed"])
        player.send(ToyMove(move: "echo"))
        player.send(ToyMove(move: "shout"), to: .all)
        #expect(session.moves.map(\.0) == ["echo", "shout"])
        #expect(session.moves.map(\.1) == [.host, .all])
    }

    @Test func withOnceABotPlaysUntilTheGameIsOverAndThenTheTerminalLeavesOnce() async {
        let session = ScriptedPlayerSession()
        let player = GamePlayer<ToyModel>(session: session)
        let screen = CapturedLines()
        let terminal = PlayerTerminal(player: player, screen: ToyPlayerScreen(writer: screen.writer), bot: ToyBot(player: player), once: true)
        session.feed(
            .joined(cy), message(LobbyMessage.chat("hi"), from: cy, named: false), message(ToyNews(news: "your move"), from: Self.host),
            .left(cy, .connectionDropped), message(ToyNews(news: "over"), from: Self.host), message(ToyNews(news: "over"), from: Self.host))
        let reason = await terminal.run()
        #expect(reason == .userQuit)
        #expect(session.quits.value == 1)
        #expect(screen.lines == [
            "toy: a bot plays", "joined: Cy (id 3)", "chat Cy: hi", "news: your move", "left: Cy (id 3) connectionDropped", "news: over",
            "news: over",
        ])
        #expect(session.moves.map(\.0) == ["hello", "echo"])
    }

    @Test func withoutOnceTheTerminalStaysAfterGameOverForTheNextGame() async {
        let session = ScriptedPlayerSession()
        let player = GamePlayer<ToyModel>(session: session)
        let screen = CapturedLines()
        let terminal = PlayerTerminal(player: player, screen: ToyPlayerScreen(writer: screen.writer), bot: ToyBot(player: player))
        session.feed(
            message(ToyNews(news: "over"), from: Self.host), .left(cy, .kicked), message(ToyNews(news: "your move"), from: Self.host),
            message(ToyNews(news: "over"), from: Self.host))
        session.endReason.mutate { $0 = .kicked }
        let running = Task { await terminal.run() }
        #expect(await eventually { session.moves.count == 2 })  // hello, then the echo in the second game
        session.end()
        #expect(await running.value == .kicked)
        #expect(session.quits.value == 0)
        #expect(screen.lines == [
            "toy: a bot plays", "news: over", "Cy was removed by the host", "news: your move", "news: over", "you were removed by the host",
        ])
    }

    @Test func theTerminalEndsWhenTheSessionEnds() async {
        let session = ScriptedPlayerSession()
        let player = GamePlayer<ToyModel>(session: session)
        let screen = CapturedLines()
        session.feed(message(ToyNews(news: "a"), from: Self.host))
        session.end()
        let reason = await PlayerTerminal(player: player, screen: ToyPlayerScreen(writer: screen.writer), bot: ToyBot(player: player)).run()
        #expect(reason == .userQuit)
        #expect(session.quits.value == 0)
        #expect(screen.lines == ["toy: a bot plays", "news: a"])
    }
}
