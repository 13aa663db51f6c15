import Matchmaking

/// The table of a host that runs no game (``GameName/lobby``): players come and go and chat,
/// which ``GameHost`` passes to the screen for every game; there is nothing else to do.
public struct LobbyTable: GameTable {
    public typealias ClientMessage = NoMessage
    public typealias ServerMessage = NoMessage
    public typealias Note = Never

    /// The lobby.
    public init() {}

    public var nextWake: Int64? { nil }

    public func joined(_ peer: Peer, at moment: GameMoment) -> [Effect] { [] }
    public func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect] { [] }
    public func received(_ message: NoMessage?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect] { [] }
    public func woke(at moment: GameMoment) -> [Effect] { [] }
}
