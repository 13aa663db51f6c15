import Matchmaking
import Testing

@testable import Trivia

@Suite struct TimedModeTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy
    let ms = Fixture.ms

    @Test func everyCorrectAnswerBeforeTheDeadlineScores() {
        var game = Game.started(.timed)
        #expect(game.answer(1, 2, from: bob, at: ms(300)).accepted == AnswerAccepted(question: 1, choice: 2, final: false))
        _ = game.answer(1, 2, from: ann, at: ms(500))
        // A correct answer does not end a timed question.
        #expect(game.nextWake == Fixture.s(10) + ms(5))
        #expect(game.tick(now: Fixture.s(5), clocks: [:]).isEmpty)
        let result = game.tick(now: Fixture.s(10) + ms(5), clocks: [:]).result
        #expect(result?.ended == .deadline)
        #expect(result?.scored == [bob.id, ann.id])  // earliest press first
        #expect(result?.tie == false)
        #expect(result?.scoreboard.map(\.points) == [1, 1, 0])
    }

    @Test func answersMayChangeUntilTheDeadlineAndTheLastCounts() {
        var game = Game.started(.timed)
        _ = game.answer(1, 2, from: ann, at: ms(100))  // right
        #expect(game.answer(1, 1, from: ann, at: ms(200)).accepted == AnswerAccepted(question: 1, choice: 1, final: false))  // then wrong
        _ = game.answer(1, 0, from: bob, at: ms(300))  // wrong
        #expect(game.answer(1, 2, from: bob, at: ms(400)).accepted?.choice == 2)  // then right
        let result = game.tick(now: Fixture.s(11), clocks: [:]).result
        #expect(result?.scored == [bob.id])
    }

    @Test func changingAnAnswerAfterTheDeadlineIsRefusedAndTheEarlierOneStands() {
        var game = Game.started(.timed)
        _ = game.answer(1, 2, from: ann, at: ms(100))
        #expect(game.answer(1, 1, from: ann, at: Fixture.s(10) + 1).rejection == .tooLate)
        #expect(game.tick(now: Fixture.s(11), clocks: [:]).result?.scored == [ann.id])
    }

    @Test func everyoneAnsweringEndsATimedQuestionEarly() {
        var game = Game.started(.timed)
        _ = game.answer(1, 2, from: ann, at: ms(100))
        _ = game.answer(1, 2, from: bob, at: ms(200))
        _ = game.answer(1, 1, from: bob, at: ms(250))  // a change is not a new player
        let last = game.answer(1, 3, from: cy, at: ms(300))
        #expect(last.result?.ended == .everyoneAnswered)
        #expect(last.result?.scored == [ann.id])
    }

    @Test func playersWithEqualPressesAllScoreWithoutATieFlag() {
        var game = Game.started(.timed)
        _ = game.answer(1, 2, from: ann, at: ms(100))
        _ = game.answer(1, 2, from: bob, at: ms(100))
        let result = game.answer(1, 2, from: cy, at: ms(100)).result
        #expect(result?.scored == [ann.id, bob.id, cy.id])
        #expect(result?.tie == false)
    }

    @Test func theQuestionsOwnTimeLimitAppliesWithoutAnOverride() {
        var settings = Game.settings(.timed)
        settings.questionTime = nil
        let timed = DealtQuestion(
            source: TriviaQuestion(text: "Q", answers: ["a", "b"], correctIndex: 0, timeLimit: 2.5), answers: ["a", "b"], correct: [0])
        let untimed = DealtQuestion(source: TriviaQuestion(text: "R", answers: ["a", "b"], correctIndex: 0), answers: ["a", "b"], correct: [0])
        var game = TriviaGame(questions: [timed, untimed], players: [ann], settings: settings)
        #expect(game.start(now: 0, clocks: [:]).question?.durationMs == 2_500)
        _ = game.answer(1, 0, from: ann, at: 1)
        #expect(game.tick(now: Fixture.s(5), clocks: [:]).question?.durationMs == 20_000)
        settings.questionTime = Fixture.s(3)
        #expect(settings.timeLimit(of: timed.source) == Fixture.s(3))
    }
}
