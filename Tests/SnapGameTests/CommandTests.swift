import Foundation
import GameRuntime
import Matchmaking
import SnapGame
import Testing

/// The host's commands on the Snap! table, in each of its states: lobby (one player waiting, two
/// waiting, after a game), a game under way, snaps being judged, paused.
@Suite struct CommandTests {
    enum Where: CaseIterable {
        case oneWaiting, twoWaiting, playing, judging, paused, afterGame
    }

    /// Capacity 3, `whenFull`: Ann, Bob and Cy start a game (dealt at t = 0); `judging`: Ann
    /// snapped falsely at t = 10 µs (the window is open); `paused` at t = 1 s; `afterGame`: ended
    /// by the host at t = 2 s.
    func make(_ place: Where) -> SnapTable {
        var table = SnapTable(settings: SnapSettings(), capacity: 3, seed: 5)
        _ = table.joined(ann, at: GameMoment(now: 0))
        if place == .oneWaiting { return table }
        _ = table.joined(bob, at: GameMoment(now: 0))
        if place == .twoWaiting { return table }
        _ = table.joined(cy, at: GameMoment(now: 0))
        switch place {
        case .judging:
            _ = table.received(.snap(SnapPress(seq: table.game!.seq, pressedAt: 10)), from: ann.id, arrivedAt: 10, at: GameMoment(now: 10))
        case .paused:
            _ = table.command(.pause, at: GameMoment(now: 1_000_000))
        case .afterGame:
            _ = table.command(.end, at: GameMoment(now: 2_000_000))
        default:
            break
        }
        return table
    }

    func refusal(_ effects: [SnapTable.Effect]) -> CommandRefusal.Reason? {
        guard effects.count == 1, case .refused(let refusal) = effects[0] else { return nil }
        return refusal.reason
    }

    func notes(_ effects: [SnapTable.Effect]) -> [SnapLogEntry] {
        effects.compactMap { if case .note(let entry) = $0 { entry } else { nil } }
    }

    func tables(_ effects: [SnapTable.Effect]) -> [TableState] {
        effects.compactMap { if case .announce(.table(let state), _) = $0 { state } else { nil } }
    }

    @Test(arguments: Where.allCases)
    func aRefusedCommandChangesNothing(place: Where) {
        for command in HostCommand.plain + [.kick(PeerID(rawValue: 9))] {
            var table = make(place)
            let (wake, game, waiting, paused) = (table.nextWake, table.game, table.lobby.waiting, table.round?.pausedAt)
            guard refusal(table.command(command, at: GameMoment(now: 3_000_000))) != nil else { continue }
            #expect(table.nextWake == wake, "\(command) in \(place)")
            #expect(table.game == game, "\(command) in \(place)")
            #expect(table.lobby.waiting == waiting, "\(command) in \(place)")
            #expect(table.round?.pausedAt == paused, "\(command) in \(place)")
        }
    }

    @Test func startNowAndRematch() {
        var one = make(.oneWaiting)
        #expect(refusal(one.command(.startNow, at: GameMoment(now: 1))) == .tooFewPlayers(needed: 2, waiting: 1))
        #expect(refusal(one.command(.rematch, at: GameMoment(now: 1))) == .noGameYet)
        var two = make(.twoWaiting)
        #expect(refusal(two.command(.rematch, at: GameMoment(now: 1))) == .noGameYet)
        let started = two.command(.startNow, at: GameMoment(now: 1))
        #expect(started.first == .gameStarted(lateJoinersAllowed: false))
        #expect(two.game?.seats.map(\.peer) == [ann, bob])
        for place in [Where.playing, .judging, .paused] {
            var table = make(place)
            #expect(refusal(table.command(.startNow, at: GameMoment(now: 3_000_000))) == .gameUnderWay, "\(place)")
            #expect(refusal(table.command(.rematch, at: GameMoment(now: 3_000_000))) == .gameUnderWay, "\(place)")
        }
        for command in [HostCommand.startNow, .rematch] {
            var after = make(.afterGame)
            let again = after.command(command, at: GameMoment(now: 3_000_000))
            #expect(again.first == .gameStarted(lateJoinersAllowed: false), "\(command)")
            #expect(after.game?.seats.map(\.peer) == [ann, bob, cy], "\(command)")
            #expect(after.game?.cards(ann) == 18, "\(command)")
            #expect(after.gamesPlayed == 2)
        }
    }

