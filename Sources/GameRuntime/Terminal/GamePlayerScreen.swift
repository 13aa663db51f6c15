import Vocabulary

/// How a person plays (or does not), for the first line a screen prints.
public enum PlayerControl: Hashable, Sendable {
    /// A bot plays (`join --bot`); nothing is read.
    case bot
    /// One key press at a time, on a terminal.
    case keys
    /// Typed lines (stdin is not a terminal, or the game reads text).
    case lines
}

/// A game's part of a player's terminal: how the host's messages look and what keys do.
/// ``PlayerTerminal`` shows the rest (players coming and going, chat) and leaves at game over,
/// the same way for every game.
public protocol GamePlayerScreen: Sendable {
    /// What the device knows of the game.
    associatedtype Model: PlayerModel

    /// Where the lines go (``PlayerTerminal`` prints through it too).
    var writer: ScreenWriter { get }
    /// How a person's input is read (default: ``KeyInput/Mode/keys``).
    var inputMode: KeyInput.Mode { get }
    /// The first line, saying how to play, for each way of playing (none: no such line).
    var instructions: [PlayerControl: String] { get }
    /// Shows a message from the host (the player's model already holds it).
    func show(_ message: Model.ServerMessage, player: GamePlayer<Model>)
    /// A person's key or line; never ``KeyInput/Key/quit`` (the terminal leaves for it).
    func handle(_ key: KeyInput.Key, player: GamePlayer<Model>)
    /// The game is over or the session ended: stop anything still running (a countdown).
    /// Default: nothing.
    func stop()
}

extension GamePlayerScreen {
    public var inputMode: KeyInput.Mode { .keys }
    public func stop() {}
}
