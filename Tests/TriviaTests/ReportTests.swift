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

    @Test func theTableToTakeHomeHasARowPerPlayerAndPerQuestion() throws {
        let (_, end) = played()
        guard case .report(let report)? = end.notes.last else { Issue.record("no report"); return }
        let csv = report.csv()
        #expect(csv.starts(with: [0xEF, 0xBB, 0xBF]))
        let rows = String(decoding: csv.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(rows[0] == "rank,name,points,Q1 answer,Q1 right,Q1 seconds,Q2 answer,Q2 right,Q2 seconds")
        #expect(rows[1] == "1,Ann,2,C,right,1.2,A,right,3.0")
        #expect(rows[2] == "2,Bob,1,A,wrong,0.8,A,right,0.5")
        #expect(rows[4].hasPrefix("question,text,right answers,got it right,of,chose answer 1"))
        #expect(rows[5] == "1,Q1,C,1,2,1,0,1,0")
    }

    @Test func theShelfKeepsTheLastGamesOnly() throws {
        let folder = "/tmp/reports-\(UInt64.random(in: 0...UInt64.max))"
        let shelf = ReportShelf(folder: folder, keep: 3)
        var ids: [String] = []
        for n in 0..<5 {
            ids.append(try shelf.put(json: Array("{\"n\":\(n)}".utf8), csv: Array("n\r\n\(n)\r\n".utf8), at: Date(timeIntervalSince1970: 1_800_000_000 + Double(n))).id)
        }
        #expect(shelf.list().map(\.id) == Array(ids.suffix(3).reversed()))
        #expect(shelf.read(ids[4], csv: true) == Array("n\r\n4\r\n".utf8))
        #expect(shelf.read(ids[0], csv: false) == nil, "the oldest went")
        #expect(shelf.read("../../etc/passwd", csv: true) == nil)
    }

    @Test func theHostPageListsReportsAndDownloadsOne() throws {
        let (desk, _) = try QuizDeskTests.desk()
        let (_, end) = played()
        guard case .report(let report)? = end.notes.last else { Issue.record("no report"); return }
        let entry = try desk.reports.put(json: Array(try JSONEncoder().encode(report)), csv: report.csv())
        let (status, list) = QuizDeskTests.call(desk, "GET", "reports")
        #expect(status == 200 && list.contains(#""id":"\#(entry.id)""#) && list.contains(#""fastest":"Bob, question 2, 0.5 s""#), "\(list)")
        let csv = desk.answer(DeskRequest(method: "GET", path: ["reports", entry.id, "report.csv"]))
        #expect(csv.status == 200 && csv.body == report.csv())
        #expect(QuizDeskTests.call(desk, "GET", "reports/nope/report.csv").0 == 404)
    }
}
