import Vocabulary

/// What a player's screen is told by ``GamePlayer``, in the order it came.
public enum PlayerEvent<ServerMessage: Sendable>: Sendable {
    /// Another player was admitted.
    case joined(Peer)
    /// Another player left, and why.
    case left(Peer, ByeReason)
    /// Another player's link dropped; the host keeps its seat for a while.
    case away(Peer)
    /// Another player who was away is back.
    case back(Peer)
    /// Someone said something in the lobby chat.
    case chat(ChatLine)
    /// The host's game sent this (the model already holds it).
    case received(ServerMessage)
}

extension PlayerEvent: Equatable where ServerMessage: Equatable {}

extension PlayerEvent {
    /// The host's message, when this event is one.
    public var message: ServerMessage? {
        if case .received(let message) = self { return message }
        return nil
    }
}
