import FoundationEssentials
import GameRuntime
import Glibc
import Logging
import QuizLibrary
import Testing
import Vocabulary

@testable import Trivia

/// Every game's report: each answer with its time, the ranks, the hardest question and the
/// fastest right answer, as a table to take home; the last games kept on a shelf.
@Suite struct ReportTests {
    let ann = Fixture.ann, bob = Fixture.bob
    let ms = Fixture.ms

    func played() -> (TriviaGame, [TriviaGame.Action]) {
        var game = Game.started(.timed, questions: 2, players: [ann, bob])
        _ = game.answer(1, 0, from: bob, at: ms(800))  // wrong
        _ = game.answer(1, 2, from: ann, at: ms(1200))  // right (question 1's answer is 2); everyone answered: the result
        let next = game.tick(now: ms(2200), clocks: [:])  // the result's second is up: question 2
        #expect(next.question?.number == 2)
        _ = game.answer(2, 0, from: bob, at: ms(2700))  // right, in 0.5 s
        let last = game.answer(2, 0, from: ann, at: ms(5200))  // right, in 3 s
        let end = game.tick(now: ms(6200), clocks: [:])
        return (game, last + end)
    }

    @Test func theReportHoldsEveryAnswerItsTimeAndTheRanks() throws {
        let (_, end) = played()
        guard let report = end.notes.compactMap({ if case .report(let report) = $0 { report } else { nil } }).first else {
            Issue.record("no report in \(end)")
            return
        }
        #expect(report.players.map(\.name) == ["Ann", "Bob"] && report.players.map(\.rank) == [1, 2] && report.players.map(\.points) == [2, 1])
        #expect(report.questions.count == 2)
        let first = report.questions[0]
        #expect(first.given.map(\.choice) == [2, 0] && first.given.map(\.right) == [true, false] && first.given.map(\.ms) == [1200, 800])
        #expect(first.rightShare == (1, 2) || (first.rightShare.right == 1 && first.rightShare.of == 2))
        #expect(first.spread == [1, 0, 1, 0])
        #expect(report.hardest?.number == 1)
        #expect(report.fastest?.player.name == "Bob" && report.fastest?.question.number == 2 && report.fastest?.ms == 500)
        guard case .gameOver(let final)? = end.announced.map(\.message).first(where: { if case .gameOver = $0 { true } else { false } }) else {
            Issue.record("no game over")
            return
        }
        #expect(final.hardest == HardestQuestion(number: 1, text: "Q1", right: 1, of: 2), "the TV shows it")
        let summary = ReportSummary(report)
        #expect(summary.fastest == "Bob, question 2, 0.5 s")
    }

    /// The CSV's lines (after its byte-order mark, split at CR LF).
    static func lines(_ csv: [UInt8]) -> [String] {
        String(decoding: csv.dropFirst(3), as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func report(_ end: [TriviaGame.Action]) -> GameReport? {
        end.notes.compactMap { if case .report(let report) = $0 { report } else { nil } }.first
    }

    @Test func theTableToTakeHomeHasARowPerPlayerThenARowPerQuestion() throws {
        let (_, end) = played()
        let report = try #require(Self.report(end))
        let csv = report.csv()
        #expect(csv.starts(with: [0xEF, 0xBB, 0xBF]), "a byte-order mark: Excel reads it as UTF-8")
        #expect(csv.indices.filter { csv[$0] == 0x0A }.allSatisfy { $0 > 0 && csv[$0 - 1] == 0x0D }, "CR LF")
        #expect(Self.lines(csv) == [
            "rank,name,points,right answers,Q1 answer,Q1 right,Q1 ms,Q2 answer,Q2 right,Q2 ms",
            "1,Ann,2,2,C: C,right,1200,A: A,right,3000",
            "2,Bob,1,1,A: A,wrong,800,A: A,right,500",
            "",
            "question,text,right answers,got it right,of,% right,answer A,chose A,answer B,chose B,answer C,chose C,answer D,chose D",
            "1,Q1,C: C,1,2,50,A: A,1,B: B,0,C: C,1,D: D,0",
            "2,Q2,A: A,2,2,100,A: A,2,B: B,0,C: C,0,D: D,0",
            "",
        ])
    }

