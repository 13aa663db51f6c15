import GameRuntime
import Testing

@testable import Trivia

@Suite struct DeckTests {
    static let bank = try! QuestionBank(
        questions: (1...12).map { TriviaQuestion(text: "Q\($0)", answers: ["right \($0)", "w1", "w2", "w3"], correctIndex: 0) },
        source: "test")

    @Test func dealsWithoutRepeatsAndKeepsTheCorrectAnswer() {
        var rng = SplitMix64(seed: 42)
        let dealt = Deck.deal(8, from: Self.bank, using: &rng)
        #expect(dealt.count == 8)
        #expect(Set(dealt.map(\.text)).count == 8)
        for question in dealt {
            #expect(question.correctAnswers == question.source.correctAnswers)
            #expect(Set(question.answers) == Set(question.source.answers))
        }
    }

    @Test func roundsBeyondTheBankDealTheWholeBank() {
        var rng = SplitMix64(seed: 1)
        #expect(Deck.deal(50, from: Self.bank, using: &rng).count == 12)
        #expect(Deck.deal(nil, from: Self.bank, using: &rng).count == 12)
    }

    @Test func drawsAndAnswersAreShuffled() {
        var rng = SplitMix64(seed: 7)
        let dealt = Deck.deal(nil, from: Self.bank, using: &rng)
        #expect(dealt.map(\.text) != Self.bank.questions.map(\.text))
        // With 12 questions of 4 answers, the right answer cannot always stay first.
        #expect(Set(dealt.map(\.correct)).count > 1)
    }

    @Test func theSameSeedDealsTheSameGame() {
        var a = SplitMix64(seed: 99), b = SplitMix64(seed: 99)
        #expect(Deck.deal(5, from: Self.bank, using: &a) == Deck.deal(5, from: Self.bank, using: &b))
    }
}
