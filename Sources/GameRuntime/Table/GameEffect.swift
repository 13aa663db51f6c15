import Vocabulary

/// What a table asks the runner to do, in order.
public enum GameEffect<ServerMessage: Sendable, Note: Sendable>: Sendable {
    /// Send this message to these players as news for the whole room (a question, a point, the
    /// standings, a pause): the observer hears ``GameHostEvent/announced(_:to:)``, and the TV and
    /// the host page show it whole and keep it for a screen that comes later. `to` is who of the
    /// players hears it now (none: nobody, but the screens still show it). The game says what is
    /// public; nothing infers it from the recipients.
    case announce(ServerMessage, to: [PeerID])
    /// Send this message to these players alone (an answer accepted, a player's own letter, the
    /// game told to one who arrives): the observer hears ``GameHostEvent/sent(_:to:)``, and the
    /// screens show only that these players were told something, never what.
    case send(ServerMessage, to: [PeerID])
    /// Send again to these players what they missed or lost while their link was down (the last
    /// game's ending, ``MissedEnding``; the open question, for a trivia player back mid-question):
    /// sent as ``send(_:to:)`` is, but for the room it is no news, so the log takes no note and
    /// the observer hears ``GameHostEvent/retold(_:to:)`` (the host's screen and the TV do not
    /// show a game ending, or a question, twice).
    case retell(ServerMessage, to: [PeerID])
    /// Send this real-time state, latest-wins under `key` (`HostSession/sendState(_:key:to:)`:
    /// over UDP while that works, else coalesced on the link), to these players; the observer
    /// sees it as ``GameHostEvent/stateSent(_:key:to:)``. A state is the room's: the TV shows
    /// the newest of each key. For what is shown many times a second
    /// (Pong's court); a state may be overtaken and never arrive, so whatever must arrive
    /// (a point, game over) is a ``send(_:to:)``.
    case state(ServerMessage, key: String, to: [PeerID])
    /// A game started. Without late joiners the host denies new players `inProgress` until
    /// ``gameEnded`` comes.
    case gameStarted(lateJoinersAllowed: Bool)
    /// The game ended: the host admits players again.
    case gameEnded
    /// Something only the host's observer hears of (Snap!'s replay log entries).
    case note(Note)
    /// Remove this player (a ``HostCommand/kick(_:)``): the session tells it `bye kicked` and
    /// the others `left kicked`; the table then hears it left, like any leaving.
    case kick(PeerID)
    /// The host's command was not done, and why (the host's screen shows it). A command whose
    /// effects hold no refusal was done.
    case refused(CommandRefusal)
}

extension GameEffect {
    /// The message and its recipients of an ``announce(_:to:)`` or a ``send(_:to:)``; nil for
    /// any other effect (a ``retell(_:to:)`` too: it is no news).
    public var told: (message: ServerMessage, recipients: [PeerID])? {
        switch self {
        case .announce(let message, let recipients), .send(let message, let recipients): (message, recipients)
        default: nil
        }
    }
}

extension GameEffect: Equatable where ServerMessage: Equatable, Note: Equatable {}
extension GameEffect: Hashable where ServerMessage: Hashable, Note: Hashable {}

/// A game's note that the host page shows too (the host's eyes: its terminal and its page, never
/// a screen or a player): Punchline's answers with their authors, for the host to hide one. A
/// note that is not one (Snap!'s replay entries) stays on the terminal and in the log.
public protocol HostPageNote: Encodable, Sendable {}
