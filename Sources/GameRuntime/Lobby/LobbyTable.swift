import Vocabulary

/// The table of a host that runs no game (``/Vocabulary/GameName/lobby``): players come and go and chat,
/// which ``GameHost`` passes to the screen for every game; the host may kick a player, and every
/// other command is refused (`noGames`).
public struct LobbyTable: GameTable {
    public typealias ClientMessage = NoMessage
    public typealias ServerMessage = NoMessage
    public typealias Note = Never

    /// The players here (for kick).
    public private(set) var present: Set<PeerID> = []

    /// The lobby.
    public init() {}

    public var nextWake: Int64? { nil }

    public mutating func joined(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        present.insert(peer.id)
        return []
    }

    public mutating func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect] {
        present.remove(peer.id)
        return []
    }

    public func received(_ message: NoMessage?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect] { [] }
    public func woke(at moment: GameMoment) -> [Effect] { [] }

    /// Kicks a player who is here; refuses the rest: there is no game to start, skip or end.
    public func command(_ command: HostCommand, at moment: GameMoment) -> [Effect] {
        guard case .kick(let id) = command else { return [.refused(CommandRefusal(command, .noGames))] }
        return [Self.kick(id, present: present.contains(id))]
    }
}

extension GameTable {
    /// The answer to ``HostCommand/kick(_:)`` of `id`: ``GameEffect/kick(_:)`` when the player
    /// is here, else a refusal (`noSuchPlayer`).
    public static func kick(_ id: PeerID, present: Bool) -> Effect {
        present ? .kick(id) : .refused(CommandRefusal(.kick(id), .noSuchPlayer(id)))
    }
}
