import GameRuntime
import Vocabulary

/// A player's (or a watcher's) terminal during Punchline, beside what ``PlayerTerminal`` prints:
/// the prompt (type an answer and Enter), the ballot (type a letter and Enter), the results and
/// the scores. Reads whole lines.
public struct PunchlinePlayerScreen: GamePlayerScreen {
    public typealias Model = PunchlinePlayerState

    public let writer: ScreenWriter
    public let instructions: [PlayerControl: String]
    private let countdown: Countdown

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) {
        self.writer = writer
        self.countdown = Countdown(writer: writer)
        instructions = [
            .bot: "punchline: playing as a bot",
            .keys: "punchline: type your answer and Enter when a prompt comes; then the letter of the best answer and Enter; /quit leaves",
            .lines: "punchline: type your answer and Enter when a prompt comes; then the letter of the best answer and Enter; /quit leaves",
        ]
    }

    public var inputMode: KeyInput.Mode { .text }

    public func show(_ message: PunchlineServerMessage, player: PunchlinePlayer) {
        let model = player.model
        switch message {
        case .lobby(let status):
            writer.line(PunchlineText.lobby(status))
            countdown.lobby(status)
        case .prompt(let asked):
            countdown.stop()
            let writing = asked.writers.contains(player.me.id)
            writer.lines([PunchlineText.prompt(asked), writing ? "type your answer and Enter" : "watching: you vote when the answers are up"])
        case .written(let progress):
            writer.line(PunchlineText.written(progress, of: model.prompt?.writers.count))
        case .ballot(let ballot):
            writer.lines(PunchlineText.ballot(ballot) + ["type the letter of the best answer and Enter"])
        case .yours(let yours):
            writer.line("yours: \(yours.letter)")
        case .accepted(let accepted):
            writer.line(accepted.what == "answer" ? "answer in (you may change it until the time is up)" : "vote: \(accepted.letter ?? "?")")
        case .refused(let refused):
            writer.line(PunchlineText.refused(refused))
        case .reveal(let reveal):
            writer.lines(PunchlineText.reveal(reveal))
        case .gameOver(let final):
            writer.lines(PunchlineText.gameOver(final))
        case .pause(let status):
            writer.line(status.line)
        }
    }

    public func handle(_ key: KeyInput.Key, player: PunchlinePlayer) {
        guard case .other(let line) = key else { return }
        let text = line.trimmingWhitespaceAndNewlines()
        guard !text.isEmpty else { return }
        if player.model.ballot != nil {
            player.vote(text)
        } else if player.model.prompt != nil {
            player.write(text)
        }
    }

    public func stop() { countdown.stop() }
}
