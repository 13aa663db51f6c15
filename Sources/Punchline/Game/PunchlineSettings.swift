import GameRuntime

/// The rules' numbers: rounds, times, points. The defaults are the game's (docs/PUNCHLINE.md).
public struct PunchlineSettings: Hashable, Sendable {
    /// Rounds in a game.
    public var rounds = 3
    /// The most players who write; whoever else is here watches and votes as the audience.
    public var maxWriters = 8
    /// Time to write an answer (µs).
    public var writeTime: Int64 = 75_000_000
    /// Time to vote (µs).
    public var voteTime: Int64 = 30_000_000
    /// How long a round's results stay up before the next prompt (µs).
    public var revealTime: Int64 = 12_000_000
    /// Points for each player's vote.
    public var votePoints = 100
    /// Points for each vote of the audience (watchers count for a quarter).
    public var audienceVotePoints = 25
    /// The bonus for a clean sweep: every player who voted chose the answer (at least two).
    public var sweepBonus = 250

    /// The defaults.
    public init() {}
}
