
/// What a game layer gets from the host: the players, their comings and goings and messages,
/// and their clocks. Thread-safe.
public final class HostSession: Sendable {
    private let runner: HostRunner

    init(runner: HostRunner) { self.runner = runner }

    /// The admitted players, in order of admission.
    public var peers: [Peer] { runner.read { $0.players } }
    /// Joins, leaves and the game messages sent to the host's game, in the order the host saw
    /// them (one consumer).
    public var inputs: AsyncStream<SessionInput> { runner.inputs }
    /// The server's configuration.
    public var configuration: ServerConfiguration { runner.configuration }

    /// Sends a game message (any `Encodable`, as JSON) from the host's game. Delivery is
    /// reliable and ordered per recipient; unknown ids are skipped. A ``/Vocabulary/RawJSON`` (such as a
    /// received ``/Vocabulary/SessionMessage/body``) is sent as it is, without encoding it again.
    public func send<Message: Encodable>(_ message: Message, to recipients: Recipients) throws {
        runner.send(try SendError.check(RawJSON(encoding: message), maxFrame: runner.configuration.maxFrame), to: recipients)
    }

    /// Sends a real-time state (version 3 players only): latest-wins, numbered per `key` (1 to
    /// 32 bytes), to each player over UDP while its path works both ways and over its link
    /// otherwise (coalesced: only the newest waiting state per key is written). The host is
    /// the session's authority: it simulates, and sends what is; players send intents.
    /// Throws ``SendError/tooLarge(bytes:limit:)`` past ``Datagram/maxBody`` bytes.
    public func sendState<Message: Encodable>(_ message: Message, key: String, to recipients: Recipients) throws {
        let body = try SendError.check(state: RawJSON(encoding: message))
        runner.sendState(body, key: try SendError.check(key: key), to: recipients)
    }

    /// The clock estimate of a player (offset and round trip from the heartbeats), or nil
    /// before the first pong.
    public func clock(of peer: PeerID) -> ClockEstimate? { runner.read { $0.clocks[peer] } }

    /// Every player's clock estimate that exists now.
    public var clocks: [PeerID: ClockEstimate] { runner.read { $0.clocks } }

    /// A game started: without late joiners, new players are denied `inProgress` until it ends.
    public func gameStarted(lateJoinersAllowed: Bool) { runner.gameStarted(lateJoinersAllowed: lateJoinersAllowed) }

    /// The game ended: new players are admitted again.
    public func gameEnded() { runner.gameEnded() }

    /// Removes a player (the host's kick): it is told `bye kicked` and disconnected, the others
    /// are told `left kicked`, and the game hears it left with `kicked`. Nothing happens for an
    /// id that is not a player here.
    public func kick(_ peer: PeerID) { runner.kick(peer) }
}
