import Vocabulary

/// What happens to a table, in the order the host saw it. The runner (``GameHost``) hands each
/// one to ``GameTable/handle(_:at:)`` with the ``GameMoment`` it was handled at.
public enum GameEvent<ClientMessage: Sendable>: Sendable {
    /// A player was admitted.
    case joined(Peer)
    /// A player left, and why.
    case left(Peer, ByeReason)
    /// A player's link dropped; its seat is kept for the resume grace period (its messages
    /// reach nobody meanwhile; a `left` follows if it does not come back).
    case away(Peer)
    /// A player who was away took its seat back: it missed what was sent meanwhile.
    case back(Peer)
    /// A player's message arrived at `arrivedAt` (the host's clock, microseconds): the game's
    /// own message, or nil when it was not one (the table may refuse it).
    case received(ClientMessage?, from: PeerID, arrivedAt: Int64)
    /// The time the table asked to be woken at (``GameTable/nextWake``) has come.
    case wake
    /// The person running the host asked for something (``GameHost/command(_:)``).
    case command(HostCommand)
}

extension GameEvent: Equatable where ClientMessage: Equatable {}
extension GameEvent: Hashable where ClientMessage: Hashable {}
