import FoundationEssentials
import Matchmaking
import Synchronization
import Trivia

/// The host's terminal during trivia (a TV for the room): the lobby, each question with its
/// answers and countdown, who answered, each result with the standings, and the winners.
final class TriviaHostScreen: Sendable {
    private let writer = ScreenWriter()
    private let countdown: Countdown
    private let capacity: Int
    private let names = Mutex<[PeerID: String]>([:])

    init(capacity: Int) {
        self.capacity = capacity
        self.countdown = Countdown(writer: writer)
    }

    /// The first lines: the game and how it starts.
    func announce(bank: QuestionBank, settings: TriviaSettings, rule: TriviaTable.StartRule) {
        let rounds = min(settings.rounds ?? bank.questions.count, bank.questions.count)
        let start: String
        switch rule {
        case .whenFull: start = "a game starts when \(capacity) players are here"
        case .after(let delay): start = "a game starts \(cFormat("%g", Double(delay) / 1_000_000)) s after the first player arrives"
        }
        writer.lines([
            "trivia: \(settings.mode.rawValue) mode, \(rounds) of \(bank.questions.count) questions (\(bank.source)); \(start)",
            "lobby: 0/\(capacity) players, waiting for players",
        ])
    }

    /// Shows one event of the ``TriviaHost``.
    func show(_ event: TriviaHostEvent) {
        switch event {
        case .joined(let peer, let players):
            names.withLock { $0[peer.id] = peer.name }
            writer.line("joined: \(peer.name) (id \(peer.id)) [\(players)/\(capacity)]")
        case .left(let peer, let reason, let players):
            names.withLock { $0[peer.id] = nil }  // a host runs for months: keep only who is here
            writer.line("left: \(peer.name) (id \(peer.id)) \(reason.rawValue) [\(players)/\(capacity)]")
        case .chat(let from, let text):
            writer.line("chat \(name(of: from)): \(text)")
        case .sendFailed(let reason):
            writer.line("error: a message could not be sent (\(reason))")
        case .sent(let message, let recipients):
            show(message, to: recipients)
        }
    }

    private func show(_ message: TriviaServerMessage, to recipients: [PeerID]) {
        switch message {
        case .lobby(let status):
            writer.line(TriviaText.lobby(status))
        case .game(let info):
            if info.firstQuestion == 1 {
                let players = info.scoreboard.map(\.name).joined(separator: ", ")
                writer.line(TriviaText.game(info) + ", players: " + players)
            } else {
                writer.line("late joiner: \(recipients.map(name(of:)).joined(separator: ", ")) plays from question \(info.firstQuestion)")
            }
        case .question(let asked):
            writer.lines(TriviaText.question(asked))
            countdown.start(until: asked.deadline)
        case .accepted(let accepted):
            let who = recipients.map(name(of:)).joined(separator: ", ")
            writer.line(accepted.final ? "answered: \(who)" : "answered: \(who) (may change until the deadline)")
        case .rejected(let rejected):
            writer.line("refused: \(recipients.map(name(of:)).joined(separator: ", ")) (\(rejected.reason.rawValue))")
        case .result(let result):
            countdown.stop()
            writer.lines(TriviaText.result(result))
        case .gameOver(let final):
            countdown.stop()
            writer.lines(TriviaText.gameOver(final) + ["lobby: back in the lobby, waiting for players"])
        }
    }

    private func name(of id: PeerID) -> String { names.withLock { $0[id] } ?? "#\(id)" }
}
