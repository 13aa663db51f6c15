import Matchmaking
import Synchronization

/// The host's terminal for any game: one line per player joining or leaving (with the count),
/// per chat line and per failed send; the game's own lines come from its ``GameHostScreen``.
/// Give ``show(_:)`` to ``GameHost`` as its observer.
///
/// ```
/// joined: Ann (id 1) [1/8]
/// left: Ann (id 1) userQuit [0/8]
/// chat Ann: hello
/// ```
public final class HostTerminal<Screen: GameHostScreen>: Sendable {
    /// The game's part.
    public let screen: Screen
    private let capacity: Int
    private let roster = Mutex(Roster())

    /// A terminal for a host admitting at most `capacity` players.
    public init(screen: Screen, capacity: Int) {
        self.screen = screen
        self.capacity = capacity
    }

    /// Shows one event of the ``GameHost``.
    public func show(_ event: GameHostEvent<Screen.Table>) {
        let writer = screen.writer
        switch event {
        case .joined(let peer, let players):
            roster.withLock { $0.add(peer) }
            writer.line("joined: \(peer.name) (id \(peer.id)) [\(players)/\(capacity)]")
        case .left(let peer, let reason, let players):
            roster.withLock { $0.remove(peer.id) }
            writer.line("left: \(peer.name) (id \(peer.id)) \(reason.rawValue) [\(players)/\(capacity)]")
        case .away(let peer):
            writer.line(LobbyText.away(peer.name))
        case .back(let peer):
            writer.line(LobbyText.back(peer.name))
        case .chat(let chat):
            writer.line(chat.line)
        case .sendFailed(let reason):
            writer.line("error: a message could not be sent (\(reason))")
        case .sent(let message, let recipients):
            screen.show(message, to: recipients, roster: roster.withLock { $0 })
        case .note(let note):
            screen.show(note: note)
        }
    }
}
