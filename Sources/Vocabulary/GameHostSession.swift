
/// What the host runner (`GameHost`) uses of a host's session. `HostSession` is the real one;
/// tests pass a scripted one.
public protocol GameHostSession: Sendable {
    /// Joins, leaves and messages, in the order the host saw them (one consumer).
    var inputs: AsyncStream<SessionInput> { get }
    /// The players present now.
    var peers: [Peer] { get }
    /// Every player's clock estimate that exists now.
    var clocks: [PeerID: ClockEstimate] { get }
    /// Sends a game message (as JSON) to some players.
    func send<Message: Encodable>(_ message: Message, to recipients: Recipients) throws
    /// Sends a real-time state (latest-wins under `key`) to some players.
    func sendState<Message: Encodable>(_ message: Message, key: String, to recipients: Recipients) throws
    /// A game started (without late joiners, new players are denied `inProgress`).
    func gameStarted(lateJoinersAllowed: Bool)
    /// The game ended: new players are admitted again.
    func gameEnded()
    /// Removes a player: it is told `bye kicked`, the others `left kicked` (nothing when it is
    /// not here).
    func kick(_ peer: PeerID)
}

