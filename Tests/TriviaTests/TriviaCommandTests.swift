import GameRuntime
import Matchmaking
import Testing

@testable import Trivia

/// The host's commands on the trivia table, in each of its states: lobby (empty, with a player
/// waiting, after a game), a question open, a result up, paused.
@Suite struct TriviaCommandTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy

    /// The states a command may find the table in.
    enum Where: CaseIterable {
        case emptyLobby, waiting, asking, showingResult, paused, afterGame
    }

    /// A table of 2 questions, 10 s each, results up 1 s; Ann and Bob play when it is under way.
    /// Question 1 is asked at t = 0; the result is up from t = 1 s; paused at t = 2 s while asking;
    /// the game ended at t = 3 s for `afterGame`.
    func make(_ place: Where) -> TriviaTable {
        var table = TriviaTableTests.table(place == .waiting || place == .emptyLobby ? .after(Fixture.s(30)) : .whenFull, capacity: 2)
        switch place {
        case .emptyLobby:
            break
        case .waiting:
            _ = table.joined(ann, at: GameMoment(now: 0))
        case .asking, .showingResult, .paused, .afterGame:
            _ = table.joined(ann, at: GameMoment(now: 0))
            _ = table.joined(bob, at: GameMoment(now: 0))
        }
        switch place {
        case .showingResult:
            for peer in [ann, bob] {
                _ = table.received(.answer(AnswerGiven(question: 1, choice: 1, pressedAt: 0)), from: peer.id, arrivedAt: Fixture.s(1), at: GameMoment(now: Fixture.s(1)))
            }
        case .paused:
            _ = table.command(.pause, at: GameMoment(now: Fixture.s(2)))
        case .afterGame:
            _ = table.command(.end, at: GameMoment(now: Fixture.s(3)))
        default:
            break
        }
        return table
    }

    /// The refusal in `effects`, if that is all they are.
    func refusal(_ effects: [TriviaTable.Effect]) -> CommandRefusal.Reason? {
        guard effects.count == 1, case .refused(let refusal) = effects[0] else { return nil }
        return refusal.reason
    }

    /// The messages announced or sent, with their recipients.
    func sent(_ effects: [TriviaTable.Effect]) -> [(TriviaServerMessage, [PeerID])] {
        effects.compactMap(\.told)
    }

    @Test(arguments: Where.allCases)
    func aRefusedCommandChangesNothing(place: Where) {
        for command in HostCommand.plain + [.kick(cy.id), .game(TriviaRules.mark(right: true)), .game(TriviaRules.mark(right: false))] {
            var table = make(place)
            let (wake, game, waiting) = (table.nextWake, table.game, table.lobby.waiting)
            let effects = table.command(command, at: GameMoment(now: Fixture.s(4)))
            guard refusal(effects) != nil else { continue }
            #expect(table.nextWake == wake, "\(command) in \(place)")
            #expect(table.game?.state == game?.state, "\(command) in \(place)")
            #expect(table.game?.pausedAt == game?.pausedAt, "\(command) in \(place)")
            #expect(table.lobby.waiting == waiting, "\(command) in \(place)")
        }
    }

    @Test func startNow() {
        var empty = make(.emptyLobby)
        #expect(refusal(empty.command(.startNow, at: GameMoment(now: 0))) == .tooFewPlayers(needed: 1, waiting: 0))
        var waiting = make(.waiting)
        let started = waiting.command(.startNow, at: GameMoment(now: Fixture.s(1)))
        #expect(started.first == .gameStarted(lateJoinersAllowed: true))
        #expect(waiting.game?.playerIDs == [ann.id])
        #expect(sent(started).contains { if case .question(let asked) = $0.0 { asked.number == 1 } else { false } })
        for place in [Where.asking, .showingResult, .paused] {
            var table = make(place)
            #expect(refusal(table.command(.startNow, at: GameMoment(now: Fixture.s(4)))) == .gameUnderWay, "\(place)")
        }
        var after = make(.afterGame)
        #expect(after.command(.startNow, at: GameMoment(now: Fixture.s(4))).first == .gameStarted(lateJoinersAllowed: true))
        #expect(after.game?.playerIDs == [ann.id, bob.id])
    }

    @Test func rematch() {
        for place in [Where.emptyLobby, .waiting] {
            var table = make(place)
            #expect(refusal(table.command(.rematch, at: GameMoment(now: 0))) == .noGameYet, "\(place)")
        }
        for place in [Where.asking, .showingResult, .paused] {
            var table = make(place)
            let effects = table.command(.rematch, at: GameMoment(now: Fixture.s(4)))
            #expect(refusal(effects) == .gameUnderWay, "\(place)")
            #expect(effects.first.map { if case .refused(let r) = $0 { r.description } else { "" } } == "cannot rematch: a game is under way (end it first)")
        }
        var after = make(.afterGame)
        #expect(after.gamesPlayed == 1)
        let again = after.command(.rematch, at: GameMoment(now: Fixture.s(4)))
        #expect(again.first == .gameStarted(lateJoinersAllowed: true))
        #expect(after.game?.playerIDs == [ann.id, bob.id])
        #expect(after.gamesPlayed == 2)
        #expect(after.game?.scoreboard.map(\.points) == [0, 0])
    }

    @Test func skip() {
        for place in [Where.emptyLobby, .waiting, .afterGame] {
            var table = make(place)
            let effects = table.command(.skip, at: GameMoment(now: Fixture.s(4)))
            #expect(refusal(effects) == .noGame, "\(place)")
        }
        // A question open: it closes now, the answers so far counted.
        var asking = make(.asking)
        _ = asking.received(.answer(AnswerGiven(question: 1, choice: 0, pressedAt: 0)), from: ann.id, arrivedAt: Fixture.s(0.5), at: GameMoment(now: Fixture.s(0.5)))
        let closed = asking.command(.skip, at: GameMoment(now: Fixture.s(2)))
        guard case .result(let result)? = sent(closed).first?.0 else { Issue.record("expected a result: \(closed)"); return }
        #expect(result.ended == .skipped)
        #expect(result.number == 1)
        #expect(asking.nextWake == Fixture.s(3))  // the result is up its usual second
        // A result up: the next question at once.
        var showing = make(.showingResult)
        let next = showing.command(.skip, at: GameMoment(now: Fixture.s(1.2)))
        guard case .question(let asked)? = sent(next).first?.0 else { Issue.record("expected question 2: \(next)"); return }
        #expect(asked.number == 2)
        #expect(asked.deadline == Fixture.s(11.2))
        // The last result up: game over.
        _ = showing.command(.skip, at: GameMoment(now: Fixture.s(2)))
        let over = showing.command(.skip, at: GameMoment(now: Fixture.s(3)))
        guard case .gameOver(let final)? = sent(over).first?.0 else { Issue.record("expected game over: \(over)"); return }
        #expect(final.ended == .questionsDone)
        #expect(over.contains(.gameEnded))
        var paused = make(.paused)
        let refused = paused.command(.skip, at: GameMoment(now: Fixture.s(4)))
        #expect(refusal(refused) == .paused)
        guard case .refused(let why)? = refused.first else { return }
        #expect(why.description == "cannot skip while the game is paused: unpause first")
    }

    @Test func pauseAndUnpauseFreezeAndShiftTheDeadlines() {
        for place in [Where.emptyLobby, .waiting, .afterGame] {
            var table = make(place)
            #expect(refusal(table.command(.pause, at: GameMoment(now: Fixture.s(4)))) == .noGame, "\(place)")
            #expect(refusal(table.command(.unpause, at: GameMoment(now: Fixture.s(4)))) == .noGame, "\(place)")
        }
        var asking = make(.asking)
        #expect(refusal(asking.command(.unpause, at: GameMoment(now: Fixture.s(1)))) == .notPaused)
        #expect(asking.nextWake == Fixture.s(10) + PressJudge().collectionWindow(clocks: []))
        let paused = asking.command(.pause, at: GameMoment(now: Fixture.s(2)))
        #expect(sent(paused).map(\.0) == [.pause(PauseStatus(paused: true))])
        #expect(sent(paused).first?.1 == [ann.id, bob.id])
        #expect(asking.nextWake == nil)
        #expect(asking.woke(at: GameMoment(now: Fixture.s(20))).isEmpty)
        #expect(refusal(asking.command(.pause, at: GameMoment(now: Fixture.s(3)))) == .alreadyPaused)
        let refused = asking.received(.answer(AnswerGiven(question: 1, choice: 1, pressedAt: 0)), from: ann.id, arrivedAt: Fixture.s(5), at: GameMoment(now: Fixture.s(5)))
        #expect(refused == [.send(.rejected(AnswerRejected(question: 1, choice: 1, reason: .paused)), to: [ann.id])])
        // 25 s later the game goes on: the deadline (10 s) is now 35 s, 10 s - 2 s = 8 s from now.
        let goesOn = asking.command(.unpause, at: GameMoment(now: Fixture.s(27)))
        #expect(sent(goesOn).map(\.0) == [.pause(PauseStatus(paused: false, deadline: Fixture.s(35), leftMs: 8_000))])
        #expect(asking.nextWake == Fixture.s(35) + PressJudge().collectionWindow(clocks: []))
        let taken = asking.received(.answer(AnswerGiven(question: 1, choice: 1, pressedAt: Fixture.s(30))), from: ann.id, arrivedAt: Fixture.s(30), at: GameMoment(now: Fixture.s(30)))
        #expect(taken.contains { if case .send(.accepted, _) = $0 { true } else { false } })

        // A result up: its time stands still too.
        var showing = make(.showingResult)
        #expect(showing.nextWake == Fixture.s(2))
        _ = showing.command(.pause, at: GameMoment(now: Fixture.s(1.5)))
        #expect(showing.woke(at: GameMoment(now: Fixture.s(9))).isEmpty)
        let after = showing.command(.unpause, at: GameMoment(now: Fixture.s(9.5)))
        #expect(sent(after).map(\.0) == [.pause(PauseStatus(paused: false))])
        #expect(showing.nextWake == Fixture.s(10))
    }

    @Test func aLateJoinerDuringAPauseIsToldItIsPaused() {
        var paused = make(.paused)
        let joined = paused.joined(cy, at: GameMoment(now: Fixture.s(3)))
        #expect(sent(joined).map(\.1) == [[cy.id], [cy.id]])
        #expect(sent(joined).last?.0 == .pause(PauseStatus(paused: true)))
    }

    @Test func endIsGameOverNowWithTheStandingsAndEveryoneStays() {
        for place in [Where.emptyLobby, .waiting, .afterGame] {
            var table = make(place)
            #expect(refusal(table.command(.end, at: GameMoment(now: Fixture.s(4)))) == .noGame, "\(place)")
        }
        for place in [Where.asking, .showingResult, .paused] {
            var table = make(place)
            let ended = table.command(.end, at: GameMoment(now: Fixture.s(4)))
            guard case .gameOver(let final)? = sent(ended).first?.0 else { Issue.record("expected game over in \(place)"); continue }
            #expect(final.ended == .endedByHost, "\(place)")
            #expect(final.standings.map(\.id) == [ann.id, bob.id], "\(place)")
            #expect(ended.contains(.gameEnded), "\(place)")
            #expect(table.game == nil, "\(place)")
            #expect(table.lobby.waiting == [ann, bob], "\(place)")
            #expect(sent(ended).last?.0 == .lobby(LobbyStatus(players: 2, capacity: 2, startRule: "whenFull", startsInMs: Lobby.restAfterGame / 1000)), "\(place)")
        }
    }

    @Test func kickAPlayerWhoIsHereOnly() {
        for place in Where.allCases {
            var table = make(place)
            #expect(table.command(.kick(cy.id), at: GameMoment(now: Fixture.s(4))) == [.refused(CommandRefusal(.kick(cy.id), .noSuchPlayer(cy.id)))], "\(place)")
            guard place != .emptyLobby else { continue }
            #expect(table.command(.kick(ann.id), at: GameMoment(now: Fixture.s(4))) == [.kick(ann.id)], "\(place)")
        }
        // The kick's leaving is an ordinary leaving.
        var asking = make(.asking)
        _ = asking.command(.kick(bob.id), at: GameMoment(now: Fixture.s(1)))
        _ = asking.left(bob, reason: .kicked, at: GameMoment(now: Fixture.s(1)))
        #expect(asking.game?.playerIDs == [ann.id])
    }

    @Test func refusalsReadAsSentences() {
        #expect("\(CommandRefusal(.skip, .noGame))" == "nothing to skip: no game is under way")
        #expect("\(CommandRefusal(.startNow, .tooFewPlayers(needed: 2, waiting: 1)))" == "cannot start: a game needs 2 players, 1 waiting")
        #expect("\(CommandRefusal(.kick(PeerID(rawValue: 9)), .noSuchPlayer(PeerID(rawValue: 9))))" == "cannot kick: no player with id 9 is here")
        #expect("\(CommandRefusal(.unpause, .notPaused))" == "nothing to unpause: the game is not paused")
    }
}
