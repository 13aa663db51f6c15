import Vocabulary

/// A player's press of a button (an answer, a snap) as the host received it: the time the
/// player's own device stamped it, and the time it arrived on the host.
public struct Press: Hashable, Sendable {
    /// Who pressed.
    public var peer: PeerID
    /// When, on the player's monotonic clock in microseconds (the clock of its heartbeats: stamp
    /// it with ``/Vocabulary/MonotonicClock/now()`` on the client).
    public var pressedAt: Int64
    /// When the press arrived, on the host's monotonic clock in microseconds.
    public var arrivedAt: Int64

    /// Creates a press.
    public init(peer: PeerID, pressedAt: Int64, arrivedAt: Int64) {
        self.peer = peer
        self.pressedAt = pressedAt
        self.arrivedAt = arrivedAt
    }
}

/// A press placed on the host's clock.
public struct JudgedPress: Hashable, Sendable {
    /// How the host time of a press was found.
    public enum Basis: Hashable, Sendable {
        /// The player's stamp converted with its clock offset.
        case clock
        /// The converted stamp fell outside the plausible range and was clamped to it (a
        /// wrong clock estimate, or a player claiming to have pressed earlier than it could).
        case clamped
        /// No clock estimate yet: the arrival time.
        case arrival
    }

    /// The press as received.
    public var press: Press
    /// When the press happened, on the host's clock, in microseconds.
    public var time: Int64
    /// How ``time`` was found.
    public var basis: Basis

    /// Who pressed.
    public var peer: PeerID { press.peer }

    /// Creates a judged press.
    public init(press: Press, time: Int64, basis: Basis) {
        self.press = press
        self.time = time
        self.basis = basis
    }
}
