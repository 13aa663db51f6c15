/// Plays a game by itself on a ``GamePlayer`` (`join --bot`, tests, demos).
public protocol GameBot<ServerMessage>: Sendable {
    /// What the host's game sends.
    associatedtype ServerMessage: Sendable

    /// The screen is up, before any message: a bot may act first (the lobby's greets).
    func begin()
    /// Reacts to a message from the host (the player's model already holds it).
    func react(to message: ServerMessage)
}

extension GameBot {
    public func begin() {}
}
