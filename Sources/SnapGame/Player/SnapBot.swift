import GameRuntime
import Vocabulary
import Synchronization

/// Plays by itself: snaps `reaction` after it sees two face-up tops of the same rank, and flips
/// `flipDelay` after its turn comes (not while a match is showing: it snaps instead). Never
/// snaps falsely. Times in milliseconds; each reaction adds a random 0...`jitter`.
public final class SnapBot: GameBot {
    private let player: SnapPlayer
    private let rng: Mutex<SplitMix64>
    /// Milliseconds from seeing a match to pressing snap.
    public let reaction: Double
    /// Random extra milliseconds added to each reaction, 0...jitter.
    public let jitter: Double
    /// Milliseconds from the turn coming to flipping.
    public let flipDelay: Double

    /// A bot playing on `player`.
    public init(player: SnapPlayer, reaction: Double = 300, jitter: Double = 150, flipDelay: Double = 400, seed: UInt64 = 1) {
        self.player = player
        self.rng = Mutex(SplitMix64(seed: seed))
        self.reaction = reaction
        self.jitter = jitter
        self.flipDelay = flipDelay
    }

    /// Reacts to a message from the host: a table, or the game going on after a pause (the
    /// last table again).
    public func react(to update: SnapServerMessage) {
        switch update {
        case .table(let table): act(on: table)
        case .pause(let status) where !status.paused: if let table = player.table { act(on: table) }
        case .pause, .lobby, .refused, .gameOver: break
        }
    }

    private func act(on table: TableState) {
        guard player.final == nil, !player.model.paused, table.seat(player.me.id)?.status == .playing else { return }
        if table.hasMatch {
            let delay = reaction + (jitter > 0 ? rng.withLock { Double.random(in: 0...jitter, using: &$0) } : 0)
            later(delay, seq: table.seq) { $0.snap() }
        } else if table.turn == player.me.id {
            later(flipDelay, seq: table.seq) { $0.flip() }
        }
    }

    /// Runs `act` after `milliseconds` if the table has not changed meanwhile.
    private func later(_ milliseconds: Double, seq: Int, _ act: @escaping @Sendable (SnapPlayer) -> Void) {
        Task { [player] in
            if milliseconds > 0 { try? await Task.sleep(for: .microseconds(Int64(milliseconds * 1000))) }
            guard player.table?.seq == seq, player.final == nil, !player.model.paused else { return }
            act(player)
        }
    }
}
