import Vocabulary

/// What a player's device knows of a game, as a pure value fed by the host's messages (the
/// runner, ``GamePlayer``, passes each with its arrival time and the host's clock estimate).
/// Actions (a press, a flip) are the game's own functions on the model and on ``GamePlayer``.
public protocol PlayerModel: Sendable {
    /// What the host's game sends.
    associatedtype ServerMessage: Decodable & Sendable

    /// Knows nothing yet.
    init()
    /// A message from the host arrived at `receivedAt` (this device's monotonic clock,
    /// microseconds); `hostClock` is the host's clock relative to this device's, when known.
    mutating func received(_ message: ServerMessage, at receivedAt: Int64, hostClock: ClockEstimate?)
    /// The game is over for this player (a terminal with `once` then leaves; otherwise it waits
    /// in the lobby, and the next game's first message makes this false again).
    var isOver: Bool { get }
}
