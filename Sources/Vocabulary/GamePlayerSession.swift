
/// What the player runner (`GamePlayer`) uses of a player's session. `PlayerSession` is the
/// real one; tests pass a scripted one.
public protocol GamePlayerSession: Sendable {
    /// This player.
    var me: Peer { get }
    /// The host's game (``PeerID/host``).
    var host: Peer { get }
    /// The players present when this one was admitted.
    var initialPeers: [Peer] { get }
    /// Joins, leaves and messages, in the order they came (one consumer).
    var inputs: AsyncStream<SessionInput> { get }
    /// The estimate of the host's clock relative to this device's.
    var hostClock: ClockEstimate? { get }
    /// Sends a game message (as JSON).
    func send<Message: Encodable>(_ message: Message, to recipients: Recipients) throws
    /// Sends a real-time state (latest-wins under `key`) to the host's game.
    func sendState<Message: Encodable>(_ message: Message, key: String) throws
    /// Says goodbye and closes; returns how the session ended.
    @discardableResult func quit() async -> EndReason
    /// Waits until the session ends and says why.
    func ended() async -> EndReason
}

