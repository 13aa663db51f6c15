import GameRuntime
import Synchronization
import Vocabulary

/// The host's terminal during Punchline (a TV for the room), beside what ``HostTerminal`` prints:
/// each prompt, who has written, each answer with its author as it comes (the host's eyes only:
/// `hide ID` keeps it from the room), the ballot, the results and the winner.
public final class PunchlineHostScreen: GameHostScreen {
    public typealias Table = PunchlineTable

    public let writer: ScreenWriter
    private let countdown: Countdown
    private let writers = Mutex(0)

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) {
        self.writer = writer
        self.countdown = Countdown(writer: writer)
    }

    /// How games start, the rounds and the most writers.
    public func announce(_ table: PunchlineTable) {
        let settings = table.rules.settings
        writer.lines(["punchline: \(LobbyText.start(table.lobby)); \(settings.rounds) rounds, up to \(settings.maxWriters) write"] + LobbyText.empty(table.lobby))
    }

    public func show(_ message: PunchlineServerMessage, to recipients: [PeerID], roster: Roster) {
        switch message {
        case .lobby(let status):
            writer.line(PunchlineText.lobby(status))
            countdown.lobby(status)
        case .prompt(let asked):
            countdown.stop()
            writers.withLock { $0 = asked.writers.count }
            writer.line(PunchlineText.prompt(asked))
        case .written(let progress):
            writer.line(PunchlineText.written(progress, of: writers.withLock { $0 }))
        case .ballot(let ballot):
            writer.lines(PunchlineText.ballot(ballot))
        case .reveal(let reveal):
            writer.lines(PunchlineText.reveal(reveal))
        case .gameOver(let final):
            writer.lines(PunchlineText.gameOver(final) + [LobbyText.backInLobby])
        case .pause(let status):
            writer.line(status.line)
        case .refused(let refused):
            writer.line("refused: \(recipients.map(\.description).joined(separator: ",")) \(refused.reason.rawValue)")
        case .yours, .accepted:
            break
        }
    }

    /// An answer and its author, for the host alone (`hide ID` keeps it from the room).
    public func show(note: PunchlineNote) {
        switch note {
        case .answer(_, let author, let name, let text):
            writer.line("answer from \(name) (id \(author)): \(text)   [hide \(author)]")
        }
    }
}
