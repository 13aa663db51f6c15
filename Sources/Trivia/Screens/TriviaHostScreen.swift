import FoundationEssentials
import GameRuntime
import QuizLibrary
import Vocabulary
import Synchronization

/// The host's terminal during trivia (a TV for the room), beside what ``HostTerminal`` prints:
/// the game and how it starts, the lobby, each question with its answers and countdown, who
/// answered, each result with the standings, and the winners. In buzzer mode: who buzzed first,
/// the correct answer to mark it by (the host's eyes only: the TV page never gets it), the
/// marks, the buzzers reopening.
public final class TriviaHostScreen: GameHostScreen {
    public typealias Table = TriviaTable

    public let writer: ScreenWriter
    private let countdown: Countdown
    private let marking = Mutex(false)
    /// Where each game's report is kept (nil: none is).
    private let reports: ReportShelf?

    /// A screen writing through `writer`, keeping each game's report on `reports`.
    public init(writer: ScreenWriter = .standard, reports: ReportShelf? = nil) {
        self.writer = writer
        self.countdown = Countdown(writer: writer)
        self.reports = reports
    }

    /// The first lines: the game and how it starts (then, with a scheduled start, the
    /// lobby's countdown from the table's ``TriviaTable/opened(at:)``).
    public func announce(_ table: TriviaTable) {
        let count = table.bank.questions.count
        let rounds = min(table.settings.rounds ?? count, count)
        let teams = table.settings.teams.map { "; teams \($0.names.joined(separator: ", ")) (\($0.placement.rawValue))" } ?? ""
        writer.lines([
            "trivia: \(table.settings.mode.rawValue) mode, \(rounds) of \(count) questions (\(table.bank.source))\(teams); \(LobbyText.start(table.lobby))"
        ] + LobbyText.empty(table.lobby))
    }

    /// Whether a buzzer answer awaits the host's mark (the footer shows the marking keys).
    public var wantsGameKeys: Bool { marking.withLock { $0 } }

    /// The correct answer for the host to mark the buzzer winner's answer by.
    public func show(note: TriviaNote) {
        switch note {
        case .awaitingMark(let awaiting):
            marking.withLock { $0 = true }
            writer.line(TriviaText.awaitingMark(awaiting))
        case .report(let report):
            guard let reports else { return }
            do {
                let json = try JSONEncoder().encode(report)
                let entry = try reports.put(json: Array(json), csv: report.csv())
                writer.line("report: \(entry.csvPath)")
            } catch {
                writer.line("report not kept: \(error)")
            }
        case .nextQuiz(let chosen):
            let teams = chosen.teams.map { ", teams \($0.joined(separator: ", ")) (\(chosen.teamPlacement?.rawValue ?? TeamPlacement.choose.rawValue))" } ?? ""
            writer.line("next game: \(chosen.title), \(chosen.questions) \(chosen.questions == 1 ? "question" : "questions"), \(chosen.mode.rawValue)\(teams)")
        }
    }

    public func show(_ message: TriviaServerMessage, to recipients: [PeerID], roster: Roster) {
        let names = recipients.map(roster.name(of:)).joined(separator: ", ")
        switch message {
        case .marked, .buzzersOpen, .result, .gameOver, .lobby, .game: marking.withLock { $0 = false }
        default: break
        }
        switch message {
        case .lobby(let lobby):
            writer.line(TriviaText.lobby(lobby.status))
            if let teams = lobby.teams { writer.line(TriviaText.teams(teams, choosing: lobby.choosing, stillChoosing: lobby.stillChoosing)) }
            countdown.lobby(lobby.status)
        case .game(let info):
            if info.startsTheGame {
                countdown.stop()
                writer.line(TriviaText.game(info) + ", players: " + TriviaText.listed(info.scoreboard.map(\.name), of: info.players ?? info.scoreboard.count))
                if let teams = info.teams { writer.line(TriviaText.teams(teams, choosing: nil)) }
            } else if info.firstQuestion > info.questions {
                writer.line("\(info.resumed == true ? "back" : "late joiner"): \(names), after the last question (the standings follow)")
            } else if info.resumed == true {
                writer.line("back: \(names) plays on from question \(info.firstQuestion)")
            } else {
                writer.line("late joiner: \(names) plays from question \(info.firstQuestion)")
            }
        case .question(let asked):
            writer.lines(TriviaText.question(asked))
            countdown.start(until: asked.deadline)
        case .accepted(let accepted):
            writer.line(accepted.final ? "answered: \(names)" : "answered: \(names) (may change until the deadline)")
        case .rejected(let rejected):
            writer.line("refused: \(names) (\(rejected.reason.rawValue))")
        case .result(let result):
            countdown.stop()
            writer.lines(TriviaText.result(result, name: roster.name(of:)))
        case .gameOver(let final):
            countdown.stop()
            writer.lines(TriviaText.gameOver(final) + [LobbyText.backInLobby])
        case .pause(let status):
            if status.paused { countdown.stop() }
            writer.line(status.line)
            if let deadline = status.deadline { countdown.start(until: deadline) }
        case .buzzed(let won):
            countdown.stop()
            writer.line(TriviaText.buzzed(won))
        case .marked(let marked):
            writer.line(TriviaText.marked(marked))
        case .buzzersOpen(let open):
            writer.line(TriviaText.buzzersOpen(open, names: open.lockedOut.map(roster.name(of:))))
            countdown.start(until: open.deadline)
        case .standing, .yourTeam:
            break  // a player's own place: its screen says it with the result
        }
    }
}
