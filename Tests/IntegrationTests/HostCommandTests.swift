import GameRuntime
import Matchmaking
import SnapGame
import Testing
import Trivia

/// The host's commands over real loopback TCP: a kick reaches the kicked player as `kicked` and
/// the others as `left kicked`; end and rematch give the same players a second game without
/// joining again.
@Suite(.timeLimit(.minutes(1))) struct HostCommandTests {
    @Test func triviaKickEndAndRematchWithTheSamePlayers() async throws {
        let trivia = try await TriviaTestHost.start(bank: rightOrWrongBank(5), mode: .first, capacity: 3, rounds: 2, questionTime: 5)
        var players: [ScriptedPlayer] = []
        for (index, name) in ["Ann", "Bob", "Cy"].enumerated() {
            players.append(ScriptedPlayer(try await trivia.host.join(name), botSeed: UInt64(index + 1)))
        }
        let (ann, bob, cy) = (players[0], players[1], players[2])
        #expect(await ann.question(1) != nil)

        trivia.runner.command(.kick(cy.id))
        #expect(await cy.session.ended() == .kicked)
        #expect(await eventually { trivia.events.mutate { $0 }.contains(.left(Peer(id: cy.id, name: "Cy"), .kicked, roster: Roster([Peer(id: ann.id, name: "Ann"), Peer(id: bob.id, name: "Bob")]))) })
        #expect(await eventually { trivia.events.mutate { $0 }.contains(.commanded(.kick(cy.id))) })

        trivia.runner.command(.end)
        let final = try #require(await ann.gameOver())
        #expect(final.ended == .endedByHost)
        #expect(Set(final.standings.map(\.id)) == [ann.id, bob.id])
        // Both stay, back in the lobby.
        #expect(await bob.wait { if case .lobby(let lobby) = $0 { lobby.status } else { nil } }?.players == 2)
        trivia.runner.command(.end)
        #expect(await eventually { trivia.events.mutate { $0 }.contains(.refused(CommandRefusal(.end, .noGame))) })

        trivia.runner.command(.rematch)
        let games = { @Sendable (player: ScriptedPlayer) in player.all { if case .game(let info) = $0 { info } else { nil } } }
        #expect(await eventually { games(ann).count == 2 && games(bob).count == 2 })
        #expect(games(ann).last?.scoreboard.map(\.points) == [0, 0])
        let second = try #require(await ann.wait(skipping: ann.seen.mutate { $0.count } - 1) { if case .gameOver(let final) = $0 { final } else { nil } })
        #expect(second.ended == .questionsDone)
        #expect(trivia.host.server.session.peers.map(\.name) == ["Ann", "Bob"])  // still connected
        for player in [ann, bob] { await player.quit() }
        await trivia.stop()
    }

    @Test func snapPausedAndEndedByTheHostThenARematch() async throws {
        let snap = try await SnapTestHost.start(capacity: 2, seed: 3)
        let ann = SnapTestPlayer(try await snap.host.join("Ann"), bot: (reaction: 50, jitter: 0, flip: 20, seed: 1))
        let bob = SnapTestPlayer(try await snap.host.join("Bob"), bot: (reaction: 50, jitter: 0, flip: 20, seed: 2))
        let flips = { @Sendable (player: SnapTestPlayer) in player.all { if case .table(let state) = $0 { state.flips } else { nil } }.last ?? 0 }
        #expect(await eventually { flips(ann) >= 3 })

        snap.runner.command(.pause)
        #expect(await ann.wait { if case .pause(let status) = $0, status.paused { true } else { nil } } == true)
        try await Task.sleep(for: .milliseconds(150))  // flips in flight land
        let frozen = flips(ann)
        try await Task.sleep(for: .milliseconds(400))  // 20 flip delays: a running game would flip on
        #expect(flips(ann) == frozen)
        snap.runner.command(.unpause)
        #expect(await eventually { flips(ann) > frozen })  // the bots go on by themselves

        snap.runner.command(.end)
        let final = try #require(await bob.wait { if case .gameOver(let final) = $0 { final } else { nil } })
        #expect(final.ended == .endedByHost)
        snap.runner.command(.rematch)
        #expect(await eventually { ann.all { if case .table(let state) = $0, state.event.type == "deal" { state } else { nil } }.count == 2 })
        #expect(await eventually { flips(bob) >= 1 && ann.player.final == nil })
        for player in [ann, bob] { await player.quit() }
        await snap.stop()
    }
}
