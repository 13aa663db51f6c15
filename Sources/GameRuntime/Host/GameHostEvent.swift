import Vocabulary

/// What the host runner (``GameHost``) tells its observer (the host's screen, a replay log, a
/// test), in order.
public enum GameHostEvent<Table: GameTable>: Sendable {
    /// A player was admitted; `roster` is who is present now.
    case joined(Peer, roster: Roster)
    /// A player left; `roster` is who is present now.
    case left(Peer, ByeReason, roster: Roster)
    /// A player's link dropped; its seat is kept for a while ("Alice is reconnecting");
    /// `roster` is who is present now, and who of them is away.
    case away(Peer, roster: Roster)
    /// A player who was away is back; `roster` is who is present now.
    case back(Peer, roster: Roster)
    /// A player said something in the lobby chat.
    case chat(ChatLine)
    /// The host sent this message to these players as news for the room
    /// (``GameEffect/announce(_:to:)``): a screen shows it.
    case announced(Table.ServerMessage, to: [PeerID])
    /// The host sent this message to these players alone (``GameEffect/send(_:to:)``): a screen
    /// shows only that they were told something.
    case sent(Table.ServerMessage, to: [PeerID])
    /// The host sent this message again to these players, who had missed it while away
    /// (``GameEffect/retell(_:to:)``): theirs alone, and no news to anyone else.
    case retold(Table.ServerMessage, to: [PeerID])
    /// The host sent this real-time state to these players (a screen shows the newest of each
    /// key: a state is the room's).
    case stateSent(Table.ServerMessage, key: String, to: [PeerID])
    /// One of the table's notes (``GameEffect/note(_:)``).
    case note(Table.Note)
    /// A message could not be sent (too large: a bug); the reason.
    case sendFailed(String)
    /// The host's command was done (its effects follow).
    case commanded(HostCommand)
    /// The host's command was refused, and why.
    case refused(CommandRefusal)
}

extension GameHostEvent: Equatable where Table.ServerMessage: Equatable, Table.Note: Equatable {}
