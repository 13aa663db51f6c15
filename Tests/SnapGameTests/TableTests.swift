import Foundation
import GameRuntime
import Matchmaking
import SnapGame
import Testing

/// The host's table: lobby, start, judging snaps with the clock offsets, replay log.
@Suite struct TableTests {
    /// A table of Ann, Bob and Cy (whenFull, capacity 3) with the game just dealt; returns the actions so far.
    func started(_ settings: SnapSettings = SnapSettings(), seed: UInt64 = 5) -> (SnapTable, [SnapTable.Effect]) {
        var table = SnapTable(settings: settings, capacity: 3, seed: seed)
        var actions = table.joined(ann, at: GameMoment(now: 0))
        actions += table.joined(bob, at: GameMoment(now: 0))
        actions += table.joined(cy, at: GameMoment(now: 0))
        return (table, actions)
    }

    /// Flips in turn until the table shows a match (no snap); returns the log entries.
    func flipUntilMatch(_ table: inout SnapTable, now: Int64 = 1) -> [SnapLogEntry] {
        var entries: [SnapLogEntry] = []
        while let game = table.game, !game.hasMatch {
            let actions = table.received(.flip, from: game.turnPlayer!, arrivedAt: now, at: GameMoment(now: now))
            entries += actions.compactMap { if case .note(let entry) = $0 { entry } else { nil } }
        }
        return entries
    }

    func clock(offset: Int64, roundTrip: Int64) -> ClockEstimate {
        ClockEstimate(offset: offset, roundTrip: roundTrip, medianRoundTrip: roundTrip, samples: 8)
    }

    @Test func aFullHouseStartsTheGameWithoutLateJoinersAndLogsTheDeal() {
        let (table, actions) = started()
        #expect(actions.contains(.gameStarted(lateJoinersAllowed: false)))
        #expect(actions.contains { if case .note(.deal(_, _, let players)) = $0 { players == [ann, bob, cy] } else { false } })
        #expect(table.game?.conserves52 == true)
    }

    @Test func aFlipOutOfTurnIsRefusedToTheSenderOnly() {
        var (table, _) = started()
        let actions = table.received(.flip, from: bob.id, arrivedAt: 1, at: GameMoment(now: 1))
        #expect(actions == [.send(.refused(Refused(action: "flip", reason: .notYourTurn)), to: [bob.id])])
    }

    @Test func snapsAreJudgedByCorrectedReactionTimeNotArrival() throws {
        var (table, _) = started()
        _ = flipUntilMatch(&table)
        let seq = try #require(table.game?.seq)
        // Bob's link: 80 ms round trip, his clock 1 s ahead. Cy's: 2 ms, clock equal.
        let clocks = [ann.id: clock(offset: 0, roundTrip: 2_000), bob.id: clock(offset: 1_000_000, roundTrip: 80_000), cy.id: clock(offset: 0, roundTrip: 2_000)]
        // The table went out at t=1_000_000. Bob saw it at +40 ms, pressed 5 ms later (his clock: +1 s),
        // and his press arrived 40 ms after that. Cy saw it at +1 ms and pressed 25 ms later.
        let sent: Int64 = 1_000_000
        #expect(table.received(.snap(SnapPress(seq: seq, pressedAt: sent + 26_000)), from: cy.id, arrivedAt: sent + 27_000, at: GameMoment(now: sent + 27_000, clocks: clocks)).isEmpty)
        #expect(table.nextWake == sent + 27_000 + 80_000)  // the window: the slowest median round trip
        #expect(table.received(.flip, from: table.game!.turnPlayer!, arrivedAt: sent + 30_000, at: GameMoment(now: sent + 30_000, clocks: clocks))
            == [.send(.refused(Refused(action: "flip", reason: .judging)), to: [table.game!.turnPlayer!])])
        #expect(table.received(.snap(SnapPress(seq: seq, pressedAt: sent + 45_000 + 1_000_000)), from: bob.id, arrivedAt: sent + 85_000, at: GameMoment(now: sent + 85_000, clocks: clocks)).isEmpty)
        #expect(table.woke(at: GameMoment(now: sent + 100_000, clocks: clocks)).isEmpty)  // not yet
        let actions = table.woke(at: GameMoment(now: sent + 107_000, clocks: clocks))
        #expect(actions.contains(.note(.snap(player: bob.id, snappers: [bob.id, cy.id], valid: true))))
        #expect(table.game?.hasMatch == false)
        #expect(table.nextWake == nil)

