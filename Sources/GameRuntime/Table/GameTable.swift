import Vocabulary

/// A game on the host, as a pure value: one mutating function per event, each taking the moment
/// it is handled at and returning the effects the runner (``GameHost``) performs; then
/// ``nextWake`` says when the table wants ``woke(at:)``. No I/O and no clock is read inside, so
/// every rule is unit-tested without sockets.
///
/// Messages from players are decoded to ``ClientMessage`` by the runner (nil when a message is
/// not one); lobby chat (``LobbyMessage``) never reaches the table.
public protocol GameTable: Sendable {
    /// What players send to the game.
    associatedtype ClientMessage: Decodable & Sendable
    /// What the game sends to players.
    associatedtype ServerMessage: Encodable & Sendable
    /// What the game tells the host's observer only (``GameEffect/note(_:)``); `Never` for none.
    associatedtype Note: Sendable

    /// An effect of this table.
    typealias Effect = GameEffect<ServerMessage, Note>

    /// The host opened (its runner starts, before any other event): the table may show its
    /// state, e.g. a lobby counting down to a scheduled start, on the host's screen and the TV
    /// (a message to nobody still reaches the observer). Default: nothing.
    mutating func opened(at moment: GameMoment) -> [Effect]
    /// A player was admitted.
    mutating func joined(_ peer: Peer, at moment: GameMoment) -> [Effect]
    /// A player left.
    mutating func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect]
    /// A player's link dropped; its seat is kept (default: nothing changes, the game goes on
    /// without waiting for it).
    mutating func away(_ peer: Peer, at moment: GameMoment) -> [Effect]
    /// A player who was away is back: tell it what it missed (default: nothing).
    mutating func back(_ peer: Peer, at moment: GameMoment) -> [Effect]
    /// A player's message arrived at `arrivedAt` (nil: not one of the game's messages).
    mutating func received(_ message: ClientMessage?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect]
    /// The time of ``nextWake`` has come (or passed).
    mutating func woke(at moment: GameMoment) -> [Effect]
    /// The host's command: its effects, or ``GameEffect/refused(_:)`` when it makes no sense now.
    /// Every table answers every command in every state.
    mutating func command(_ command: HostCommand, at moment: GameMoment) -> [Effect]
    /// When the table next wants ``woke(at:)``, on the host's clock (nil: not until another event).
    var nextWake: Int64? { get }
    /// The game's own commands (``HostCommand/game(_:)``) and their keys (default: none).
    var commandKeys: [GameCommandKey] { get }

    /// The log line the game wants for an effect, if any (default: none).
    static func logRecord(for effect: Effect) -> GameLogRecord?
}

extension GameTable {
    /// Hands one event to the matching function.
    public mutating func handle(_ event: GameEvent<ClientMessage>, at moment: GameMoment) -> [Effect] {
        switch event {
        case .joined(let peer): joined(peer, at: moment)
        case .left(let peer, let reason): left(peer, reason: reason, at: moment)
        case .away(let peer): away(peer, at: moment)
        case .back(let peer): back(peer, at: moment)
        case .received(let message, let from, let arrivedAt): received(message, from: from, arrivedAt: arrivedAt, at: moment)
        case .wake: woke(at: moment)
        case .command(let command): self.command(command, at: moment)
        }
    }

    public static func logRecord(for effect: Effect) -> GameLogRecord? { nil }
    public var commandKeys: [GameCommandKey] { [] }
    public func opened(at moment: GameMoment) -> [Effect] { [] }
    public func away(_ peer: Peer, at moment: GameMoment) -> [Effect] { [] }
    public func back(_ peer: Peer, at moment: GameMoment) -> [Effect] { [] }
}
