import GameRuntime
import Vocabulary

extension SnapRules {
    /// Snaps being collected.
    public struct Window: Hashable, Sendable {
        /// When judging happens.
        public var closesAt: Int64
        /// The presses so far, in arrival order.
        public var presses: [Press]
    }

    /// A game under way.
    public struct Round: Hashable, Sendable {
        /// The game.
        public var match: SnapMatch
        /// While snaps are being collected.
        public var window: Window?
        /// When the host paused it (nil: it runs). While paused flips and snaps are refused
        /// `paused` and judging waits; going on moves the collection window by the time paused.
        public var pausedAt: Int64?
    }
}
