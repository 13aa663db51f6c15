import Vocabulary
import Synchronization

/// Runs any ``PlayerModel`` on a player's session: the one consumer of the session's inputs, it
/// feeds the host's messages to the model (with their arrival time and the host's clock), and
/// passes them, other players' comings and goings, and lobby chat to the screen as
/// ``events``; they end when the session ends. A game adds its actions (press, flip, snap) in an
/// extension, through ``update(_:)`` and ``send(_:to:)``.
public final class GamePlayer<Model: PlayerModel>: Sendable {
    /// The connection.
    public let session: any GamePlayerSession
    /// Every event, in order (one consumer). Ends when ``run()`` ends (or at ``finish()``).
    public let events: AsyncStream<PlayerEvent<Model.ServerMessage>>
    private let sink: AsyncStream<PlayerEvent<Model.ServerMessage>>.Continuation
    private let state: Mutex<(model: Model, roster: Roster)>

    /// A player on `session`, knowing `model` to start with.
    public init(session: any GamePlayerSession, model: Model = Model()) {
        self.session = session
        (events, sink) = AsyncStream.makeStream(of: PlayerEvent<Model.ServerMessage>.self)
        state = Mutex((model, Roster([session.host, session.me] + session.initialPeers)))
    }

    /// This player.
    public var me: Peer { session.me }
    /// What the device knows now.
    public var model: Model { state.withLock { $0.model } }
    /// A player's name, or `#ID` when unknown.
    public func name(of id: PeerID) -> String { state.withLock { $0.roster.name(of: id) } }

    /// Reads the session's inputs until it ends (use this or ``receive(_:)``, not both), then
    /// ends ``events``.
    public func run() async {
        for await input in session.inputs { receive(input) }
        finish()
    }

    /// Feeds one input. A message from the host that decodes as the game's goes to the model;
    /// any other is passed on if it is chat, else dropped.
    public func receive(_ input: SessionInput) {
        switch input {
        case .joined(let peer):
            state.withLock { $0.roster.add(peer) }
            sink.yield(.joined(peer))
        case .left(let peer, let reason):
            sink.yield(.left(peer, reason))
        case .away(let peer):
            sink.yield(.away(peer))
        case .back(let peer):
            sink.yield(.back(peer))
        case .message(let message):
            if message.from == .host, let decoded = try? message.decode(Model.ServerMessage.self) {
                let hostClock = session.hostClock
                state.withLock { $0.model.received(decoded, at: message.receivedAt, hostClock: hostClock) }
                sink.yield(.received(decoded))
            } else if let chat = ChatLine(message, name: name(of: message.from)) {
                sink.yield(.chat(chat))
            }
        }
    }

    /// Ends ``events`` (when the caller feeds inputs itself).
    public func finish() { sink.finish() }

    /// Changes the model (an action: a key press), under its lock.
    public func update<Value: Sendable>(_ change: (inout Model) -> Value) -> Value {
        state.withLock { change(&$0.model) }
    }

    /// Sends a real-time state to the host's game, latest-wins under `key` (a paddle's position:
    /// only the newest matters); one that cannot be sent is dropped.
    public func sendState<Message: Encodable>(_ message: Message, key: String) {
        try? session.sendState(message, key: key)
    }

    /// Sends a message (to the host's game unless told otherwise); a message that cannot be sent
    /// is dropped (the session is ending).
    public func send<Message: Encodable>(_ message: Message, to recipients: Recipients = .host) {
        try? session.send(message, to: recipients)
    }
}
