import Matchmaking
import Testing

@testable import Trivia

/// A player whose link dropped keeps its points and its place; no question waits for it, and
/// when it is back it is told the game so far and the open question.
@Suite struct AwayTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy
    let ms = Fixture.ms

    @Test func theQuestionDoesNotWaitForAPlayerWhoIsAway() {
        var game = Game.started(.timed)
        _ = game.answer(1, 2, from: ann, at: ms(100))
        _ = game.answer(1, 2, from: bob, at: ms(200))
        #expect(game.playerAway(cy.id, now: ms(300)).result?.ended == .everyoneAnswered)
    }

    @Test func anAwayPlayerKeepsItsPointsAndGetsTheOpenQuestionBackWithTheTimeLeft() {
        var game = Game.started(.first, questions: 2)
        _ = game.answer(1, 2, from: ann, at: ms(100))
        _ = game.tick(now: Fixture.s(1), clocks: [:])  // Ann scored question 1
        _ = game.tick(now: Fixture.s(3), clocks: [:])  // question 2 asked at 3 s
        #expect(game.playerAway(ann.id, now: Fixture.s(4)).isEmpty)
        let back = game.playerBack(ann.id, now: Fixture.s(7))
        let info = back.sent.compactMap { if case .game(let info) = $0.message { info } else { nil } }.first
        #expect(info?.firstQuestion == 2)
        #expect(info?.scoreboard.first { $0.id == ann.id }?.points == 1)
        #expect(back.question?.number == 2)
        #expect(back.question?.durationMs == 6_000, "10 s from 3 s, at 7 s")
        #expect(back.sent.allSatisfy { $0.to == [ann.id] })
        // The game so far is news (the host's screen says who is back); the question is told again.
        #expect(back.retold.map(\.message) == [.question(back.question!)])
        // Back, it may answer: it is taking part again.
        #expect(game.answer(2, 0, from: ann, at: Fixture.s(8)).accepted != nil)
    }

    @Test func aPlayerWhoAnsweredBeforeGoingIsToldItsAnswer() {
        var game = Game.started(.timed)
        _ = game.answer(1, 3, from: bob, at: ms(100))
        _ = game.playerAway(bob.id, now: ms(200))
        let back = game.playerBack(bob.id, now: ms(300))
        #expect(back.accepted == AnswerAccepted(question: 1, choice: 3, final: false))
        #expect(back.retold.map(\.message) == [.question(back.question!), .accepted(back.accepted!)], "told again, no news")
    }

    @Test func withEveryoneAwayTheQuestionWaitsForItsDeadline() {
        var game = Game.started(.timed, players: [ann])
        #expect(game.playerAway(ann.id, now: ms(100)).isEmpty)
        #expect(!game.isOver)
        #expect(game.tick(now: Fixture.s(11), clocks: [:]).result?.ended == .deadline)
    }

    /// Back during question 1 the game so far says question 1, as the start did: it is marked
    /// resumed, so the log and the screens do not take it for a game starting again.
    @Test func backDuringQuestionOneIsNoNewGame() throws {
        var game = Game.started(.timed)
        _ = game.playerAway(ann.id, now: ms(100))
        let back = game.playerBack(ann.id, now: ms(200))
        let info = try #require(back.sent.compactMap { if case .game(let info) = $0.message { info } else { nil } }.first)
        #expect(info.firstQuestion == 1 && info.resumed == true)
        #expect(TriviaTable.logRecord(for: .send(.game(info), to: [ann.id])) == nil)
        #expect(TriviaText.game(info).hasSuffix(", you play on from question 1"))
        var start = info
        start.resumed = nil
        #expect(TriviaTable.logRecord(for: .send(.game(start), to: [ann.id, bob.id]))?.message == "game started")
        #expect(TriviaText.game(start) == "game: timed mode, 2 questions")
    }

    /// Back (or new) after the last question, the text says the game is over rather than a
    /// question that will never come (issue 27's rough edge: "you play on from question 7").
    @Test func backAfterTheLastQuestionIsToldTheStandingsFollow() {
        var info = GameInfo(mode: .timed, questions: 6, firstQuestion: 7, scoreboard: [], resumed: true)
        #expect(TriviaText.game(info) == "game: timed mode, 6 questions, you are back after the last question: the standings follow")
        info.resumed = nil
        #expect(TriviaText.game(info) == "game: timed mode, 6 questions, you joined after the last question: the standings follow")
        info.firstQuestion = 6
        #expect(TriviaText.game(info) == "game: timed mode, 6 questions, you play from question 6")
    }

    @Test func backWithoutBeingAwayIsNoNews() {
        var game = Game.started(.timed)
        #expect(game.playerBack(ann.id, now: ms(100)).isEmpty)
    }
}
