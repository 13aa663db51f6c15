import GameRuntime
import Matchmaking

/// The host's terminal during trivia (a TV for the room), beside what ``HostTerminal`` prints:
/// the game and how it starts, the lobby, each question with its answers and countdown, who
/// answered, each result with the standings, and the winners.
public final class TriviaHostScreen: GameHostScreen {
    public typealias Table = TriviaTable

    public let writer: ScreenWriter
    private let countdown: Countdown

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) {
        self.writer = writer
        self.countdown = Countdown(writer: writer)
    }

    /// The first lines: the game and how it starts (then, with a scheduled start, the
    /// lobby's countdown from the table's ``TriviaTable/opened(at:)``).
    public func announce(_ table: TriviaTable) {
        let count = table.bank.questions.count
        let rounds = min(table.settings.rounds ?? count, count)
        writer.lines([
            "trivia: \(table.settings.mode.rawValue) mode, \(rounds) of \(count) questions (\(table.bank.source)); \(LobbyText.start(table.lobby))"
        ] + LobbyText.empty(table.lobby))
    }

    public func show(_ message: TriviaServerMessage, to recipients: [PeerID], roster: Roster) {
        let names = recipients.map(roster.name(of:)).joined(separator: ", ")
        switch message {
        case .lobby(let status):
            writer.line(TriviaText.lobby(status))
            countdown.lobby(status)
        case .game(let info):
            if info.firstQuestion == 1 {
                countdown.stop()
                writer.line(TriviaText.game(info) + ", players: " + info.scoreboard.map(\.name).joined(separator: ", "))
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
            writer.lines(TriviaText.result(result))
        case .gameOver(let final):
            countdown.stop()
            writer.lines(TriviaText.gameOver(final) + [LobbyText.backInLobby])
        case .pause(let status):
            if status.paused { countdown.stop() }
            writer.line(status.line)
            if let deadline = status.deadline { countdown.start(until: deadline) }
        }
    }
}
