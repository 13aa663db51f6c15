import GameRuntime
import Matchmaking
import Testing

@testable import Trivia

/// The buzzer's rules: who buzzed first (by press time, within the collection window), the
/// question's time standing still while the host marks, right and wrong marks, lockout,
/// reopening, everyone locked out, time running out, and pausing meanwhile.
@Suite struct BuzzerModeTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy
    let ms = Fixture.ms
    let sec = Fixture.s
    /// No clock estimates: the window is its 5 ms floor.
    let window = PressJudge().collectionWindow(clocks: [])

    @Test func theQuestionIsAskedAsEverAndAnAnswerIsTheWrongMode() {
        var game = TriviaGame(questions: Game.questions, players: [ann, bob], settings: Game.settings(.buzzer))
        let start = game.start(now: 0, clocks: [:])
        #expect(start.question?.mode == .buzzer)
        #expect(start.question?.answers == ["A", "B", "C", "D"])
        #expect(game.answer(1, 2, from: ann, at: ms(100)).rejection == .wrongMode)
        var first = Game.started(.first)
        #expect(first.buzz(1, from: ann, at: ms(100)).rejection == .wrongMode)
    }

    @Test func theEarliestPressInTheWindowWinsAndTheHostAloneHearsTheCorrectAnswer() {
        // Ann's link takes 40 ms each way, Bob's 0.5 ms. Ann pressed 20 ms before Bob.
        let t0: Int64 = 1_000_000
        let clocks: Clocks = [ann.id: Game.clock(offset: 3_000_000, rtt: ms(80)), bob.id: Game.clock(offset: -5_000, rtt: ms(1))]
        var game = Game.started(.buzzer, at: t0, clocks: clocks)
        let press = t0 + ms(500)
        // Bob's buzz arrives first: nobody is told yet; the window (80 ms) starts.
        #expect(game.buzz(1, from: bob, at: press + ms(20.5), pressedAt: press + ms(20) - 5_000, clock: clocks[bob.id]).isEmpty)
        #expect(game.nextWake == press + ms(20.5) + ms(80))
        #expect(game.buzz(1, from: bob, at: press + ms(30), clock: clocks[bob.id]).rejection == .alreadyBuzzed)
        #expect(game.buzz(1, from: ann, at: press + ms(40), pressedAt: press + 3_000_000, clock: clocks[ann.id]).isEmpty)
        #expect(game.tick(now: press + ms(100), clocks: clocks).isEmpty)
        let judged = game.tick(now: press + ms(100.5), clocks: clocks)
        #expect(judged.buzzed == BuzzerWon(question: 1, player: ann.id, name: "Ann", leftMs: 9_500, lockedOut: []))
        #expect(judged.sent.map(\.to) == [[ann.id, bob.id, cy.id]])
        #expect(judged.notes == [.awaitingMark(AwaitingMark(question: 1, player: ann.id, name: "Ann", correct: "3) C"))])
        // The correct answer is in no message to a player.
        #expect(!judged.sent.contains { "\($0.message)".contains("correctAnswer") })
        // The time stands still while Ann answers; later buzzes are refused.
        #expect(game.awaitsMark)
        #expect(game.nextWake == nil)
        #expect(game.tick(now: t0 + sec(60), clocks: clocks).isEmpty)
        #expect(game.buzz(1, from: cy, at: press + ms(200)).rejection == .buzzerTaken)
        #expect(game.buzz(1, from: ann, at: press + ms(200)).rejection == .alreadyBuzzed)
    }

    @Test func aBuzzArrivingAfterTheWindowIsJudgedAfterTheWinnerEvenBeforeTheWakeUp() {
        var game = Game.started(.buzzer)
        _ = game.buzz(1, from: bob, at: ms(100))
        // Cy's buzz arrives after the window closed, before the host woke: Bob wins, Cy is refused.
        let late = game.buzz(1, from: cy, at: ms(100) + window, pressedAt: 0)
        #expect(late.buzzed?.player == bob.id)
        #expect(late.rejection == .buzzerTaken)
    }

    @Test func aRightAnswerScoresOnePointAndEndsTheQuestion() {
        var game = Game.started(.buzzer)
        _ = game.buzz(1, from: bob, at: ms(100))
        _ = game.tick(now: ms(100) + window, clocks: [:])
        let right = game.mark(right: true, now: sec(3))
        #expect(right.marked == AnswerMarked(question: 1, player: bob.id, name: "Bob", right: true))
        #expect(right.result?.scored == [bob.id])
        #expect(right.result?.ended == .rightAnswer)
        #expect(right.result?.tie == false)
        #expect(right.result?.correctChoice == 2)
        #expect(right.result?.scoreboard.first == ScoreLine(id: bob.id, name: "Bob", points: 1))
        #expect(right.sent.map(\.to) == [[ann.id, bob.id, cy.id], [ann.id, bob.id, cy.id]])
        #expect(game.nextWake == sec(4))
        #expect(!game.awaitsMark)
    }

    @Test func aWrongAnswerLocksThatPlayerOutAndReopensTheBuzzersWithTheTimeThatWasLeft() {
        var game = Game.started(.buzzer)
        // Bob buzzes at 3 s of 10: 7 s were left.
        _ = game.buzz(1, from: bob, at: sec(3))
        _ = game.tick(now: sec(3) + window, clocks: [:])
        let wrong = game.mark(right: false, now: sec(20))
        #expect(wrong.marked?.right == false)
        #expect(wrong.result == nil)
        #expect(wrong.reopened == BuzzersOpen(question: 1, lockedOut: [bob.id], deadline: sec(27), leftMs: 7_000))
        #expect(game.nextWake == sec(27) + window)
        #expect(game.scoreboard.allSatisfy { $0.points == 0 })  // no penalty
        #expect(game.buzz(1, from: bob, at: sec(21)).rejection == .lockedOut)
        // Cy buzzes: the buzzer is Cy's.
        _ = game.buzz(1, from: cy, at: sec(26))
        let judged = game.tick(now: sec(26) + window, clocks: [:])
        #expect(judged.buzzed == BuzzerWon(question: 1, player: cy.id, name: "Cy", leftMs: 1_000, lockedOut: [bob.id]))
        // Wrong again: 1 s was left, the buzzers reopen with the 5 s least.
        #expect(game.mark(right: false, now: sec(30)).reopened == BuzzersOpen(question: 1, lockedOut: [bob.id, cy.id], deadline: sec(35), leftMs: 5_000))
    }

    @Test func theReopenedTimeIsNeverLongerThanTheQuestionsOwn() {
        var settings = Game.settings(.buzzer)
        settings.questionTime = sec(2)
        var game = TriviaGame(questions: Game.questions, players: [ann, bob], settings: settings)
        _ = game.start(now: 0, clocks: [:])
        _ = game.buzz(1, from: ann, at: sec(1.5))
        _ = game.tick(now: sec(1.5) + window, clocks: [:])
        #expect(game.mark(right: false, now: sec(4)).reopened?.deadline == sec(6))
    }

    @Test func whenEveryoneIsLockedOutNobodyScores() {
        var game = Game.started(.buzzer, players: [ann, bob])
        for (peer, at) in [(ann, sec(1)), (bob, sec(2))] {
            _ = game.buzz(1, from: peer, at: at)
            _ = game.tick(now: at + window, clocks: [:])
            let wrong = game.mark(right: false, now: at + ms(500))
            if peer == bob {
                #expect(wrong.reopened == nil)
                #expect(wrong.result?.ended == .allLockedOut)
                #expect(wrong.result?.scored == [])
                #expect(wrong.marked?.player == bob.id)
            }
        }
        #expect(game.scoreboard.map(\.points) == [0, 0])
    }

    @Test func whenTheTimeRunsOutNobodyScores() {
        var game = Game.started(.buzzer)
        #expect(game.nextWake == sec(10) + window)
        let closed = game.tick(now: sec(10) + window, clocks: [:])
        #expect(closed.result?.ended == .deadline)
        #expect(closed.result?.scored == [])
        // A buzz pressed after the deadline is too late.
        var late = Game.started(.buzzer)
        #expect(late.buzz(1, from: ann, at: sec(10) + ms(1), pressedAt: sec(10) + ms(1)).rejection == .tooLate)
    }

    @Test func aSkipWhileTheWinnerAnswersClosesTheQuestionWithNobodyScoring() {
        var game = Game.started(.buzzer)
        _ = game.buzz(1, from: ann, at: sec(1))
        _ = game.tick(now: sec(1) + window, clocks: [:])
        let skipped = game.skip(now: sec(2), clocks: [:])
        #expect(skipped.result?.ended == .skipped)
        #expect(skipped.result?.scored == [])
    }

    @Test func whenTheWinnerLeavesTheBuzzersReopenAndWhenAwayTheHostStillMarks() {
        var game = Game.started(.buzzer)
        _ = game.buzz(1, from: ann, at: sec(1))
        _ = game.tick(now: sec(1) + window, clocks: [:])
        let left = game.playerLeft(ann.id, now: sec(4))
        #expect(left.reopened == BuzzersOpen(question: 1, lockedOut: [], deadline: sec(13), leftMs: 9_000))
        #expect(!game.awaitsMark)
        // Bob wins the buzzer; his link drops: he answered aloud, the host marks it anyway.
        _ = game.buzz(1, from: bob, at: sec(5))
        _ = game.tick(now: sec(5) + window, clocks: [:])
        #expect(game.playerAway(bob.id, now: sec(6)).isEmpty)
        // Back, Bob is told the question (with the time it stands at) and that he answers.
        let back = game.playerBack(bob.id, now: sec(7))
        #expect(back.question?.durationMs == 8_000)
        #expect(back.buzzed?.player == bob.id)
        #expect(back.retold.count == 2, "the question and the buzzer, told again")
        #expect(game.mark(right: true, now: sec(8)).result?.scored == [bob.id])
    }

    @Test func aPlayerWhoComesBackIsToldItIsLockedOut() {
        var game = Game.started(.buzzer)
        _ = game.buzz(1, from: ann, at: sec(1))
        _ = game.tick(now: sec(1) + window, clocks: [:])
        _ = game.mark(right: false, now: sec(2))
        _ = game.playerAway(ann.id, now: sec(3))
        #expect(game.playerBack(ann.id, now: sec(4)).reopened?.lockedOut == [ann.id])
    }

    @Test func whenEveryoneHereIsLockedOutTheQuestionDoesNotWaitForTheAway() {
        var game = Game.started(.buzzer, players: [ann, bob])
        _ = game.buzz(1, from: ann, at: sec(1))
        _ = game.tick(now: sec(1) + window, clocks: [:])
        _ = game.mark(right: false, now: sec(2))
        #expect(game.playerAway(bob.id, now: sec(3)).result?.ended == .allLockedOut)
    }

    @Test func pausingWhileJudgingOrAnsweringHoldsEverything() {
        var game = Game.started(.buzzer)
        _ = game.buzz(1, from: ann, at: sec(1))
        // Paused inside the window: the judging waits, buzzes are refused.
        _ = game.pause(now: sec(1))
        #expect(game.nextWake == nil)
        #expect(game.buzz(1, from: bob, at: sec(2)).rejection == .paused)
        let goesOn = game.unpause(now: sec(11)).sent.first?.message
        #expect(goesOn == .pause(PauseStatus(paused: false, deadline: sec(20), leftMs: 9_000)))
        #expect(game.nextWake == sec(11) + window)
        _ = game.tick(now: sec(11) + window, clocks: [:])
        #expect(game.awaitsMark)
        // Paused while Ann answers: going on tells no deadline (the clock still stands still).
        _ = game.pause(now: sec(12))
        #expect(game.unpause(now: sec(30)).sent.first?.message == .pause(PauseStatus(paused: false)))
        #expect(game.awaitsMark)
        #expect(game.nextWake == nil)
        // Reopened: the 9 s that were left at Ann's press.
        #expect(game.mark(right: false, now: sec(31)).reopened?.deadline == sec(40))
    }
}

