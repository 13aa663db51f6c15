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
        state.received(.result(QuestionResult(number: 1, of: 3, correctChoice: 0, correctAnswer: "a", scored: [], tie: false, ended: .everyoneAnswered, scoreboard: [])), at: 4, hostClock: nil)
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
}
