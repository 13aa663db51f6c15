import Matchmaking
import Testing

@testable import Trivia

@Suite struct FirstModeTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy
    let ms = Fixture.ms

    @Test func startAnnouncesTheGameAndAsksEveryoneWithoutTheAnswer() {
        var game = TriviaGame(questions: Game.questions, players: [cy, ann, bob], settings: Game.settings(.first))
        let actions = game.start(now: 1_000, clocks: [:]).sent
        #expect(actions.count == 2)
        guard case .game(let info) = actions[0].message, case .question(let asked) = actions[1].message else {
            Issue.record("expected game then question, got \(actions)")
            return
        }
        #expect(actions[0].to == [ann.id, bob.id, cy.id])
        #expect(actions[1].to == [ann.id, bob.id, cy.id])
        #expect(info == GameInfo(mode: .first, questions: 3, firstQuestion: 1, scoreboard: [
            ScoreLine(id: ann.id, name: "Ann", points: 0), ScoreLine(id: bob.id, name: "Bob", points: 0), ScoreLine(id: cy.id, name: "Cy", points: 0),
        ], players: 3))
        #expect(asked == QuestionAsked(
            number: 1, of: 3, text: "Q1", answers: ["A", "B", "C", "D"], category: nil, mode: .first, durationMs: 10_000,
            deadline: 1_000 + Fixture.s(10)))
    }

    @Test func theFirstCorrectAnswerScoresAndEndsTheQuestionAfterTheWindow() {
        var game = Game.started(.first)
        #expect(game.answer(1, 0, from: bob, at: ms(100)).accepted == AnswerAccepted(question: 1, choice: 0, final: true))
        #expect(game.answer(1, 2, from: ann, at: ms(200)).accepted == AnswerAccepted(question: 1, choice: 2, final: true))
        // No estimates: the window is its 5 ms floor.
        #expect(game.nextWake == ms(205))
        #expect(game.tick(now: ms(204), clocks: [:]).isEmpty)
        let result = game.tick(now: ms(205), clocks: [:]).result
        #expect(result?.scored == [ann.id])
        #expect(result?.ended == .firstCorrect)
        #expect(result?.correctChoice == 2)
        #expect(result?.correctAnswer == "C")
        #expect(result?.tie == false)
        #expect(result?.scoreboard.first == ScoreLine(id: ann.id, name: "Ann", points: 1))
    }

    @Test func anyOfSeveralCorrectAnswersScoresItsQuestionsPoints() {
        let two = DealtQuestion(
            source: TriviaQuestion(text: "Planets?", answers: ["Mars", "Moon", "Venus"], correct: [0, 2], points: .double),
            answers: ["Mars", "Moon", "Venus"], correct: [0, 2])
        var game = TriviaGame(questions: [two], players: [ann, bob], settings: Game.settings(.first))
        let asked = game.start(now: 0, clocks: [:]).question
        #expect(asked?.points == .double)
        _ = game.answer(1, 1, from: bob, at: ms(100))
        let result = game.answer(1, 2, from: ann, at: ms(200)).result  // everyone answered: closed at once
        #expect(result?.scored == [ann.id], "Venus is right too")
        #expect(result?.correctChoices == [0, 2] && result?.correctChoice == 0)
        #expect(result?.correctAnswer == "Mars / Venus")
        #expect(result?.scoreboard.first == ScoreLine(id: ann.id, name: "Ann", points: 2), "a double question")
    }

    @Test func aQuestionForNoPointsScoresNothing() {
        let none = DealtQuestion(source: TriviaQuestion(text: "Warm-up", answers: ["a", "b"], correct: [1], points: .none), answers: ["a", "b"], correct: [1])
        var game = TriviaGame(questions: [none], players: [ann], settings: Game.settings(.timed))
        #expect(game.start(now: 0, clocks: [:]).question?.points == QuestionPoints.none)
        let result = game.answer(1, 1, from: ann, at: ms(100)).result
        #expect(result?.scored == [ann.id])
        #expect(result?.scoreboard.first?.points == 0)
    }

    @Test func aWrongAnswerLocksThePlayerOutWithoutAffectingOthers() {
        var game = Game.started(.first)
        _ = game.answer(1, 0, from: bob, at: ms(100))
        let second = game.answer(1, 2, from: bob, at: ms(150))
        #expect(second.rejection == .alreadyAnswered)
        #expect(second.sent.map(\.to) == [[bob.id]])
        _ = game.answer(1, 2, from: ann, at: ms(200))
        #expect(game.tick(now: ms(300), clocks: [:]).result?.scored == [ann.id])
    }

    @Test func aSecondCorrectAnswerIsRejectedToo() {
        var game = Game.started(.first)
        _ = game.answer(1, 2, from: ann, at: ms(100))
        #expect(game.answer(1, 2, from: ann, at: ms(101)).rejection == .alreadyAnswered)
    }

    @Test func theEarliestPressWinsNotTheEarliestArrival() {
        // Ann's link takes 40 ms each way, Bob's 0.5 ms. Ann pressed 20 ms before Bob.
        let t0: Int64 = 1_000_000
        let clocks: Clocks = [ann.id: Game.clock(offset: 3_000_000, rtt: ms(80)), bob.id: Game.clock(offset: -5_000, rtt: ms(1))]
        var game = Game.started(.first, at: t0, clocks: clocks)
        let press = t0 + ms(500)
        #expect(game.answer(1, 2, from: bob, at: press + ms(20.5), pressedAt: press + ms(20) - 5_000, clock: clocks[bob.id]).accepted != nil)
        // The window is the slowest round trip, 80 ms from Bob's arrival: Ann's press is in time.
        #expect(game.nextWake == press + ms(20.5) + ms(80))
        #expect(game.answer(1, 2, from: ann, at: press + ms(40), pressedAt: press + 3_000_000, clock: clocks[ann.id]).accepted != nil)
        let result = game.tick(now: press + ms(101), clocks: clocks).result
        #expect(result?.scored == [ann.id])
        #expect(result?.tie == false)
    }

    @Test func withoutClockCorrectionArrivalDecides() {
        // The same presses with no estimates: Bob's arrival is first, so Bob wins. (This is what
        // the fairness test would see if the correction were missing.)
        var game = Game.started(.first, at: 0)
        _ = game.answer(1, 2, from: bob, at: ms(520.5), pressedAt: 99)
        _ = game.answer(1, 2, from: ann, at: ms(524), pressedAt: 1)
        #expect(game.tick(now: ms(600), clocks: [:]).result?.scored == [bob.id])
    }

    @Test func pressesWithinOneMillisecondAllScore() {
        let clocks: Clocks = [ann.id: Game.clock(rtt: ms(10)), bob.id: Game.clock(rtt: ms(10)), cy.id: Game.clock(rtt: ms(10))]
        var game = Game.started(.first, clocks: clocks)
        let press = ms(1000)
        _ = game.answer(1, 2, from: bob, at: press + ms(3), pressedAt: press + 800, clock: clocks[bob.id])
        _ = game.answer(1, 2, from: ann, at: press + ms(4), pressedAt: press, clock: clocks[ann.id])
        // Cy's press arrives last, and is 1.001 ms after Ann's: everyone answered, judged at once.
        let result = game.answer(1, 2, from: cy, at: press + ms(5), pressedAt: press + 1_001, clock: clocks[cy.id]).result
        #expect(result?.scored == [ann.id, bob.id])
        #expect(result?.tie == true)
        #expect(result?.ended == .everyoneAnswered)
        #expect(result?.scoreboard.map(\.points) == [1, 1, 0])
    }

    @Test func everyoneAnsweringEndsTheQuestionAtOnce() {
        var game = Game.started(.first)
        #expect(game.answer(1, 0, from: ann, at: ms(10)).result == nil)
        #expect(game.answer(1, 1, from: bob, at: ms(20)).result == nil)
        let last = game.answer(1, 3, from: cy, at: ms(30))
        #expect(last.accepted != nil)
        #expect(last.result?.ended == .everyoneAnswered)
        #expect(last.result?.scored == [])
        #expect(game.nextWake == ms(30) + Fixture.s(1))
    }

    @Test func theDeadlineEndsTheQuestionAfterTheWindow() {
        var game = Game.started(.first)
        #expect(game.tick(now: Fixture.s(10), clocks: [:]).isEmpty)
        let result = game.tick(now: Fixture.s(10) + ms(5), clocks: [:]).result
        #expect(result?.ended == .deadline)
        #expect(result?.scored == [])
    }

    @Test func aPressBeforeTheDeadlineStillOnItsWayCounts() {
        let clocks: Clocks = [ann.id: Game.clock(rtt: ms(60))]
        var game = Game.started(.first, clocks: clocks)
        let deadline = Fixture.s(10)
        #expect(game.answer(1, 2, from: ann, at: deadline + ms(25), pressedAt: deadline - ms(5), clock: clocks[ann.id]).accepted != nil)
        #expect(game.tick(now: deadline + ms(60), clocks: clocks).result?.scored == [ann.id])
    }

    @Test func aPressAfterTheDeadlineIsTooLate() {
        let clocks: Clocks = [ann.id: Game.clock(rtt: ms(60))]
        var game = Game.started(.first, clocks: clocks)
        let deadline = Fixture.s(10)
        #expect(game.answer(1, 2, from: ann, at: deadline + ms(10), pressedAt: deadline + ms(2), clock: clocks[ann.id]).rejection == .tooLate)
        // Judged by arrival without an estimate.
        #expect(game.answer(1, 2, from: bob, at: deadline + 1).rejection == .tooLate)
    }

    @Test func answersForClosedOrUnknownQuestionsAreRejectedAlone() {
        var game = Game.started(.first)
        _ = game.answer(1, 2, from: ann, at: ms(10))
        _ = game.tick(now: ms(20), clocks: [:])
        let late = game.answer(1, 2, from: bob, at: ms(30))
        #expect(late.rejection == .questionClosed)
        #expect(late.sent.map(\.to) == [[bob.id]])
        #expect(game.answer(2, 0, from: bob, at: ms(31)).rejection == .unknownQuestion)
        _ = game.tick(now: ms(20) + Fixture.s(1), clocks: [:])
        #expect(game.answer(1, 2, from: bob, at: Fixture.s(2)).rejection == .questionClosed)
        #expect(game.answer(3, 2, from: bob, at: Fixture.s(2)).rejection == .unknownQuestion)
        // After the window closed but before the tick ran, an answer is closed too.
        _ = game.answer(2, 0, from: ann, at: Fixture.s(2))
        #expect(game.answer(2, 0, from: bob, at: Fixture.s(2) + ms(6)).rejection == .questionClosed)
    }

    @Test func anOutOfRangeChoiceIsRejectedAndDoesNotLockThePlayer() {
        var game = Game.started(.first)
        #expect(game.answer(1, 4, from: bob, at: ms(10)).rejection == .invalidChoice)
        #expect(game.answer(1, -1, from: bob, at: ms(11)).rejection == .invalidChoice)
        #expect(game.answer(1, 2, from: bob, at: ms(12)).accepted != nil)
        #expect(game.tick(now: ms(100), clocks: [:]).result?.scored == [bob.id])
    }

    @Test func aLateJoinerStartsAtZeroOnTheNextQuestion() {
        let dee = Fixture.dee
        var game = Game.started(.first)
        let welcome = game.playerJoined(dee).sent
        #expect(welcome.count == 1)
        #expect(welcome[0].to == [dee.id])
        guard case .game(let info) = welcome[0].message else { Issue.record("expected game info"); return }
        #expect(info.firstQuestion == 2)
        #expect(info.scoreboard.contains(ScoreLine(id: dee.id, name: "Dee", points: 0)))
        #expect(game.answer(1, 2, from: dee, at: ms(10)).rejection == .notInThisQuestion)
        _ = game.answer(1, 0, from: ann, at: ms(20))
        _ = game.answer(1, 0, from: bob, at: ms(21))
        // Everyone taking part answered; Dee is not waited for.
        #expect(game.answer(1, 0, from: cy, at: ms(22)).result?.ended == .everyoneAnswered)
        let next = game.tick(now: ms(22) + Fixture.s(1), clocks: [:]).sent
        #expect(next.first?.to == [ann.id, bob.id, cy.id, dee.id])
        #expect(game.answer(2, 0, from: dee, at: Fixture.s(2)).accepted != nil)
    }

    @Test func aPlayerWhoLeavesNoLongerCountsTowardEveryoneAnswered() {
        var game = Game.started(.first)
        _ = game.answer(1, 0, from: ann, at: ms(10))
        _ = game.answer(1, 1, from: bob, at: ms(20))
        let left = game.playerLeft(cy.id, now: ms(30))
        #expect(left.result?.ended == .everyoneAnswered)
        #expect(left.result?.scoreboard.map(\.name) == ["Ann", "Bob"])
        #expect(left.sent.first?.to == [ann.id, bob.id])
    }

    @Test func aWinnerWhoLeavesDuringTheWindowDoesNotScore() {
        var game = Game.started(.first)
        _ = game.answer(1, 2, from: ann, at: ms(10))
        #expect(game.playerLeft(ann.id, now: ms(11)).isEmpty)
        #expect(game.nextWake == Fixture.s(10) + ms(5))
        #expect(game.tick(now: ms(100), clocks: [:]).isEmpty)
    }

    @Test func whenEveryoneLeavesTheGameIsOver() {
        var game = Game.started(.first)
        _ = game.playerLeft(ann.id, now: 1)
        _ = game.playerLeft(bob.id, now: 2)
        let final = game.playerLeft(cy.id, now: 3).gameOver
        #expect(final == FinalStandings(standings: [], winners: [], points: 0, ended: .noPlayers, asked: 0, players: 0, winnerCount: 0))  // question 1 got no result
        #expect(game.isOver)
        #expect(game.nextWake == nil)
    }

    @Test func theGameEndsWithTheWinnerAfterTheLastResult() {
        var game = Game.started(.first, questions: 2)
        _ = game.answer(1, 2, from: bob, at: ms(10))
        _ = game.tick(now: ms(20), clocks: [:])
        #expect(game.tick(now: ms(20) + Fixture.s(1), clocks: [:]).question?.number == 2)
        _ = game.answer(2, 0, from: bob, at: Fixture.s(2))
        _ = game.tick(now: Fixture.s(3), clocks: [:])
        let final = game.tick(now: Fixture.s(5), clocks: [:]).gameOver
        #expect(final?.winners == [bob.id])
        #expect(final?.points == 2)
        #expect(final?.ended == .questionsDone)
        #expect(final?.standings.map(\.points) == [2, 0, 0])
        #expect(game.answer(2, 0, from: ann, at: Fixture.s(6)).rejection == .noGame)
    }

    @Test func tiedPlayersAreAllWinners() {
        var game = Game.started(.first, questions: 2)
        _ = game.answer(1, 2, from: bob, at: ms(10))
        _ = game.tick(now: ms(20), clocks: [:])
        _ = game.tick(now: Fixture.s(2), clocks: [:])
        _ = game.answer(2, 0, from: cy, at: Fixture.s(3))
        _ = game.tick(now: Fixture.s(4), clocks: [:])
        let final = game.tick(now: Fixture.s(6), clocks: [:]).gameOver
        #expect(final?.winners == [bob.id, cy.id])
        #expect(final?.points == 1)
    }
}