/// The host's `mark` command on the trivia table.
@Suite struct BuzzerMarkCommandTests {
    let ann = Fixture.ann, bob = Fixture.bob

    static func table(_ mode: TriviaMode) -> TriviaTable {
        var settings = Game.settings(mode)
        settings.rounds = 2
        return TriviaTable(bank: TriviaTableTests.bank, settings: settings, startRule: .whenFull, capacity: 2, rng: SplitMix64(seed: 3))
    }

    func refusal(_ effects: [TriviaTable.Effect]) -> CommandRefusal? {
        guard effects.count == 1, case .refused(let refusal) = effects[0] else { return nil }
        return refusal
    }

    @Test func aMarkWhenNothingAwaitsIsRefusedInWords() {
        var table = Self.table(.buzzer)
        let lobby = refusal(table.command(.game(TriviaRules.mark(right: true)), at: GameMoment(now: 0)))
        #expect(lobby?.reason == .noGame)
        #expect(lobby?.description == "nothing to mark: no game is under way")
        _ = table.joined(ann, at: GameMoment(now: 0))
        _ = table.joined(bob, at: GameMoment(now: 0))
        let open = refusal(table.command(.game(TriviaRules.mark(right: false)), at: GameMoment(now: 1)))
        #expect(open?.reason == .nothingToMark)
        #expect(open?.description == "nothing to mark: no player has buzzed and awaits a mark")
        var first = Self.table(.first)
        _ = first.joined(ann, at: GameMoment(now: 0))
        _ = first.joined(bob, at: GameMoment(now: 0))
        #expect(refusal(first.command(.game(TriviaRules.mark(right: true)), at: GameMoment(now: 1)))?.reason == .nothingToMark)
    }