        // Judged by arrival instead, Cy would have won.
        var settings = SnapSettings()
        settings.clockCorrection = false
        var (unfair, _) = started(settings)
        _ = flipUntilMatch(&unfair)
        let same = try #require(unfair.game?.seq)
        _ = unfair.received(.snap(SnapPress(seq: same, pressedAt: sent + 26_000)), from: cy.id, arrivedAt: sent + 27_000, at: GameMoment(now: sent + 27_000, clocks: clocks))
        _ = unfair.received(.snap(SnapPress(seq: same, pressedAt: sent + 45_000 + 1_000_000)), from: bob.id, arrivedAt: sent + 85_000, at: GameMoment(now: sent + 85_000, clocks: clocks))
        #expect(unfair.woke(at: GameMoment(now: sent + 200_000, clocks: clocks)).contains(.note(.snap(player: cy.id, snappers: [cy.id, bob.id], valid: true))))
    }

    @Test func snapsOnATableWithoutAMatchAreFalseAndEachSnapperPays() throws {
        var (table, _) = started()
        let game = try #require(table.game)
        #expect(!game.hasMatch)  // just dealt: nothing face up
        _ = table.received(.snap(SnapPress(seq: game.seq, pressedAt: 10)), from: ann.id, arrivedAt: 10, at: GameMoment(now: 10))
        _ = table.received(.snap(SnapPress(seq: game.seq, pressedAt: 12)), from: bob.id, arrivedAt: 12, at: GameMoment(now: 12))
        #expect(table.received(.snap(SnapPress(seq: game.seq, pressedAt: 13)), from: bob.id, arrivedAt: 13, at: GameMoment(now: 13))
            == [.send(.refused(Refused(action: "snap", reason: .alreadySnapped)), to: [bob.id])])
        let actions = table.woke(at: GameMoment(now: 100_000))
        let logged = actions.compactMap { if case .note(let entry) = $0 { entry } else { nil } }
        #expect(logged == [.snap(player: ann.id, snappers: [ann.id, bob.id], valid: false), .snap(player: bob.id, snappers: [ann.id, bob.id], valid: false)])
        #expect(table.game.map { [$0.cards(ann), $0.cards(bob), $0.cards(cy)] } == [17, 16, 19])
    }

    @Test func aSnapOnAnOlderTableThatNoLongerMatchesIsStaleNotFalse() throws {
        var (table, _) = started()
        _ = table.received(.flip, from: ann.id, arrivedAt: 1, at: GameMoment(now: 1))
        let seen = try #require(table.game?.seq)
        _ = table.received(.flip, from: bob.id, arrivedAt: 2, at: GameMoment(now: 2))
        if table.game?.hasMatch == false {
            #expect(table.received(.snap(SnapPress(seq: seen, pressedAt: 3)), from: cy.id, arrivedAt: 3, at: GameMoment(now: 3))
                == [.send(.refused(Refused(action: "snap", reason: .stale)), to: [cy.id])])
        }
        #expect(table.received(.snap(SnapPress(seq: seen + 99, pressedAt: 3)), from: cy.id, arrivedAt: 3, at: GameMoment(now: 3))
            == [.send(.refused(Refused(action: "snap", reason: .stale)), to: [cy.id])])
    }

    @Test func aPlayerLeavingMidGameIsRemovedAndTheLastOneWins() throws {
        var (table, _) = started()
        var log: [SnapLogEntry] = []
        func keep(_ actions: [SnapTable.Effect]) { log += actions.compactMap { if case .note(let entry) = $0 { entry } else { nil } } }
        keep(table.left(bob, reason: .userQuit, at: GameMoment(now: 5)))
        #expect(table.game?.seatOf(bob).status == .left)
        #expect(table.game?.conserves52 == true)
        let last = table.left(cy, reason: .userQuit, at: GameMoment(now: 6))
        keep(last)
        #expect(last.contains(.gameEnded))
        #expect(last.contains { if case .announce(.gameOver(let final), _) = $0 { final.winners == [ann.id] && final.ended == .lastPlayer } else { false } })
        #expect(table.game == nil)
        #expect(log.first == .leave(player: bob.id))
        #expect(log.last.map { if case .end = $0 { true } else { false } } == true)
    }

    @Test func aGameLogReplaysToTheSameFinalState() throws {
        var settings = SnapSettings()
        settings.maxFlips = 400
        var (table, actions) = started(settings, seed: 11)
        var log = actions.compactMap { if case .note(let entry) = $0 { entry } else { nil } }
        var now: Int64 = 1
        var rng = SplitMix64(seed: 4)
        while let game = table.game {
            now += 1_000
            var step: [SnapTable.Effect]
            if game.hasMatch {
                let snapper = game.playing.map { game.seats[$0].peer.id }.randomElement(using: &rng)!
                step = table.received(.snap(SnapPress(seq: game.seq, pressedAt: now)), from: snapper, arrivedAt: now, at: GameMoment(now: now))
                step += table.woke(at: GameMoment(now: now + 10_000))
            } else {
                step = table.received(.flip, from: game.turnPlayer!, arrivedAt: now, at: GameMoment(now: now))
            }
            log += step.compactMap { if case .note(let entry) = $0 { entry } else { nil } }
            if let game = table.game { #expect(game.conserves52) }
        }
        let games = try SnapReplay.replay(log)
        #expect(games.count == 1)
        #expect(games[0].recordedEnd != nil)
        #expect(games[0].conserved)
        #expect(games[0].final.isOver)
        // The same log as JSON lines (the replay file's format) replays the same.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let lines = try log.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
        #expect(try SnapReplay.replay(jsonLines: lines) == games)
        #expect(throws: SnapReplay.Failure.self) { try SnapReplay.replay(jsonLines: "{\"kind\":\"flip\",\"player\":1,\"card\":3}") }
        // A tampered log does not replay.
        let index = try #require(log.firstIndex { if case .flip = $0 { true } else { false } })
        guard case .flip(let player, let original) = log[index] else { return }
        var tampered = log
        tampered[index] = .flip(player: player, card: Card(id: original.id == 51 ? 50 : 51))
        #expect(throws: SnapReplay.Failure.self) { try SnapReplay.replay(tampered) }
    }

    @Test func messagesRoundTripWithAKind() throws {
        let flip = try JSONValue(encoding: SnapClientMessage.flip)
        #expect(flip == .object(["kind": .string("flip")]))
        let snap = SnapClientMessage.snap(SnapPress(seq: 3, pressedAt: 99))
        #expect(try JSONValue(encoding: snap).decode(SnapClientMessage.self) == snap)
        let (table, _) = started()
        let state = SnapServerMessage.table(SnapRules.view(table.game!, event: TableEvent(type: "deal", player: nil, card: nil, cards: nil, players: nil, snappers: nil)))
        #expect(try JSONValue(encoding: state).decode(SnapServerMessage.self) == state)
        let entry = SnapLogEntry.end(.init(winners: [ann.id], ended: .flipLimit), flips: 3, cards: [PlayerCards(id: ann.id, cards: 52)], removed: 0)
        #expect(try JSONValue(encoding: entry).decode(SnapLogEntry.self) == entry)
    }
}
