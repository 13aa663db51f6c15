import FoundationEssentials
import GameRuntime
import QuizLibrary
import Vocabulary

/// The last games' reports on the host page's "Past games" (docs/TRIVIA.md, "Results to take
/// home"): the list, one game's summary, its CSV. The reports are the game's (``GameReport``),
/// kept by the host's screen on ``reports``; the desk only reads them.
extension QuizDesk {
    /// `GET reports`, `GET reports/ID`, `GET reports/ID/report.csv` (`path` starts with `reports`).
    func report(_ path: [String]) throws -> DeskResponse {
        switch path.count {
        case 1:
            return try Self.json(["reports": reports.list().compactMap(reportLine)])
        case 2:
            return try Self.json(ReportDetail(id: path[1], try stored(path[1])))
        case 3 where path[2] == "report.csv":
            guard let csv = reports.read(path[1], csv: true) else { throw DeskRefusal(404, "No such report: it may be older than the last \(reports.keep) games.") }
            let title = (try? stored(path[1]))?.title ?? "Trivia"
            return Self.download(csv, type: "text/csv; charset=utf-8", name: "\(title) report \(path[1]).csv")
        default:
            throw DeskRefusal(404, "No such request: GET /host/api/\(path.joined(separator: "/")).")
        }
    }

    /// A kept report; `404` when there is none of that id, `500` when it cannot be read.
    private func stored(_ id: String) throws -> GameReport {
        guard let json = reports.read(id, csv: false) else { throw DeskRefusal(404, "No such report: it may be older than the last \(reports.keep) games.") }
        guard let report = try? JSONDecoder().decode(GameReport.self, from: Data(json)) else {
            throw DeskRefusal(500, "The report \(id) cannot be read (STATE/reports/\(id).json); its CSV may still download.")
        }
        return report
    }

    /// A kept report as the list shows it: its id, when it was played, its summary.
    struct ReportLine: Encodable {
        var id: String
        /// ISO 8601, UTC: `2026-11-27T20:31:12Z`.
        var played: String?
        var summary: ReportSummary
    }

    /// The list's line of `entry`; nil when its report cannot be read (left out of the list).
    func reportLine(_ entry: ReportShelf.Entry) -> ReportLine? {
        guard let json = reports.read(entry.id, csv: false), let report = try? JSONDecoder().decode(GameReport.self, from: Data(json)) else { return nil }
        return ReportLine(id: entry.id, played: entry.written?.formatted(.iso8601), summary: ReportSummary(report))
    }

    /// One game's summary for the page: the ranks, each question with its share right and how
    /// the answers spread, the hardest question and the fastest right answer, as the report
    /// works them out (the page only lays them out).
    struct ReportDetail: Encodable {
        var id: String
        var played: String?
        var title: String?
        var mode: TriviaMode
        var players: [GameReport.Line]
        var questions: [Question]
        var hardest: HardestQuestion?
        var fastest: Fastest?

        /// A question: its answers in the order players saw them, the right ones' indexes, how
        /// many got it right of how many could (`percent`: nil when nobody could), how many
        /// chose each answer.
        struct Question: Encodable {
            var number: Int
            var text: String
            var answers: [String]
            var correct: [Int]
            var right: Int
            var of: Int
            var percent: Int?
            var spread: [Int]
        }

        /// The quickest right answer: who, to which question, in milliseconds.
        struct Fastest: Encodable {
            var name: String
            var question: Int
            var text: String
            var ms: Int64
        }

        init(id: String, _ report: GameReport) {
            self.id = id
            played = ReportShelf.date(ofID: id)?.formatted(.iso8601)
            title = report.title
            mode = report.mode
            players = report.players
            questions = report.questions.map { question in
                let share = question.rightShare
                return Question(
                    number: question.number, text: question.text, answers: question.answers, correct: question.correct,
                    right: share.right, of: share.of, percent: question.percentRight, spread: question.spread)
            }
            hardest = report.hardest.map { HardestQuestion($0) }
            fastest = report.fastest.map { Fastest(name: $0.player.name, question: $0.question.number, text: $0.question.text, ms: $0.ms) }
        }
    }
}
