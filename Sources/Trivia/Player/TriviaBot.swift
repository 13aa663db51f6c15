import GameRuntime
import Vocabulary
import Synchronization

/// Plays by itself: for each question, waits a random part of the time allowed, then presses a
/// random answer (in buzzer mode: the buzzer). It does not know the correct answer (only the
/// host does).
public final class TriviaBot: GameBot {
    private let player: TriviaPlayer
    private let rng: Mutex<SplitMix64>
    /// The share of a question's time the bot waits before answering, picked at random per question.
    public let thinking: ClosedRange<Double>
    /// The longest the bot waits, in seconds.
    public let maxDelay: Double

    /// A bot pressing on `player`.
    public init(player: TriviaPlayer, rng: SplitMix64 = SplitMix64(), thinking: ClosedRange<Double> = 0.05...0.35, maxDelay: Double = 3) {
        self.player = player
        self.rng = Mutex(rng)
        self.thinking = thinking
        self.maxDelay = maxDelay
    }

    /// Reacts to an update: a question gets an answer after a while (again when the game goes
    /// on after a pause, if it has none yet). In buzzer mode the bot presses the buzzer instead
    /// (again when the buzzers reopen; the host marks whatever it "says").
    public func react(to update: TriviaServerMessage) {
        let asked: QuestionAsked
        var timeMs: Int64
        switch update {
        case .question(let question):
            (asked, timeMs) = (question, question.durationMs)
        case .buzzersOpen(let open):
            guard let question = player.model.question, question.asked.number == open.question else { return }
            (asked, timeMs) = (question.asked, open.leftMs)
        case .pause(let status) where !status.paused:
            guard let open = player.model.question, open.clockRuns, open.choice == nil, !open.buzzing else { return }
            (asked, timeMs) = (open.asked, status.leftMs ?? open.asked.durationMs)
        default:
            return
        }
        timeMs = max(timeMs, 0)
        let (delay, choice) = rng.withLock { rng in
            (Double.random(in: thinking, using: &rng) * Double(timeMs) / 1000, Int.random(in: 0..<asked.answers.count, using: &rng))
        }
        Task { [player] in
            try? await Task.sleep(for: .seconds(min(delay, maxDelay)))
            guard player.model.question?.asked.number == asked.number else { return }
            if asked.mode == .buzzer { player.buzz() } else { player.press(choice) }
        }
    }
}
