import Vocabulary

/// A game's part of the host's terminal (a TV for the room): how the messages the host sends,
/// and the table's notes, look. ``HostTerminal`` shows the rest (players coming and going,
/// chat) the same way for every game.
public protocol GameHostScreen: Sendable {
    /// The game's table.
    associatedtype Table: GameTable

    /// Where the lines go (``HostTerminal`` prints through it too).
    var writer: ScreenWriter { get }
    /// The first lines, when the host opens: how games start, the game's settings (default:
    /// nothing).
    func announce(_ table: Table)
    /// Shows a message the host sent to `recipients`; `roster` names the players present.
    func show(_ message: Table.ServerMessage, to recipients: [PeerID], roster: Roster)
    /// Shows one of the table's notes (default: nothing).
    func show(note: Table.Note)
    /// Shows a real-time state the host sent (many a second: draw the newest at a calm rate;
    /// default: nothing).
    func show(state: Table.ServerMessage, key: String)
    /// Whether the game wants its own keys now (``GameTable/commandKeys``: trivia's marking keys
    /// while a buzzer answer awaits the host's mark): the footer then shows them first (default:
    /// never).
    var wantsGameKeys: Bool { get }
}

extension GameHostScreen {
    public func announce(_ table: Table) {}
    public func show(note: Table.Note) {}
    public func show(state: Table.ServerMessage, key: String) {}
    public var wantsGameKeys: Bool { false }
}
