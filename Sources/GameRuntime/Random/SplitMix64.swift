/// A small, fast, seedable random number generator (SplitMix64): the same seed gives the same
/// draws, so a game (a deck, a question order) can be replayed. Seed it at random in production.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// Starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// Starts from a random seed.
    public init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
