import GameRuntime
import Vocabulary

/// A player's terminal during Snap!, beside what ``PlayerTerminal`` prints: every event and the
/// table (each player's top face-up card and card count, whose turn it is), refusals, and at
/// game over the result. A person flips with `f` or space and snaps with `s`.
public struct SnapPlayerScreen: GamePlayerScreen {
    public typealias Model = SnapPlayerState

    public let writer: ScreenWriter
    public let instructions: [PlayerControl: String]
    /// The bot's reaction time in milliseconds when a bot plays (the first line says it).
    private let botReactionMs: Double?
    private let countdown: Countdown

    /// A screen writing through `writer`; `botReactionMs` when a bot plays.
    public init(writer: ScreenWriter = .standard, botReactionMs: Double? = nil) {
        self.writer = writer
        self.botReactionMs = botReactionMs
        self.countdown = Countdown(writer: writer)
        instructions = [
            .bot: "snap: playing as a bot (reaction \(Int(botReactionMs ?? 0)) ms)", .keys: "snap: f or space flips, s snaps, q leaves",
            .lines: "snap: type f and Enter to flip, s and Enter to snap, /quit to leave",
        ]
    }

    public func show(_ message: SnapServerMessage, player: SnapPlayer) {
        switch message {
        case .refused(let refused):
            writer.line("refused: \(refused.action ?? "message") (\(refused.reason.rawValue))")
        case .table(let state):
            if state.event.type == "deal" { countdown.stop() }
            writer.lines(SnapText.table(state))
            if botReactionMs == nil, state.turn == player.me.id { writer.line("your turn: flip") }
        case .lobby(let status):
            writer.line(SnapText.lobby(status))
            countdown.lobby(status)
        case .gameOver(let final):
            writer.lines(SnapText.gameOver(final) + [final.winners.contains(player.me.id) ? "you: won" : "you: lost"])
        case .pause(let status):
            writer.line(status.line)
            if !status.paused, botReactionMs == nil, player.isMyTurn { writer.line("your turn: flip") }
        }
    }

    public func stop() { countdown.stop() }

    public func handle(_ key: KeyInput.Key, player: SnapPlayer) {
        guard case .other(let text) = key else { return }
        switch text.lowercased() {
        case "f", " ": player.flip()
        case "s": player.snap()
        default: break
        }
    }
}
