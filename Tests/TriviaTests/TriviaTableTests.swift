import GameRuntime
import Matchmaking
import Testing

@testable import Trivia

@Suite struct TriviaTableTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy
    static let bank = try! QuestionBank(
        questions: (1...5).map { TriviaQuestion(text: "Q\($0)", answers: ["right", "wrong"], correctIndex: 0) }, source: "test")

    static func table(_ rule: StartRule, capacity: Int = 3, rounds: Int? = 2) -> TriviaTable {
        var settings = Game.settings(.first)
        settings.rounds = rounds
        return TriviaTable(bank: bank, settings: settings, startRule: rule, capacity: capacity, rng: SplitMix64(seed: 3))
    }

    static func lobby(_ actions: [TriviaTable.Effect]) -> (LobbyStatus, [PeerID])? {
        for effect in actions { if let (message, to) = effect.told, case .lobby(let lobby) = message { return (lobby.status, to) } }
        return nil
    }

    @Test func whenFullStartsTheGameWithTheLastPlayer() {
        var table = Self.table(.whenFull, capacity: 2)
        let first = table.joined(ann, at: GameMoment(now: 0))
        #expect(Self.lobby(first)?.0 == LobbyStatus(players: 1, capacity: 2, startRule: "whenFull", startsInMs: nil))
        #expect(Self.lobby(first)?.1 == [ann.id])
        #expect(table.nextWake == Fixture.ms(50), "the lobby's batch: the room's screens hear Ann came")
        #expect(table.woke(at: GameMoment(now: Fixture.ms(50))) == [.announce(.lobby(LobbyStatus(players: 1, capacity: 2, startRule: "whenFull", startsInMs: nil)), to: [])])
        #expect(table.nextWake == nil)
        let second = table.joined(bob, at: GameMoment(now: 10))
        #expect(second.first == .gameStarted(lateJoinersAllowed: true))
        #expect(second.count == 3)  // started, game, question
        guard case .announce(.question(let asked), let to) = second.last else { Issue.record("expected a question"); return }
        #expect(asked.number == 1)
        #expect(asked.of == 2)
        #expect(to == [ann.id, bob.id])
        #expect(table.game != nil)
        #expect(table.lobby.waiting.isEmpty)
    }

    @Test func startAfterCountsDownFromTheFirstPlayerAndStopsWhenEveryoneLeaves() {
        var table = Self.table(.after(Fixture.s(5)))
        #expect(Self.lobby(table.joined(ann, at: GameMoment(now: 0)))?.0.startsInMs == 5_000)
        #expect(table.nextWake == Fixture.s(5))
        #expect(Self.lobby(table.joined(bob, at: GameMoment(now: Fixture.s(2))))?.0.startsInMs == 3_000)
        #expect(table.left(ann, reason: .userQuit, at: GameMoment(now: Fixture.s(3))).isEmpty, "told with the batch")
        #expect(Self.lobby(table.woke(at: GameMoment(now: Fixture.s(3.05))))?.1 == [bob.id])
        // Nobody is left to tell; the host's screen still hears the countdown stopped.
        #expect(table.left(bob, reason: .userQuit, at: GameMoment(now: Fixture.s(4)))
            == [.announce(.lobby(LobbyStatus(players: 0, capacity: 3, startRule: "after", startsInMs: nil)), to: [])])
        #expect(table.nextWake == nil)
        #expect(table.woke(at: GameMoment(now: Fixture.s(5))).isEmpty)
        _ = table.joined(cy, at: GameMoment(now: Fixture.s(10)))
        #expect(table.nextWake == Fixture.s(15))
        #expect(table.woke(at: GameMoment(now: Fixture.s(14))).isEmpty)
        #expect(table.woke(at: GameMoment(now: Fixture.s(15))).first == .gameStarted(lateJoinersAllowed: true))
        #expect(table.game?.playerIDs == [cy.id])
    }

    @Test func afterTheGameItsPlayersAreBackInTheLobbyForTheNextGame() {
        var table = Self.table(.after(Fixture.s(1)), rounds: 1)
        _ = table.joined(ann, at: GameMoment(now: 0))
        _ = table.woke(at: GameMoment(now: Fixture.s(1)))
        let answered = table.received(.answer(AnswerGiven(question: 1, choice: 1, pressedAt: 0)), from: ann.id, arrivedAt: Fixture.s(2), at: GameMoment(now: Fixture.s(2)))
        #expect(answered.contains { if case .announce(.result, _) = $0 { true } else { false } })
        let ended = table.woke(at: GameMoment(now: Fixture.s(3)))
        guard case .announce(.gameOver(let final), let to) = ended.first else { Issue.record("expected game over"); return }
        #expect(to == [ann.id])
        #expect(final.winners == [ann.id])
        #expect(final.points == 0)
        #expect(table.game == nil)
        #expect(table.gamesPlayed == 1)
        // Ann stays: she is back in the lobby, told so, and the countdown to the next game runs.
        guard case .note(.report)? = ended.dropFirst().first else { Issue.record("the report comes with the game over: \(ended)"); return }
        #expect(ended.dropFirst(2).first == .gameEnded)
        #expect(Self.lobby(ended)?.0 == LobbyStatus(players: 1, capacity: 3, startRule: "after", startsInMs: 1_000))
        #expect(Self.lobby(ended)?.1 == [ann.id])
        #expect(table.lobby.waiting == [ann])
        #expect(table.nextWake == Fixture.s(4))
        _ = table.joined(bob, at: GameMoment(now: Fixture.s(3.5)))
        #expect(table.woke(at: GameMoment(now: Fixture.s(4))).first == .gameStarted(lateJoinersAllowed: true))
        #expect(table.game?.playerIDs == [ann.id, bob.id])
        #expect(table.gamesPlayed == 2)
    }

    @Test func aPlayerAwayWhenTheGameEndedIsToldTheStandingsWhenBackThenTheLobby() {
        var table = Self.table(.whenFull, capacity: 2)
        _ = table.joined(ann, at: GameMoment(now: 0))
        _ = table.joined(bob, at: GameMoment(now: 0))
        _ = table.away(bob, at: GameMoment(now: Fixture.s(1)))
        let ended = table.command(.end, at: GameMoment(now: Fixture.s(2)))
        let standings = ended.compactMap { if case .announce(.gameOver(let final), _) = $0 { final } else { nil } }.first
        #expect(standings != nil)
        let back = table.back(bob, at: GameMoment(now: Fixture.s(3)))
        #expect(back.first == .retell(.gameOver(standings!), to: [bob.id]), "told again, as no news to the room")
        #expect(Self.lobby(back)?.1 == [bob.id])
        #expect(back.count == 2)
        _ = table.away(ann, at: GameMoment(now: Fixture.s(4)))
        #expect(table.back(ann, at: GameMoment(now: Fixture.s(5))).count == 1, "Ann heard the end: only the lobby")
    }

    @Test func afterAGameAFullLobbyRestsBeforeTheNextWhenFull() {
        var table = Self.table(.whenFull, capacity: 1, rounds: 1)
        _ = table.joined(ann, at: GameMoment(now: 0))
        #expect(table.game != nil)
        let ended = table.command(.end, at: GameMoment(now: Fixture.s(1)))
        #expect(Self.lobby(ended)?.0.startsInMs == Lobby.restAfterGame / 1000)
        #expect(table.nextWake == Fixture.s(1) + Lobby.restAfterGame)
        #expect(table.woke(at: GameMoment(now: Fixture.s(2))).isEmpty)
        #expect(table.woke(at: GameMoment(now: Fixture.s(1) + Lobby.restAfterGame)).first == .gameStarted(lateJoinersAllowed: true))
    }

    @Test func lateJoinersPlayInTheRunningGame() {
        var table = Self.table(.whenFull, capacity: 2)
        _ = table.joined(ann, at: GameMoment(now: 0))
        _ = table.joined(bob, at: GameMoment(now: 0))
        let late = table.joined(cy, at: GameMoment(now: 1))
        guard case .send(.game(let info), let to) = late.first else { Issue.record("expected game info"); return }
        #expect(to == [cy.id])
        #expect(info.firstQuestion == 2)
        #expect(table.game?.playerIDs == [ann.id, bob.id, cy.id])
    }

    @Test func answersOutsideAGameAndMalformedMessagesAreRejected() {
        var table = Self.table(.whenFull)
        let noGame = table.received(.answer(AnswerGiven(question: 1, choice: 0, pressedAt: 0)), from: ann.id, arrivedAt: 0, at: GameMoment(now: 0))
        #expect(noGame == [.send(.rejected(AnswerRejected(question: 1, choice: 0, reason: .noGame)), to: [ann.id])])
        let malformed = table.received(nil, from: bob.id, arrivedAt: 0, at: GameMoment(now: 0))
        #expect(malformed == [.send(.rejected(AnswerRejected(question: nil, choice: nil, reason: .malformed)), to: [bob.id])])
    }
}
