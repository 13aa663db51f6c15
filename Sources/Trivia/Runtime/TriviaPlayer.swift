import Matchmaking
import Synchronization

/// A player's side of a trivia game on a ``PlayerSession``: keeps the ``TriviaPlayerState``,
/// passes each host message on as an update, and sends presses stamped with this device's clock.
public final class TriviaPlayer: Sendable {
    /// The connection.
    public let session: PlayerSession
    /// Every trivia message from the host, in order (one consumer). Ends when ``run()`` ends.
    public let updates: AsyncStream<TriviaServerMessage>
    private let sink: AsyncStream<TriviaServerMessage>.Continuation
    private let machine = Mutex(TriviaPlayerState())

    /// A player on `session`.
    public init(session: PlayerSession) {
        self.session = session
        (updates, sink) = AsyncStream.makeStream(of: TriviaServerMessage.self)
    }

    /// What the device knows now.
    public var state: TriviaPlayerState { machine.withLock { $0 } }

    /// Feeds one message; false when it is not a trivia message (the caller may handle it).
    @discardableResult
    public func receive(_ message: SessionMessage) -> Bool {
        guard message.from == .host, let trivia = try? message.decode(TriviaServerMessage.self) else { return false }
        let hostClock = session.hostClock
        machine.withLock { $0.received(trivia, at: message.receivedAt, hostClock: hostClock) }
        sink.yield(trivia)
        return true
    }

    /// Reads the session's messages until it ends (use this or ``receive(_:)``, not both), then
    /// ends ``updates``. Returns the messages that were not trivia's.
    @discardableResult
    public func run() async -> [SessionMessage] {
        var others: [SessionMessage] = []
        for await case .message(let message) in session.inputs where !receive(message) { others.append(message) }
        finish()
        return others
    }

    /// Ends ``updates`` (when the caller feeds messages itself).
    public func finish() { sink.finish() }

    /// Presses answer `choice` (0-based) now: sends it unless the state says it cannot count.
    @discardableResult
    public func press(_ choice: Int) -> TriviaPlayerState.PressOutcome {
        let outcome = machine.withLock { $0.press(choice, now: Press.now()) }
        if case .send(let answer) = outcome { try? session.send(TriviaClientMessage.answer(answer)) }
        return outcome
    }
}
