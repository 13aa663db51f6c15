import Vocabulary

/// What a host command comes to while a game's host is in its lobby (``Lobby/answer(_:gamesPlayed:)``).
public enum LobbyAnswer: Hashable, Sendable {
    /// Start a game now with the players waiting.
    case start
    /// Remove this waiting player.
    case kick(PeerID)
    /// Not now, and why.
    case refused(CommandRefusal)
}

extension Lobby {
    /// The host's command while no game runs, the same in every game: start now (and rematch,
    /// once `gamesPlayed` > 0) when enough players wait; kick a waiting player; skip, pause,
    /// unpause, end and the game's own are refused (`noGame`).
    public func answer(_ command: HostCommand, gamesPlayed: Int) -> LobbyAnswer {
        switch command {
        case .startNow, .rematch:
            if command == .rematch, gamesPlayed == 0 { return .refused(CommandRefusal(command, .noGameYet)) }
            guard canStart else { return .refused(CommandRefusal(command, .tooFewPlayers(needed: minimum, waiting: waiting.count))) }
            return .start
        case .skip, .pause, .unpause, .end, .game:
            return .refused(CommandRefusal(command, .noGame))
        case .kick(let id):
            return contains(id) ? .kick(id) : .refused(CommandRefusal(command, .noSuchPlayer(id)))
        }
    }
}
