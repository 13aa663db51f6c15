import GameRuntime
import Vocabulary
import Synchronization

/// Plays by itself: on each court it moves its paddle's wish as ``PongAim`` says (bounded speed,
/// an aiming error per approach, so it sometimes misses) and sends it when it moved. Watches
/// when it plays no side.
public final class PongBot: GameBot {
    private let player: PongPlayer
    private let aim: Mutex<(aim: PongAim, game: Int?, sent: Double?)>

    /// A bot playing on `player`; `speed` and `error` as ``PongAim``'s.
    public init(player: PongPlayer, speed: Double = 1.3, error: Double = 12, seed: UInt64 = 1) {
        self.player = player
        self.aim = Mutex((PongAim(speed: speed, error: error, seed: seed), nil, nil))
    }

    /// Reacts to the host's message: a court (the newest, for a player of the game).
    public func react(to message: PongServerMessage) {
        guard case .court = message, player.isPlaying, let side = player.side, let court = player.model.court else { return }
        let wish: Double? = aim.withLock { state in
            if state.game != court.game {
                state.aim.reset()
                (state.game, state.sent) = (court.game, nil)
            }
            let next = state.aim.next(court, side: side)
            guard abs(next - (state.sent ?? -100)) >= 0.05 else { return nil }
            state.sent = next
            return next
        }
        if let wish { player.movePaddle(to: wish) }
    }
}
