import GameRuntime
import Synchronization
import Vocabulary

/// Plays by itself: writes one of its stock answers a moment after each prompt (when it writes
/// in this game) and votes for a random answer but its own a moment after each ballot.
public final class PunchlineBot: GameBot {
    /// What a bot writes, whatever the prompt.
    public static let answers = [
        "A very confused penguin", "Exactly one sock", "Three ducks in a trench coat", "The sound of a kazoo",
        "A sandwich with opinions", "Grandma, on roller skates", "Nothing, but loudly", "A suspiciously happy cloud",
    ]

    private let player: PunchlinePlayer
    private let rng: Mutex<SplitMix64>
    /// The longest the bot waits before writing or voting, in seconds.
    public let maxDelay: Double

    /// A bot on `player`.
    public init(player: PunchlinePlayer, seed: UInt64, maxDelay: Double = 1.5) {
        self.player = player
        self.rng = Mutex(SplitMix64(seed: seed))
        self.maxDelay = maxDelay
    }

    public func react(to message: PunchlineServerMessage) {
        let me = player.me.id
        switch message {
        case .prompt(let asked) where asked.writers.contains(me):
            let (delay, text) = rng.withLock { rng in
                (Double(rng.next() % 1000) / 1000 * maxDelay, Self.answers[Int(rng.next() % UInt64(Self.answers.count))])
            }
            later(delay) { player in
                guard player.model.prompt?.round == asked.round, !player.model.answered else { return }
                player.write(text)
            }
        case .ballot(let ballot):
            let (delay, pick) = rng.withLock { rng in (Double(rng.next() % 1000) / 1000 * maxDelay, Int(rng.next() % 64)) }
            later(delay) { player in
                let model = player.model
                guard let open = model.ballot, open.round == ballot.round, model.voted == nil else { return }
                let choices = open.answers.map(\.letter).filter { $0 != model.mine }
                guard !choices.isEmpty else { return }
                player.vote(choices[pick % choices.count])
            }
        default:
            return
        }
    }

    private func later(_ seconds: Double, _ act: @escaping @Sendable (PunchlinePlayer) -> Void) {
        Task { [player] in
            try? await Task.sleep(for: .seconds(seconds))
            act(player)
        }
    }
}
