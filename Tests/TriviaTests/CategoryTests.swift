import GameRuntime
import Testing

@testable import Trivia

@Suite struct CategoryTests {
    static let bank = try! Bank.parse(
        """
        question,correct,wrong,category
        Q1,a,b,Science
        Q2,a,b,science
        Q3,a,b,Space
        Q4,a,b,
        Q5,a,b,History
        """, source: "quiz.csv")

    @Test func theCategoriesIgnoreCaseAndCountTheirQuestions() {
        #expect(Self.bank.categories.map(\.name) == ["History", "Science", "Space"])
        #expect(Self.bank.categories.map(\.questions) == [1, 2, 1])
    }

    @Test func onlyKeepsTheQuestionsOfTheNamedCategoriesIgnoringCase() throws {
        let chosen = try Self.bank.only(categories: ["SCIENCE", "space", "Science"])
        #expect(chosen.questions.map(\.text) == ["Q1", "Q2", "Q3"])
        #expect(chosen.source == "quiz.csv: Science, Space")
    }

    @Test func anUnknownCategoryListsTheBanksCategories() {
        #expect(throws: UnknownCategory.self) { try Self.bank.only(categories: ["Science", "Sport"]) }
        do {
            _ = try Self.bank.only(categories: ["Science", "Sport"])
        } catch {
            #expect(error.name == "Sport")
            #expect(error.description == #"no category "Sport" in quiz.csv; its categories are History (1), Science (2), Space (1)"#)
        }
    }

    @Test func aBankWithoutCategoriesSaysSo() throws {
        let plain = try Bank.parse("Q,a,b\n", source: "plain.csv")
        #expect(plain.categories.isEmpty)
        do {
            _ = try plain.only(categories: ["Science"])
            Issue.record("a bank without categories has no Science")
        } catch {
            #expect(error.description == #"no category "Science" in plain.csv: none of its questions has a category"#)
        }
    }

    @Test func theEmbeddedBankHasACategoryOnEveryQuestion() {
        let bank = QuestionBank.embedded()
        #expect(bank.questions.allSatisfy { $0.category != nil })
        #expect(bank.categories.count >= 8)
        #expect(bank.categories.allSatisfy { $0.questions >= 2 })
    }
}

@Suite struct RoundsTests {
    @Test func aGameAsksTenQuestionsUnlessToldOtherwise() {
        #expect(TriviaSettings().rounds == 10)
        #expect(TriviaSettings.defaultRounds == 10)
        var rng = SplitMix64(seed: 5)
        #expect(Deck.deal(TriviaSettings().rounds, from: QuestionBank.embedded(), using: &rng).count == 10)
    }

    @Test func aSmallerBankGivesAShorterGame() throws {
        let bank = try CategoryTests.bank.only(categories: ["Science"])
        var rng = SplitMix64(seed: 5)
        #expect(Deck.deal(TriviaSettings().rounds, from: bank, using: &rng).count == 2)
    }
}
