import FoundationEssentials
import GameRuntime
import Matchmaking
import Testing

@testable import Trivia

/// The next game's quiz chosen on the host page (`nextQuiz`): the plan as a command and back,
/// the table taking it between games, refusing it during one, and the bank written as JSON.
@Suite struct NextQuizTests {
    let ann = Fixture.ann, bob = Fixture.bob

    static let pub = try! QuestionBank(
        questions: [
            TriviaQuestion(text: "First?", answers: ["one", "two", "three"], correct: [0, 2], category: "Pub", timeLimit: 12, points: .double),
            TriviaQuestion(text: "Second?", answers: ["yes", "no"], correctIndex: 1, points: .none),
            TriviaQuestion(text: "Third?", answers: ["a", "b"], correctIndex: 0),
        ], source: "pub")

    static var plan: NextQuiz {
        var settings = TriviaSettings()
        settings.mode = .timed
        settings.rounds = 2
        settings.questionTime = 15_000_000
        settings.resultTime = 2_500_000
        settings.shuffleQuestions = false
        settings.shuffleAnswers = false
        return NextQuiz(title: "Pub quiz", bank: pub, settings: settings)
    }

    @Test func theBankWrittenAsJSONReadsBackTheSame() throws {
        let again = try QuestionBank.parse(try Self.pub.json(), source: "again.json")
        #expect(again.questions == Self.pub.questions)
        let text = String(decoding: try Self.pub.json(), as: UTF8.self)
        #expect(text.contains(#""points":"double""#) && !text.contains(#""points":"standard""#))
    }

    @Test func aPlanTravelsAsACommandAndBackWhole() throws {
        let command = try Self.plan.command()
        #expect(command.name == "nextQuiz")
        #expect(GameCommand.text(command.arguments["quiz"]!) == "…", "the questions are never written into a log line")
        let back = try NextQuiz(command)
        #expect(back.title == Self.plan.title && back.settings == Self.plan.settings)
        #expect(back.bank.questions == Self.plan.bank.questions && back.bank.source == "Pub quiz.json")
    }

    @Test(arguments: [
        ("title", JSONValue.integer(3), "title: the quiz's title, a string"),
        ("mode", .string("fast"), "mode: first, timed or buzzer"),
        ("rounds", .integer(-1), "rounds: a whole number, 0 for every question"),
        ("questionTime", .number(0.1), "questionTime: 0.1 s is outside 0.5-600.0 s"),
        ("shuffleAnswers", .string("yes"), "shuffleAnswers: true or false"),
        ("quiz", .object(["questions": .array([])]), "quiz: Pub quiz.json:1:14: the bank has no questions"),
    ])
    func aPlanThatIsNotOneSaysWhatIsWrong(_ key: String, _ value: JSONValue, _ sentence: String) throws {
        var command = try Self.plan.command()
        command.arguments[key] = value
        #expect(throws: SetupError(sentence)) { try NextQuiz(command) }
    }

    @Test func theTableTakesItBetweenGamesAndTheNextGamePlaysIt() throws {
        var table = TriviaTable(bank: TriviaTableTests.bank, settings: Game.settings(.first), startRule: .whenFull, capacity: 2, rng: SplitMix64(seed: 3))
        let chosen = table.command(.game(try Self.plan.command()), at: GameMoment(now: 0))
        #expect(chosen.first == .note(.nextQuiz(NextQuizChosen(title: "Pub quiz", questions: 2, mode: .timed))))
        #expect(chosen.dropFirst() == [.announce(.lobby(LobbyStatus(players: 0, capacity: 2, startRule: "whenFull", startsInMs: nil)), to: [])],
            "the lobby is told again: what it says may have changed (the teams)")
        #expect(table.rules.title == "Pub quiz")
        _ = table.joined(ann, at: GameMoment(now: 1))
        let started = table.joined(bob, at: GameMoment(now: 2))
        guard case .announce(.question(let asked), _)? = started.last else {
            Issue.record("expected the first question: \(started)")
            return
        }
        #expect(asked.text == "First?" && asked.answers == ["one", "two", "three"], "in the quiz's order: shuffling is off")
        #expect(asked.mode == .timed && asked.of == 2 && asked.durationMs == 15_000 && asked.points == .double)

        // During the game another plan waits for its end.
        let during = table.command(.game(try Self.plan.command()), at: GameMoment(now: 3))
        #expect(during == [.refused(CommandRefusal(.game(try Self.plan.command()), .gameUnderWay))])
    }

    @Test func aBrokenPlanChangesNothing() throws {
        var table = TriviaTable(bank: TriviaTableTests.bank, settings: Game.settings(.first), startRule: .whenFull, capacity: 2, rng: SplitMix64(seed: 3))
        var command = try Self.plan.command()
        command.arguments["mode"] = .string("fast")
        guard case .refused(let refusal)? = table.command(.game(command), at: GameMoment(now: 0)).first else {
            Issue.record("not refused")
            return
        }
        #expect(refusal.reason == .badArgument("mode: first, timed or buzzer"))
        #expect(table.rules.bank == TriviaTableTests.bank && table.rules.title == nil)
    }
}

/// A quiz downloaded as CSV reads back the same: several correct answers, times and points too.
@Suite struct CSVExportTests {
    @Test func aBankWrittenAsCSVReadsBackTheSame() throws {
        let bank = try QuestionBank(
            questions: NextQuizTests.pub.questions + [
                TriviaQuestion(text: #"Quotes "and", commas"#, answers: ["line\nbreak", "b"], correctIndex: 1, category: "Odd, one", timeLimit: 2.5)
            ], source: "pub")
        let csv = bank.csv()
        #expect(csv.starts(with: [0xEF, 0xBB, 0xBF]), "Excel reads UTF-8 by its byte-order mark")
        let back = try QuestionBank.parse(Data(csv), source: "back.csv")
        #expect(back.questions.map(\.text) == bank.questions.map(\.text))
        for (read, written) in zip(back.questions, bank.questions) {
            #expect(Set(read.correctAnswers) == Set(written.correctAnswers), "\(written.text)")
            #expect(Set(read.answers) == Set(written.answers))
            #expect(read.category == written.category && read.timeLimit == written.timeLimit && read.points == written.points)
        }
        #expect(String(decoding: csv.dropFirst(3), as: UTF8.self).hasPrefix("question,correct,correct,wrong,category,time limit,points\r\n"))
    }

    @Test func aCSVsTimeAndPointsColumnsAreChecked() {
        let time = #expect(throws: QuestionBankError.self) { try QuestionBank.parse(Data("question,correct,wrong,time limit\nQ?,a,b,soon\n".utf8), source: "q.csv") }
        #expect(time?.description == #"q.csv:2:8: the time limit "soon" is not a number of seconds"#)
        let points = #expect(throws: QuestionBankError.self) { try QuestionBank.parse(Data("question,correct,wrong,points\nQ?,a,b,triple\n".utf8), source: "q.csv") }
        #expect(points?.description == #"q.csv:2:8: points "triple": standard, double or none"#)
    }
}
