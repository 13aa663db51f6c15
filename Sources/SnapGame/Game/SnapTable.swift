import GameRuntime
import Vocabulary

/// The Snap! host: its lobby cycle (``LobbyCycle``) around Snap!'s rules.
public typealias SnapTable = LobbyCycle<SnapRules>

extension LobbyCycle where Rules == SnapRules {
    /// A host in its lobby admitting at most `capacity` players; each game's deck is shuffled
    /// with the next seed drawn from `seed`. After a scheduled first game (``StartRule/at(_:)``)
    /// games start by ``SnapSettings/defaultStartRule``.
    public init(settings: SnapSettings, capacity: Int, seed: UInt64) {
        self.init(rules: SnapRules(settings: settings, seed: seed), startRule: settings.startRule, capacity: capacity)
    }

    /// The game under way.
    public var game: SnapMatch? { round?.match }
}

