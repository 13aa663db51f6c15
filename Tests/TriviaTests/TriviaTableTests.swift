import Matchmaking
import Testing

@testable import Trivia

@Suite struct TriviaTableTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy
    static let bank = try! QuestionBank(
        questions: (1...5).map { TriviaQuestion(text: "Q\($0)", answers: ["right", "wrong"], correctIndex: 0) }, source: "test")

    static func table(_ rule: TriviaTable.StartRule, capacity: Int = 3, rounds: Int? = 2) -> TriviaTable {
        var settings = Game.settings(.first)
        settings.rounds = rounds
        return TriviaTable(bank: bank, settings: settings, startRule: rule, capacity: capacity, rng: SplitMix64(seed: 3))
    }

    static func lobby(_ actions: [TriviaTable.Action]) -> (LobbyStatus, [PeerID])? {
        for case .send(.lobby(let status), let to) in actions { return (status, to) }
        return nil
    }

    @Test func whenFullStartsTheGameWithTheLastPlayer() {
        var table = Self.table(.whenFull, capacity: 2)
        let first = table.joined(ann, now: 0, clocks: [:])
        #expect(Self.lobby(first)?.0 == LobbyStatus(players: 1, capacity: 2, startRule: "whenFull", startsInMs: nil))
        #expect(Self.lobby(first)?.1 == [ann.id])
        #expect(table.nextWake == nil)
        let second = table.joined(bob, now: 10, clocks: [:])
        #expect(second.first == .gameStarted)
        #expect(second.count == 3)  // started, game, question
        guard case .send(.question(let asked), let to) = second.last else { Issue.record("expected a question"); return }
        #expect(asked.number == 1)
        #expect(asked.of == 2)
        #expect(to == [ann.id, bob.id])
        #expect(table.game != nil)
        #expect(table.waiting.isEmpty)
    }

    @Test func startAfterCountsDownFromTheFirstPlayerAndStopsWhenEveryoneLeaves() {
        var table = Self.table(.after(Fixture.s(5)))
        #expect(Self.lobby(table.joined(ann, now: 0, clocks: [:]))?.0.startsInMs == 5_000)
        #expect(table.nextWake == Fixture.s(5))
        #expect(Self.lobby(table.joined(bob, now: Fixture.s(2), clocks: [:]))?.0.startsInMs == 3_000)
        #expect(Self.lobby(table.left(ann.id, now: Fixture.s(3), clocks: [:]))?.1 == [bob.id])
        #expect(table.left(bob.id, now: Fixture.s(4), clocks: [:]).isEmpty)
        #expect(table.nextWake == nil)
        #expect(table.tick(now: Fixture.s(5), clocks: [:]).isEmpty)
        _ = table.joined(cy, now: Fixture.s(10), clocks: [:])
        #expect(table.nextWake == Fixture.s(15))
        #expect(table.tick(now: Fixture.s(14), clocks: [:]).isEmpty)
        #expect(table.tick(now: Fixture.s(15), clocks: [:]).first == .gameStarted)
        #expect(table.game?.playerIDs == [cy.id])
    }

    @Test func afterTheGameTheHostIsBackInItsLobbyForNewPlayers() {
        var table = Self.table(.after(Fixture.s(1)), rounds: 1)
        _ = table.joined(ann, now: 0, clocks: [:])
        _ = table.tick(now: Fixture.s(1), clocks: [:])
        let answered = table.received(.answer(AnswerGiven(question: 1, choice: 1, pressedAt: 0)), from: ann.id, arrivedAt: Fixture.s(2), clocks: [:])
        #expect(answered.contains { if case .send(.result, _) = $0 { true } else { false } })
        let ended = table.tick(now: Fixture.s(3), clocks: [:])
        #expect(ended.last == .gameEnded)
        guard case .send(.gameOver(let final), let to) = ended.first else { Issue.record("expected game over"); return }
        #expect(to == [ann.id])
        #expect(final.winners == [ann.id])
        #expect(final.points == 0)
        #expect(table.game == nil)
        #expect(table.gamesPlayed == 1)
        // Ann (still connected, about to leave) does not start the next game; Bob does.
        #expect(table.nextWake == nil)
        #expect(table.left(ann.id, now: Fixture.s(4), clocks: [:]).isEmpty)
        _ = table.joined(bob, now: Fixture.s(5), clocks: [:])
        #expect(table.tick(now: Fixture.s(6), clocks: [:]).first == .gameStarted)
        #expect(table.game?.playerIDs == [bob.id])
        #expect(table.gamesPlayed == 2)
    }

    @Test func lateJoinersPlayInTheRunningGame() {
        var table = Self.table(.whenFull, capacity: 2)
        _ = table.joined(ann, now: 0, clocks: [:])
        _ = table.joined(bob, now: 0, clocks: [:])
        let late = table.joined(cy, now: 1, clocks: [:])
        guard case .send(.game(let info), let to) = late.first else { Issue.record("expected game info"); return }
        #expect(to == [cy.id])
        #expect(info.firstQuestion == 2)
        #expect(table.game?.playerIDs == [ann.id, bob.id, cy.id])
    }

    @Test func answersOutsideAGameAndMalformedMessagesAreRejected() {
        var table = Self.table(.whenFull)
        let noGame = table.received(.answer(AnswerGiven(question: 1, choice: 0, pressedAt: 0)), from: ann.id, arrivedAt: 0, clocks: [:])
        #expect(noGame == [.send(.rejected(AnswerRejected(question: 1, choice: 0, reason: .noGame)), to: [ann.id])])
        let malformed = table.received(nil, from: bob.id, arrivedAt: 0, clocks: [:])
        #expect(malformed == [.send(.rejected(AnswerRejected(question: nil, choice: nil, reason: .malformed)), to: [bob.id])])
    }
}
