import GameRuntime
import Matchmaking
import Testing

@testable import Trivia

@Suite struct TriviaPlayerStateTests {
    static func asked(_ mode: TriviaMode, number: Int = 1, deadline: Int64 = 50_000_000) -> QuestionAsked {
        QuestionAsked(number: number, of: 3, text: "Q", answers: ["a", "b", "c"], category: nil, mode: mode, durationMs: 10_000, deadline: deadline)
    }

    @Test func theDeadlineIsConvertedToThisDevicesClock() {
        var state = TriviaPlayerState()
        // The host's clock reads 40 s more than ours; the question closes at host time 50 s.
        state.received(.question(Self.asked(.first)), at: 1_000_000, hostClock: Game.clock(offset: 40_000_000, rtt: 1_000))
        #expect(state.question?.localDeadline == 10_000_000)
        // No estimate yet: count the duration from arrival.
        state.received(.question(Self.asked(.first, number: 2)), at: 1_000_000, hostClock: nil)
        #expect(state.question?.localDeadline == 11_000_000)
        // A wild estimate is bounded by the duration.
        state.received(.question(Self.asked(.first, number: 3)), at: 1_000_000, hostClock: Game.clock(offset: -900_000_000, rtt: 1_000))
        #expect(state.question?.localDeadline == 11_000_000)
    }

    @Test func firstModeTakesOnePress() {
        var state = TriviaPlayerState()
        #expect(state.press(0, now: 1) == .noQuestion)
        state.received(.question(Self.asked(.first)), at: 0, hostClock: nil)
        #expect(state.press(3, now: 1) == .invalidChoice)
        #expect(state.press(1, now: 2) == .send(AnswerGiven(question: 1, choice: 1, pressedAt: 2)))
        #expect(state.press(2, now: 3) == .locked)
        state.received(.result(QuestionResult(number: 1, of: 3, correctChoice: 0, correctAnswer: "a", correctChoices: [0], scored: [], tie: false, ended: .everyoneAnswered, scoreboard: [])), at: 4, hostClock: nil)
        #expect(state.press(0, now: 5) == .noQuestion)
        #expect(state.results.count == 1)
    }

    @Test func timedModeTakesChanges() {
        var state = TriviaPlayerState()
        state.received(.question(Self.asked(.timed)), at: 0, hostClock: nil)
        #expect(state.press(1, now: 1) == .send(AnswerGiven(question: 1, choice: 1, pressedAt: 1)))
        #expect(state.press(1, now: 2) == .unchanged)
        #expect(state.press(2, now: 3) == .send(AnswerGiven(question: 1, choice: 2, pressedAt: 3)))
        state.received(.accepted(AnswerAccepted(question: 1, choice: 2, final: false)), at: 4, hostClock: nil)
        #expect(state.question?.choice == 2)
        state.received(.gameOver(FinalStandings(standings: [], winners: [], points: 0, ended: .questionsDone)), at: 5, hostClock: nil)
        #expect(state.press(0, now: 6) == .noQuestion)
        #expect(state.final != nil)
    }

    @Test func buzzerModeTakesOneBuzzAndFollowsWhoAnswersAndWhoIsLockedOut() {
        let me = Fixture.ann.id, bob = Fixture.bob
        var state = TriviaPlayerState()
        #expect(state.buzz(me: me, now: 1) == .noQuestion)
        state.received(.question(Self.asked(.first)), at: 0, hostClock: nil)
        #expect(state.buzz(me: me, now: 1) == .notBuzzerMode)
        state.received(.question(Self.asked(.buzzer, number: 2)), at: 0, hostClock: nil)
        #expect(state.press(1, now: 1) == .buzzerMode)
        #expect(state.buzz(me: me, now: 2) == .send(BuzzPressed(question: 2, pressedAt: 2)))
        #expect(state.buzz(me: me, now: 3) == .alreadyBuzzed)
        // Refused (say, paused on its way): it may be tried again.
        state.received(.rejected(AnswerRejected(question: 2, choice: nil, reason: .paused)), at: 4, hostClock: nil)
        #expect(state.buzz(me: me, now: 5) == .send(BuzzPressed(question: 2, pressedAt: 5)))
        // Bob won: the clock stands still, and nobody else may buzz.
        state.received(.buzzed(BuzzerWon(question: 2, player: bob.id, name: "Bob", leftMs: 6_000, lockedOut: [])), at: 6, hostClock: nil)
        #expect(state.question?.clockRuns == false)
        #expect(state.buzz(me: me, now: 7) == .taken(by: "Bob"))
        state.received(.marked(AnswerMarked(question: 2, player: bob.id, name: "Bob", right: false)), at: 8, hostClock: nil)
        #expect(state.question?.lockedOut == [bob.id])
        // Open again, with the time the host gives.
        state.received(.buzzersOpen(BuzzersOpen(question: 2, lockedOut: [bob.id], deadline: 0, leftMs: 5_000)), at: 1_000_000, hostClock: nil)
        #expect(state.question?.clockRuns == true)
        #expect(state.question?.localDeadline == 6_000_000)
        #expect(state.buzz(me: me, now: 1_000_001) == .send(BuzzPressed(question: 2, pressedAt: 1_000_001)))
        state.received(.buzzed(BuzzerWon(question: 2, player: me, name: "Ann", leftMs: 4_000, lockedOut: [bob.id])), at: 1_000_002, hostClock: nil)
        #expect(state.buzz(me: me, now: 1_000_003) == .alreadyBuzzed)
        state.received(.marked(AnswerMarked(question: 2, player: me, name: "Ann", right: false)), at: 1_000_004, hostClock: nil)
        state.received(.buzzersOpen(BuzzersOpen(question: 2, lockedOut: [me, bob.id], deadline: 0, leftMs: 5_000)), at: 1_000_005, hostClock: nil)
        #expect(state.buzz(me: me, now: 1_000_006) == .lockedOut)
        state.received(.pause(PauseStatus(paused: true)), at: 1_000_007, hostClock: nil)
        #expect(state.buzz(me: me, now: 1_000_008) == .paused)
    }
}
