import Vocabulary

/// When an event reaches a table: the host's clock, and what the host knows of each player's
/// clock (tables judge who pressed first with it).
public struct GameMoment: Hashable, Sendable {
    /// The host's monotonic clock, in ``/Vocabulary/MonotonicClock/now()`` microseconds.
    public var now: Int64
    /// The clock estimate of each player that has one.
    public var clocks: [PeerID: ClockEstimate]

    /// A moment at `now` (host microseconds) with these clock estimates.
    public init(now: Int64, clocks: [PeerID: ClockEstimate] = [:]) {
        self.now = now
        self.clocks = clocks
    }
}
