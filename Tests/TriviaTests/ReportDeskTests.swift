import FoundationEssentials
import GameRuntime
import Glibc
import QuizLibrary
import Testing
import Vocabulary

@testable import Trivia

/// The last games' reports kept on the shelf (STATE/reports) and the host page's requests for
/// them: the list (when, which quiz, how many, who won), one game's summary, its CSV.
@Suite struct ReportDeskTests {
    static func report() throws -> GameReport {
        let (_, end) = ReportTests().played()
        return try #require(ReportTests.report(end))
    }

    static func keep(_ report: GameReport, on desk: QuizDesk, at date: Date = Date()) throws -> ReportShelf.Entry {
        try desk.reports.put(json: Array(try JSONEncoder().encode(report)), csv: report.csv(), at: date)
    }

    @Test func theShelfKeepsTheLastGamesOnlyAndKnowsWhenEachWasPlayed() throws {
        let folder = "/tmp/reports-\(UInt64.random(in: 0...UInt64.max))"
        let shelf = ReportShelf(folder: folder, keep: 3)
        var ids: [String] = []
        for n in 0..<5 {
            ids.append(try shelf.put(json: Array("{\"n\":\(n)}".utf8), csv: Array("n\r\n\(n)\r\n".utf8), at: Date(timeIntervalSince1970: 1_800_000_000 + Double(n))).id)
        }
        #expect(shelf.list().map(\.id) == Array(ids.suffix(3).reversed()))
        #expect(ids[4].hasPrefix("20270115-080004-"), "\(ids[4])")
        #expect(shelf.list().first?.written == Date(timeIntervalSince1970: 1_800_000_004))
        #expect(ReportShelf.date(ofID: "x") == nil && ReportShelf.date(ofID: "20271315-080004-k") == nil)
        #expect(shelf.read(ids[4], csv: true) == Array("n\r\n4\r\n".utf8))
        #expect(shelf.read(ids[0], csv: false) == nil, "the oldest went")
        #expect(shelf.read("../../etc/passwd", csv: true) == nil)
    }

    @Test func theListSaysWhenWhichQuizHowManyAndWhoWon() throws {
        let (desk, _) = try QuizDeskTests.desk()
        var report = try Self.report()
        report.title = "Pub quiz"
        let entry = try Self.keep(report, on: desk, at: Date(timeIntervalSince1970: 1_800_000_000))
        let (status, body) = QuizDeskTests.call(desk, "GET", "reports")
        #expect(status == 200)
        guard case .array(let lines)? = QuizDeskTests.object(body)["reports"], case .object(let line)? = lines.first else {
            Issue.record("no list: \(body)")
            return
        }
        #expect(line["id"] == .string(entry.id) && line["played"] == .string("2027-01-15T08:00:00Z"))
        guard case .object(let summary)? = line["summary"] else { Issue.record("no summary: \(body)"); return }
        #expect(summary["title"] == .string("Pub quiz") && summary["players"] == .integer(2) && summary["questions"] == .integer(2))
        #expect(summary["winners"] == .array([.string("Ann")]))
        #expect(summary["fastest"] == .string("Bob, question 2, 0.5 s"))
    }

    @Test func aGamesSummaryHasTheRanksEachQuestionsShareAndSpreadTheHardestAndTheFastest() throws {
        let (desk, _) = try QuizDeskTests.desk()
        let entry = try Self.keep(try Self.report(), on: desk)
        let (status, body) = QuizDeskTests.call(desk, "GET", "reports/\(entry.id)")
        #expect(status == 200, "\(body)")
        let detail = QuizDeskTests.object(body)
        #expect(detail["id"] == .string(entry.id) && detail["mode"] == .string("timed"))
        #expect(detail["players"] == .array([
            .object(["id": .integer(1), "name": .string("Ann"), "points": .integer(2), "rank": .integer(1)]),
            .object(["id": .integer(2), "name": .string("Bob"), "points": .integer(1), "rank": .integer(2)]),
        ]))
        guard case .array(let questions)? = detail["questions"], case .object(let first)? = questions.first else { Issue.record("\(body)"); return }
        #expect(first["number"] == .integer(1) && first["text"] == .string("Q1") && first["correct"] == .array([.integer(2)]))
        #expect(first["right"] == .integer(1) && first["of"] == .integer(2) && first["percent"] == .integer(50))
        #expect(first["spread"] == .array([.integer(1), .integer(0), .integer(1), .integer(0)]))
        #expect(detail["hardest"] == .object(["number": .integer(1), "text": .string("Q1"), "right": .integer(1), "of": .integer(2)]))
        #expect(detail["fastest"] == .object(["name": .string("Bob"), "question": .integer(2), "text": .string("Q2"), "ms": .integer(500)]))
    }

    @Test func theCSVDownloadsUnderTheQuizsNameAndAMissingReportIsSaidSo() throws {
        let (desk, folder) = try QuizDeskTests.desk()
        var report = try Self.report()
        report.title = "Pub quiz"
        let entry = try Self.keep(report, on: desk)
        let csv = desk.answer(DeskRequest(method: "GET", path: ["reports", entry.id, "report.csv"]))
        #expect(csv.status == 200 && csv.body == report.csv() && csv.contentType == "text/csv; charset=utf-8")
        #expect(csv.headers["Content-Disposition"] == "attachment; filename=\"Pub quiz report \(entry.id).csv\"; filename*=UTF-8''Pub%20quiz%20report%20\(entry.id).csv")
        let (missing, said) = QuizDeskTests.call(desk, "GET", "reports/20200101-000000-x/report.csv")
        #expect(missing == 404 && QuizDeskTests.object(said)["error"] == .string("No such report: it may be older than the last 100 games."))
        #expect(QuizDeskTests.call(desk, "GET", "reports/nope").0 == 404)
        #expect(QuizDeskTests.call(desk, "GET", "reports/..%2Fx").0 == 404)
        #expect(QuizDeskTests.call(desk, "DELETE", "reports/\(entry.id)").0 == 404, "reports are not deleted from the page")

        // A report whose JSON was damaged: left out of the list, its summary refused, its CSV still there.
        let damaged = try Self.keep(report, on: desk)
        let path = ReportShelf.folder(inStateDirectory: folder) + "/" + damaged.id + ".json"
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        let (_, list) = QuizDeskTests.call(desk, "GET", "reports")
        #expect(!list.contains(damaged.id) && list.contains(entry.id))
        let (unreadable, sentence) = QuizDeskTests.call(desk, "GET", "reports/\(damaged.id)")
        #expect(unreadable == 500 && sentence.contains("cannot be read"), "\(sentence)")
        #expect(QuizDeskTests.call(desk, "GET", "reports/\(damaged.id)/report.csv").0 == 200)
    }

    @Test func theHostPageLoadsThePastGamesToolFromTheDesk() throws {
        let (desk, _) = try QuizDeskTests.desk()
        let served = try #require(desk.file(at: ["reports.mjs"]))
        #expect(served.status == 200 && served.contentType == "text/javascript; charset=utf-8" && served.body == TriviaPage.reports)
        #expect(String(decoding: TriviaPage.watcherScript, as: UTF8.self).contains("/games/trivia/files/reports.mjs"))  // its hostTools
        #expect(String(decoding: TriviaPage.reports, as: UTF8.self).contains("export function mount("))
    }
}