    @Test func skipPassesTheTurnAndIsLogged() throws {
        for place in [Where.oneWaiting, .twoWaiting, .afterGame] {
            var table = make(place)
            #expect(refusal(table.command(.skip, at: GameMoment(now: 3_000_000))) == .noGame, "\(place)")
        }
        var playing = make(.playing)
        let seq = try #require(playing.game?.seq)
        #expect(playing.game?.turnPlayer == ann.id)
        let skipped = playing.command(.skip, at: GameMoment(now: 5))
        #expect(notes(skipped) == [.skip(player: ann.id)])
        #expect(tables(skipped).first?.event == TableEvent(type: "skip", player: ann.id))
        #expect(tables(skipped).first?.turn == bob.id)
        #expect(playing.game?.seq == seq + 1)
        #expect(playing.received(.flip, from: ann.id, arrivedAt: 6, at: GameMoment(now: 6)) == [.send(.refused(Refused(action: "flip", reason: .notYourTurn)), to: [ann.id])])
        // While snaps are judged the turn still passes; the window stays open.
        var judging = make(.judging)
        let wake = judging.nextWake
        #expect(notes(judging.command(.skip, at: GameMoment(now: 20))) == [.skip(player: ann.id)])
        #expect(judging.nextWake == wake)
        var paused = make(.paused)
        #expect(refusal(paused.command(.skip, at: GameMoment(now: 3_000_000))) == .paused)
    }

    @Test func pauseRefusesMovesAndUnpauseShiftsTheWindow() throws {
        for place in [Where.oneWaiting, .twoWaiting, .afterGame] {
            var table = make(place)
            #expect(refusal(table.command(.pause, at: GameMoment(now: 3_000_000))) == .noGame, "\(place)")
            #expect(refusal(table.command(.unpause, at: GameMoment(now: 3_000_000))) == .noGame, "\(place)")
        }
        var playing = make(.playing)
        #expect(refusal(playing.command(.unpause, at: GameMoment(now: 1))) == .notPaused)
        let paused = playing.command(.pause, at: GameMoment(now: 1))
        #expect(paused == [.announce(.pause(PauseStatus(paused: true)), to: [ann.id, bob.id, cy.id])])
        #expect(refusal(playing.command(.pause, at: GameMoment(now: 2))) == .alreadyPaused)
        #expect(playing.received(.flip, from: ann.id, arrivedAt: 3, at: GameMoment(now: 3)) == [.send(.refused(Refused(action: "flip", reason: .paused)), to: [ann.id])])
        let seq = try #require(playing.game?.seq)
        #expect(playing.received(.snap(SnapPress(seq: seq, pressedAt: 3)), from: bob.id, arrivedAt: 3, at: GameMoment(now: 3)) == [.send(.refused(Refused(action: "snap", reason: .paused)), to: [bob.id])])
        #expect(playing.command(.unpause, at: GameMoment(now: 4)) == [.announce(.pause(PauseStatus(paused: false)), to: [ann.id, bob.id, cy.id])])
        #expect(!playing.received(.flip, from: ann.id, arrivedAt: 5, at: GameMoment(now: 5)).isEmpty)
        #expect(playing.game?.flips == 1)

        // Paused while judging: the window waits, and closes as much later as the pause lasted.
        var judging = make(.judging)
        let closes = try #require(judging.nextWake)
        _ = judging.command(.pause, at: GameMoment(now: 20))
        #expect(judging.nextWake == nil)
        #expect(judging.woke(at: GameMoment(now: closes + 1_000_000)).isEmpty)
        _ = judging.command(.unpause, at: GameMoment(now: 1_000_020))
        #expect(judging.nextWake == closes + 1_000_000)
        #expect(notes(judging.woke(at: GameMoment(now: closes + 1_000_000))) == [.snap(player: ann.id, snappers: [ann.id], valid: false)])
    }

