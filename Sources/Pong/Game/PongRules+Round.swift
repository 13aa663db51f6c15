import GameRuntime
import Vocabulary

extension PongRules {
    /// A game under way.
    public struct Round: Hashable, Sendable {
        /// The game.
        public var match: PongMatch
        /// Its tick 0 (host microseconds, moved on by the time paused).
        public var epoch: Int64
        /// When the host paused it (nil: it runs). While paused nothing moves and no court is sent.
        public var pausedAt: Int64?
    }
}
