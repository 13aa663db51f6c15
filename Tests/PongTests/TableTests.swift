import GameRuntime
import Matchmaking
@testable import Pong
import Testing

/// The Pong table fed events: who plays, the 60 Hz court, intents, points, the end, forfeits,
/// watchers.
@Suite struct TableTests {
    @Test func theFirstTwoPlayAndEveryoneElseWatchesAndHearsTheCourt() {
        var table = PongTable(settings: try! PongSettings(points: 3, startRule: .whenFull), capacity: 3, seed: 1)
        for peer in [ann, bob] { _ = table.joined(peer, at: GameMoment(now: 0)) }
        #expect(table.game == nil)
        let start = table.joined(cy, at: GameMoment(now: 0))
        guard case .gameStarted(lateJoinersAllowed: true) = start.first else { Issue.record("no start: \(start)"); return }
        let roles = Roles(game: 1, left: ann, right: bob, points: 3)
        #expect(start.sent.contains { $0.0 == .roles(roles) && Set($0.1) == [ann.id, bob.id, cy.id] })
        #expect(table.lobby.waiting == [cy])  // waits for the next game meanwhile
        let dee = Peer(id: PeerID(rawValue: 4), name: "Dee")
        let late = table.joined(dee, at: at(tick: 5))
        #expect(late.sent.first.map { $0.0 == .roles(roles) && $0.1 == [dee.id] } == true)
        let ticked = table.woke(at: at(tick: 6))
        #expect(ticked.courts.count == 1)
        #expect(ticked.states.count == 1 && ticked.states[0].0 == "court")  // latest-wins, key `court`
        #expect(Set(ticked.states[0].2) == [ann.id, bob.id, cy.id, dee.id])
        #expect(ticked.courts[0].tick == 6 && ticked.courts[0].game == 1)
    }

    @Test func theTableWakesEveryTickAndCatchesUpAtMostSixTicks() {
        var table = table()
        #expect(table.nextWake == Court.time(ofTick: 1, epoch: 0))
        let one = table.woke(at: at(tick: 1))
        #expect(one.courts.map(\.tick) == [1])
        #expect(table.nextWake == Court.time(ofTick: 2, epoch: 0))
        #expect(table.woke(at: GameMoment(now: Court.time(ofTick: 2, epoch: 0) - 1)).courts.map(\.tick) == [1])  // early: nothing new
        #expect(table.woke(at: at(tick: 4)).courts.map(\.tick) == [4])  // one court for the ticks due
        #expect(table.woke(at: at(tick: 100)).courts.map(\.tick) == [10])  // a stall is dropped, not rushed
        #expect(table.nextWake == Court.time(ofTick: 101, epoch: 0))
    }

    @Test func anIntentMovesThePaddleAtMostItsSpeedATickAndIsClamped() {
        var table = table()
        #expect(table.received(.paddle(PaddleIntent(y: 1000)), from: ann.id, arrivedAt: 0, at: at(tick: 0)).isEmpty)
        let court = table.woke(at: at(tick: 1)).courts[0]
        #expect(court.paddles.left == Court.height / 2 + Court.paddleSpeed)
        #expect(court.paddles.right == Court.height / 2)
        let later = run(&table, from: 1, limit: 30).0.courts.last!
        #expect(later.paddles.left == Court.height - Court.paddleHeight / 2)
    }

    @Test func watchersAndStrangersIntentsAreRefused() {
        var table = PongTable(settings: try! PongSettings(points: 3, startRule: .whenFull), capacity: 3, seed: 1)
        _ = table.joined(ann, at: GameMoment(now: 0))
        #expect(table.received(.paddle(PaddleIntent(y: 3)), from: ann.id, arrivedAt: 0, at: at(tick: 0)).sent.first?.0 == .refused(Refused(reason: .noGame)))
        for peer in [bob, cy] { _ = table.joined(peer, at: GameMoment(now: 0)) }
        #expect(table.received(.paddle(PaddleIntent(y: 3)), from: cy.id, arrivedAt: 0, at: at(tick: 0)).sent.first?.0 == .refused(Refused(reason: .notPlaying)))
        #expect(table.received(nil, from: ann.id, arrivedAt: 0, at: at(tick: 0)).sent.first?.0 == .refused(Refused(reason: .malformed)))
    }