    @Test func theHostMarksThroughTheTableAndTheNoteReachesOnlyTheHost() {
        var table = Self.table(.buzzer)
        _ = table.joined(ann, at: GameMoment(now: 0))
        _ = table.joined(bob, at: GameMoment(now: 0))
        let buzz = TriviaClientMessage.buzz(BuzzPressed(question: 1, pressedAt: 0))
        #expect(table.received(buzz, from: bob.id, arrivedAt: Fixture.s(1), at: GameMoment(now: Fixture.s(1))).isEmpty)
        let judged = table.woke(at: GameMoment(now: Fixture.s(2)))
        #expect(judged.contains { if case .note(.awaitingMark(let awaiting)) = $0 { awaiting.player == bob.id } else { false } })
        #expect(judged.contains { if case .announce(.buzzed(let won), let to) = $0 { won.player == bob.id && to == [ann.id, bob.id] } else { false } })
        // Paused: the mark waits (unpause first); the answer still awaits it.
        _ = table.command(.pause, at: GameMoment(now: Fixture.s(3)))
        let paused = refusal(table.command(.game(TriviaRules.mark(right: true)), at: GameMoment(now: Fixture.s(4))))
        #expect(paused?.reason == .paused)
        #expect(paused?.description == "cannot mark while the game is paused: unpause first")
        _ = table.command(.unpause, at: GameMoment(now: Fixture.s(5)))
        let right = table.command(.game(TriviaRules.mark(right: true)), at: GameMoment(now: Fixture.s(6)))
        #expect(right.contains { if case .announce(.result(let result), _) = $0 { result.scored == [bob.id] } else { false } })
        #expect(refusal(table.command(.game(TriviaRules.mark(right: true)), at: GameMoment(now: Fixture.s(7))))?.reason == .nothingToMark)
    }
}
