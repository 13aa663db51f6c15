import GameRuntime
import Vocabulary

/// The Pong host: its lobby cycle (``LobbyCycle``) around Pong's rules.
public typealias PongTable = LobbyCycle<PongRules>

extension LobbyCycle where Rules == PongRules {
    /// A host in its lobby admitting at most `capacity` people (2 play, the rest watch); each
    /// game's serves are drawn from the next seed of `seed`.
    public init(settings: PongSettings, capacity: Int, seed: UInt64) {
        self.init(rules: PongRules(settings: settings, seed: seed), startRule: settings.startRule, capacity: capacity)
    }

    /// The game under way.
    public var game: PongMatch? { round?.match }
}