    @Test func pointsAreToldToEveryoneAndTheGameEndsAtThePoints() {
        var table = table(points: 2)
        // Nobody moves: the paddles stay in the middle, so a steep serve soon scores.
        let (effects, _) = run(&table, from: 0, limit: 60 * 120) { table, _ in table.game == nil }
        #expect(table.game == nil, "a game of two points with still paddles ends within two minutes")
        let points = effects.points
        #expect(points.count >= 2)
        #expect(points.last!.score[points.last!.side] == 2)
        let final = effects.final!
        #expect(final.ended == .points)
        #expect(final.winner == final.roles[points.last!.side].id)
        #expect(final.score == points.last!.score)
        guard let over = effects.lastIndex(where: { if case .gameEnded = $0 { true } else { false } }) else { Issue.record("no gameEnded"); return }
        #expect(Array(effects[(over + 1)...]).sent.contains { if case .lobby = $0.0 { true } else { false } })
        #expect(table.lobby.waiting == [ann, bob])  // the players are back, first
        #expect(table.lobby.startsAt != nil && table.nextWake == table.lobby.startsAt)  // full: a rest, then the next game
    }

    @Test func aPlayerLeavingForfeitsAndTheOtherWins() {
        for (leaver, winner) in [(ann, bob), (bob, ann)] {
            var table = table()
            _ = table.woke(at: at(tick: 10))
            let effects = table.left(leaver, reason: .userQuit, at: at(tick: 11))
            let final = effects.final
            #expect(final?.winner == winner.id && final?.ended == .forfeit)
            #expect(effects.contains { if case .gameEnded = $0 { true } else { false } })
            #expect(effects.sent.first { if case .gameOver = $0.0 { true } else { false } }?.1.contains(leaver.id) == false)
            #expect(table.game == nil && table.lobby.waiting == [winner])
        }
    }

    @Test func aKickedPlayerForfeitsToo() {
        var table = table()
        #expect(table.command(.kick(bob.id), at: at(tick: 3)) == [.kick(bob.id)])
        let effects = table.left(bob, reason: .kicked, at: at(tick: 4))
        #expect(effects.final?.winner == ann.id && effects.final?.ended == .forfeit)
    }

    @Test func aWatcherLeavingChangesNothing() {
        var table = PongTable(settings: try! PongSettings(points: 3, startRule: .whenFull), capacity: 3, seed: 1)
        for peer in [ann, bob, cy] { _ = table.joined(peer, at: GameMoment(now: 0)) }
        #expect(table.left(cy, reason: .userQuit, at: at(tick: 2)).isEmpty)
        #expect(table.game != nil && table.lobby.waiting.isEmpty)
        #expect(table.woke(at: at(tick: 3)).states[0].2 == [ann.id, bob.id])
    }

    @Test func anAwayPlayersPaddleStaysWhereItWas() {
        var table = table()
        _ = table.received(.paddle(PaddleIntent(y: 50)), from: bob.id, arrivedAt: 0, at: at(tick: 0))
        _ = table.woke(at: at(tick: 2))
        #expect(table.away(bob, at: at(tick: 2)).isEmpty)
        let courts = run(&table, from: 2, limit: 20).0.courts
        #expect(courts.allSatisfy { $0.paddles.right == Court.height / 2 + 2 * Court.paddleSpeed })
        #expect(table.back(bob, at: at(tick: 23)).sent.first?.0 == .roles(table.game!.roles))
    }

    @Test func aWatcherAwayWhenTheGameEndedIsToldTheResultWhenBack() throws {
        var table = PongTable(settings: try! PongSettings(points: 3, startRule: .whenFull), capacity: 3, seed: 1)
        for peer in [ann, bob, cy] { _ = table.joined(peer, at: GameMoment(now: 0)) }
        _ = table.away(cy, at: at(tick: 1))
        let final = try #require(table.command(.end, at: at(tick: 2)).final)
        let back = table.back(cy, at: at(tick: 3))
        guard case .retell(.gameOver(let told), let to)? = back.first else { Issue.record("the result told again first: \(back)"); return }
        #expect(told == final && to == [cy.id])
        #expect(back.sent.map(\.1) == [[cy.id]])
        guard case .lobby = back.sent.last?.0 else { Issue.record("then the lobby: \(back)"); return }
    }

    @Test func theSameSeedAndIntentsGiveTheSameGame() {
        func play() -> [PongTable.Effect] {
            var table = table(seed: 42)
            _ = table.received(.paddle(PaddleIntent(y: 12)), from: ann.id, arrivedAt: 0, at: at(tick: 0))
            return run(&table, from: 0, limit: 600).0
        }
        #expect(play() == play())
    }

    @Test func badPointsAreATypedError() {
        #expect(throws: PongSettingsError.pointsOutOfRange(0)) { try PongSettings(points: 0) }
        #expect(throws: PongSettingsError.pointsOutOfRange(100)) { try PongSettings(points: 100) }
        #expect(PongSettingsError.pointsOutOfRange(0).description == "--points 0: a game is played to 1-99 points")
        #expect((try? PongSettings(points: 99))?.points == 99)
        #expect(PongSettings().points == 5)
    }
}