    @Test func aPlayerWhoDidNotAnswerOrCameLateIsSaidSo() throws {
        var game = Game.started(.timed, questions: 2, players: [ann, bob])
        _ = game.answer(1, 2, from: ann, at: ms(900))  // Bob says nothing: question 1 times out
        #expect(game.tick(now: Fixture.s(11), clocks: [:]).result?.number == 1)  // its 10 s and the collection window are over
        #expect(game.tick(now: Fixture.s(12), clocks: [:]).question?.number == 2)
        _ = game.playerJoined(Fixture.cy)  // Cy plays from question 3: none is left
        _ = game.answer(2, 1, from: bob, at: Fixture.s(13))
        _ = game.answer(2, 0, from: ann, at: Fixture.s(13.25))
        let end = game.tick(now: Fixture.s(14.25), clocks: [:])
        let report = try #require(Self.report(end))
        let rows = Self.lines(report.csv())
        #expect(rows[1] == "1,Ann,2,2,C: C,right,900,A: A,right,1250", "\(rows)")
        #expect(rows[2] == "2,Bob,0,0,,no answer,,B: B,wrong,1000", "\(rows)")
        #expect(rows[3] == "2,Cy,0,0,,not playing,,,not playing,", "\(rows)")
        #expect(rows[6] == "1,Q1,C: C,1,2,50,A: A,0,B: B,0,C: C,1,D: D,0", "Cy could not answer: of 2")
    }

    @Test func textASpreadsheetWouldRunAsAFormulaStaysText() {
        let record = QuestionRecord(
            number: 1, text: "=1+1", answers: ["-5", "+2.5", "@home", "-2+3"], correct: [0],
            players: [ann.id, bob.id], given: [.init(player: ann.id, choice: 3, right: false, ms: 1500)])
        let report = GameReport(
            title: "Maths", mode: .first,
            players: [.init(id: ann.id, name: "=HYPERLINK(\"http://x\",\"me\")", points: 0, rank: 1), .init(id: bob.id, name: "Zoë, \"the\" best", points: 0, rank: 1)],
            questions: [record])
        let rows = Self.lines(report.csv())
        #expect(rows[1] == #"1,"'=HYPERLINK(""http://x"",""me"")",0,0,D: -2+3,wrong,1500"#, "\(rows)")
        #expect(rows[2] == #"1,"Zoë, ""the"" best",0,0,,no answer,"#, "a comma and quotes: quoted")
        #expect(rows[5] == "1,'=1+1,A: -5,0,2,0,A: -5,0,B: +2.5,0,C: @home,0,D: -2+3,1")
        #expect(GameReport.cell("-5") == "-5" && GameReport.cell("+2.5") == "+2.5" && GameReport.cell("3,25") == "3,25", "numbers stay numbers")
        #expect(GameReport.cell("-2+3") == "'-2+3" && GameReport.cell("@bob") == "'@bob" && GameReport.cell("\tx") == "'\tx" && GameReport.cell("-") == "'-")
        #expect(GameReport.cell("Ann") == "Ann" && GameReport.cell("") == "")
    }

    @Test func aBuzzerGamesAnswersWereSaidAloud() throws {
        let record = QuestionRecord(
            number: 1, text: "Capital of France?", answers: ["Paris", "Rome"], correct: [0], players: [ann.id, bob.id],
            given: [.init(player: ann.id, choice: nil, right: true, ms: 0), .init(player: bob.id, choice: nil, right: false, ms: 0)])
        let report = GameReport(
            title: nil, mode: .buzzer, players: [.init(id: ann.id, name: "Ann", points: 1, rank: 1), .init(id: bob.id, name: "Bob", points: 0, rank: 2)],
            questions: [record])
        let rows = Self.lines(report.csv())
        #expect(rows[1] == "1,Ann,1,1,(aloud),right,")
        #expect(rows[2] == "2,Bob,0,0,(aloud),wrong,")
        #expect(rows[5] == "1,Capital of France?,A: Paris,1,2,50,A: Paris,,B: Rome,", "no count of who chose what: nobody chose on a phone")
    }

    @Test func theShareRightIsAWholePercentage() {
        func share(_ right: Int, of: Int) -> Int? {
            let players = (0..<of).map { PeerID(rawValue: UInt32($0 + 1)) }
            let given = players.prefix(right).map { QuestionRecord.Given(player: $0, choice: 0, right: true, ms: 1) }
            return QuestionRecord(number: 1, text: "?", answers: ["a", "b"], correct: [0], players: players, given: Array(given)).percentRight
        }
        #expect([share(1, of: 3), share(2, of: 3), share(1, of: 2), share(0, of: 4), share(4, of: 4), share(0, of: 0)] == [33, 67, 50, 0, 100, nil])
        #expect(QuestionRecord.letter(0) == "A" && QuestionRecord.letter(8) == "I" && QuestionRecord.letter(26) == "#27")
    }

    @Test func aServedBankIsTitledInItsReports() throws {
        #expect(try TriviaOptions.settings(from: GameOptionValues()).quizTitle == "Built-in questions")
        #expect(try TriviaOptions.settings(from: GameOptionValues(["questions": .text("/srv/quizzes/Pub quiz.csv")])).quizTitle == "Pub quiz")
    }
}
