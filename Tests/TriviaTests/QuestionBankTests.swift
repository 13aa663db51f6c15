import Foundation
import Testing

@testable import Trivia

@Suite struct QuestionBankTests {
    static func parse(_ json: String) throws(QuestionBankError) -> QuestionBank {
        try QuestionBank.parse(Data(json.utf8), source: "quiz.json")
    }

    static func problem(_ json: String) -> QuestionBankError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func theEmbeddedBankHasAtLeastSixtyValidQuestionsAcrossCategories() throws {
        let bank = QuestionBank.embedded()
        #expect(bank.questions.count >= 60)
        #expect(bank.source == "embedded bank")
        #expect(Set(bank.questions.compactMap(\.category)).count >= 8)
        #expect(bank.questions.allSatisfy { $0.answers.count >= 2 && $0.correct.allSatisfy($0.answers.indices.contains) })
        try bank.validate()
    }

    @Test func aFullEntryParses() throws {
        let bank = try Self.parse("""
            {"questions": [
              {"question": "  Which planet is red? ", "category": "Space", "timeLimit": 15,
               "answers": [{"text": "Venus"}, {"text": "Mars", "correct": true}, {"text": "Pluto", "correct": false}]},
              {"question": "2 + 2?", "timeLimit": 2.5, "answers": [{"text": "4", "correct": true}, {"text": "5"}], "note": "ignored"}
            ]}
            """)
        #expect(bank.questions.count == 2)
        #expect(bank.questions[0] == TriviaQuestion(text: "Which planet is red?", answers: ["Venus", "Mars", "Pluto"], correctIndex: 1, category: "Space", timeLimit: 15))
        #expect(bank.questions[1].timeLimit == 2.5)
        #expect(bank.questions[1].category == nil)
        #expect(bank.questions[0].correctAnswers == ["Mars"])
    }