    @Test func endIsGameOverByCardCountAndEveryoneStaysForTheNext() throws {
        for place in [Where.oneWaiting, .twoWaiting, .afterGame] {
            var table = make(place)
            #expect(refusal(table.command(.end, at: GameMoment(now: 3_000_000))) == .noGame, "\(place)")
        }
        for place in [Where.playing, .judging, .paused] {
            var table = make(place)
            let ended = table.command(.end, at: GameMoment(now: 3_000_000))
            let final = ended.compactMap { if case .announce(.gameOver(let final), _) = $0 { final } else { nil } }.first
            #expect(final?.ended == .endedByHost, "\(place)")
            #expect(final?.winners == [ann.id], "\(place)")  // 18 cards to 17 and 17
            #expect(ended.contains(.gameEnded), "\(place)")
            #expect(table.game == nil && table.round?.pausedAt == nil, "\(place)")
            #expect(table.lobby.waiting == [ann, bob, cy], "\(place)")
            #expect(table.nextWake == 3_000_000 + Lobby.restAfterGame, "\(place)")
            #expect(notes(ended).last.map { if case .end(let outcome, _, _, _) = $0 { outcome.ended == .endedByHost } else { false } } == true)
        }
    }

    @Test func kickAPlayerWhoIsHereOnly() {
        for place in Where.allCases {
            var table = make(place)
            let nobody = PeerID(rawValue: 9)
            #expect(table.command(.kick(nobody), at: GameMoment(now: 3_000_000)) == [.refused(CommandRefusal(.kick(nobody), .noSuchPlayer(nobody)))], "\(place)")
            #expect(table.command(.kick(ann.id), at: GameMoment(now: 3_000_000)) == [.kick(ann.id)], "\(place)")
        }
        var playing = make(.playing)
        _ = playing.left(bob, reason: .kicked, at: GameMoment(now: 1))
        #expect(refusal(playing.command(.kick(bob.id), at: GameMoment(now: 2))) == .noSuchPlayer(bob.id))
    }

    @Test func aLogWithSkipsAndAnEndByTheHostReplays() throws {
        var table = SnapTable(settings: SnapSettings(), capacity: 3, seed: 5)
        var log: [SnapLogEntry] = []
        for peer in [ann, bob, cy] { log += notes(table.joined(peer, at: GameMoment(now: 0))) }
        var now: Int64 = 0
        var rng = SplitMix64(seed: 9)
        for step in 0..<200 {
            now += 1_000
            guard let game = table.game else { break }
            if step % 7 == 3 {
                log += notes(table.command(.skip, at: GameMoment(now: now)))
            } else if game.hasMatch {
                let snapper = game.playing.map { game.seats[$0].peer.id }.randomElement(using: &rng)!
                log += notes(table.received(.snap(SnapPress(seq: game.seq, pressedAt: now)), from: snapper, arrivedAt: now, at: GameMoment(now: now)))
                log += notes(table.woke(at: GameMoment(now: now + 10_000)))
            } else {
                log += notes(table.received(.flip, from: game.turnPlayer!, arrivedAt: now, at: GameMoment(now: now)))
            }
        }
        if table.game != nil { log += notes(table.command(.end, at: GameMoment(now: now))) }
        #expect(log.contains { if case .skip = $0 { true } else { false } })
        let games = try SnapReplay.replay(log)
        #expect(games.count == 1)
        #expect(games[0].recordedEnd != nil)
        #expect(games[0].conserved)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let lines = try log.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
        #expect(lines.contains(#"{"kind":"skip","player":"#))
        #expect(try SnapReplay.replay(jsonLines: lines) == games)
        // A skip the rules would not make (a player whose turn it is not) does not replay.
        let index = try #require(log.firstIndex { if case .skip = $0 { true } else { false } })
        guard case .skip(let player) = log[index] else { return }
        var tampered = log
        tampered[index] = .skip(player: player == ann.id ? bob.id : ann.id)
        #expect(throws: SnapReplay.Failure.self) { try SnapReplay.replay(tampered) }
    }
}