    @Test func malformedJSONNamesTheFile() {
        let error = Self.problem(#"{"questions": [ {"question": "x", "answers": [}"#)
        #expect(error?.source == "quiz.json")
        #expect(error?.entry == nil)
        #expect(error?.description == "quiz.json:1:47: not valid JSON: expected a value, found '}'")
    }

    @Test func anEmptyBankIsRefused() {
        #expect(Self.problem(#"{"questions": []}"#)?.description == "quiz.json:1:15: the bank has no questions")
    }

    @Test func theTopLevelMustHoldAQuestionsArray() {
        #expect(Self.problem(#"[{"question": "x"}]"#)?.problem == #"expected an object with a "questions" array (snap-host's format) or a "results" array (Open Trivia DB's) at the top level"#)
        #expect(Self.problem(#"{"questions": {"question": "x"}}"#)?.problem == #""questions" must be an array"#)
    }

    @Test func aQuestionWithOneAnswerIsRefusedNamingTheEntry() {
        let error = Self.problem("""
            {"questions": [
              {"question": "Fine?", "answers": [{"text": "yes", "correct": true}, {"text": "no"}]},
              {"question": "What is the capital of a country with a long name?", "answers": [{"text": "Only", "correct": true}]}
            ]}
            """)
        #expect(error?.entry == 2)
        #expect(error?.description == #"quiz.json:3:81: entry 2 ("What is the capital of a country with a…"): only one answer; a question needs 2 to 9"#)
    }

    @Test func aQuestionWithNoCorrectAnswerIsRefused() {
        let error = Self.problem(#"{"questions": [{"question": "Pick", "answers": [{"text": "a"}, {"text": "b", "correct": false}]}]}"#)
        #expect(error?.description == #"quiz.json:1:48: entry 1 ("Pick"): no answer is marked correct; mark one or more"#)
    }

    @Test func severalCorrectAnswersAndPointsAreRead() throws {
        let bank = try Self.parse("""
            {"questions": [{"question": "Pick the planets", "points": "double",
              "answers": [{"text": "Mars", "correct": true}, {"text": "Moon"}, {"text": "Venus", "correct": true}]},
             {"question": "Warm-up", "points": "none", "answers": [{"text": "a", "correct": true}, {"text": "b"}]},
             {"question": "Plain", "points": null, "answers": [{"text": "a", "correct": true}, {"text": "b"}]}]}
            """)
        #expect(bank.questions[0].correct == [0, 2])
        #expect(bank.questions[0].correctAnswers == ["Mars", "Venus"])
        #expect(bank.questions.map(\.points) == [.double, .none, .standard])
    }

    @Test func pointsOtherThanTheThreeWordsAreRefused() {
        let error = Self.problem(#"{"questions": [{"question": "Pick", "points": 3, "answers": [{"text": "a", "correct": true}, {"text": "b"}]}]}"#)
        #expect(error?.problem == #""points" must be one of "standard", "double", "none""#)
        #expect(Bank.at(error) == "1:47")  // the value
    }

    @Test(arguments: [
        (#"{"answers": []}"#, #"missing "question""#, "1:16"),
        (#"{"question": 7, "answers": []}"#, #""question" must be a string"#, "1:29"),
        (#"{"question": "  "}"#, #"missing "answers""#, "1:16"),
        (#"{"question": "Q", "answers": "a,b"}"#, #""answers" must be an array"#, "1:45"),
        (#"{"question": "Q", "answers": []}"#, "no answers; a question needs 2 to 9", "1:45"),
        (#"{"question": "Q", "answers": ["a", "b"]}"#, #"answer 1: expected an object with "text""#, "1:46"),
        (#"{"question": "Q", "answers": [{"txt": "a"}]}"#, #"answer 1: missing "text" string"#, "1:46"),
        (#"{"question": "Q", "answers": [{"text": "a", "correct": "yes"}, {"text": "b"}]}"#, #"answer 1: "correct" must be true or false"#, "1:71"),
        (#"{"question": "Q", "answers": [{"text": "a", "correct": true}, {"text": " "}]}"#, "answer 2 is empty", "1:87"),
        (#"{"question": "Q", "answers": [{"text": "Same", "correct": true}, {"text": "same"}]}"#, "answers 1 and 2 are the same", "1:90"),
        (#"{"question": "Q", "category": 3, "answers": [{"text": "a", "correct": true}, {"text": "b"}]}"#, #""category" must be a string"#, "1:46"),
        (#"{"question": "Q", "category": "", "answers": [{"text": "a", "correct": true}, {"text": "b"}]}"#, #""category" must be 1-40 characters"#, "1:46"),
        (#"{"question": "Q", "timeLimit": "5", "answers": [{"text": "a", "correct": true}, {"text": "b"}]}"#, #""timeLimit" must be a number of seconds"#, "1:47"),
        (#"{"question": "Q", "timeLimit": 0.5, "answers": [{"text": "a", "correct": true}, {"text": "b"}]}"#, #""timeLimit" 0.5 is outside 1-600 seconds"#, "1:47"),
        (#"{"question": "", "answers": [{"text": "a", "correct": true}, {"text": "b"}]}"#, "the question text is empty", "1:29"),
        ("7", "expected an object", "1:16"),
    ])
    func everyRuleNamesTheProblemAndWhereItIs(entry: String, problem: String, at: String) {
        let error = Self.problem(#"{"questions": [\#(entry)]}"#)
        #expect(error?.entry == 1)
        #expect(error?.problem == problem)
        #expect(Bank.at(error) == at)
    }

    @Test func tenAnswersAreTooManyForOneKey() {
        let answers = (1...10).map { #"{"text": "a\#($0)"\#($0 == 1 ? #", "correct": true"# : "")}"# }.joined(separator: ",")
        let error = Self.problem(#"{"questions": [{"question": "Q", "answers": [\#(answers)]}]}"#)
        #expect(error?.problem == "10 answers; at most 9 (players answer with one key, 1-9)")
        #expect(Bank.at(error) == "1:207")  // the tenth answer's text
    }

    @Test func aRepeatedQuestionIsRefused() {
        let entry = #"{"question": "Same?", "answers": [{"text": "a", "correct": true}, {"text": "b"}]}"#
        let error = Self.problem(#"{"questions": [\#(entry), \#(entry.replacingOccurrences(of: "Same?", with: "same?"))]}"#)
        #expect(error?.entry == 2)
        #expect(error?.problem == "the same question as entry 1")
        #expect(Bank.at(error) == "1:112")  // the second "same?"
    }

    @Test func loadingAFileNamesItInErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trivia-bank-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.json")
        try Data(#"{"questions": [{"question": "Q", "answers": [{"text": "a", "correct": true}, {"text": "b"}]}]}"#.utf8).write(to: good)
        #expect(try QuestionBank.load(path: good.path).questions.count == 1)

        let missing = directory.appendingPathComponent("missing.json").path
        #expect(throws: QuestionBankError.self) { try QuestionBank.load(path: missing) }
        do {
            _ = try QuestionBank.load(path: missing)
        } catch {
            #expect(error.source == missing)
            #expect(error.problem.hasPrefix("cannot read the file"))
        }
    }

    @Test func banksBuiltInCodeAreValidatedToo() {
        #expect(throws: QuestionBankError.self) {
            try QuestionBank(questions: [TriviaQuestion(text: "Q", answers: ["a", "b"], correctIndex: 2)], source: "code")
        }
        #expect(throws: QuestionBankError.self) { try QuestionBank(questions: [], source: "code") }
    }
}
