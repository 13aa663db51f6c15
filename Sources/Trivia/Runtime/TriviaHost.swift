import Logging
import Matchmaking
import ServiceLifecycle

/// What the host's screen is told: every message the host sends, and who comes and goes.
public enum TriviaHostEvent: Hashable, Sendable {
    /// The host sent this message to these players.
    case sent(TriviaServerMessage, to: [PeerID])
    /// A player was admitted; `players` are present now.
    case joined(Peer, players: Int)
    /// A player left; `players` are present now.
    case left(Peer, ByeReason, players: Int)
    /// A lobby chat line from a player.
    case chat(from: PeerID, text: String)
    /// The host dropped a message it could not send (too large; a bug).
    case sendFailed(String)
}

/// Runs a ``TriviaTable`` on a host's ``Session``: the one consumer of the session's messages
/// and events, it feeds them to the table in arrival order, wakes it on time, sends what it
/// says, and tells the screen (`observer`). Put it after the server in a `ServiceGroup`.
public struct TriviaHost: Service {
    private let session: Session
    private let table: TriviaTable
    private let logger: Logger
    private let observer: @Sendable (TriviaHostEvent) -> Void

    /// A host that starts in its lobby with `table`.
    public init(
        session: Session, table: TriviaTable, logger: Logger = Logger(label: "snap-host.trivia"),
        observer: @escaping @Sendable (TriviaHostEvent) -> Void = { _ in }
    ) {
        self.session = session
        self.table = table
        self.logger = logger
        self.observer = observer
    }

    private enum Input: Sendable {
        case message(SessionMessage)
        case event(SessionEvent)
        case wake
    }

    /// Runs until the session ends or graceful shutdown begins.
    public func run() async {
        let (inputs, sink) = AsyncStream.makeStream(of: Input.self)
        let session = self.session
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    await withDiscardingTaskGroup { forwarders in
                        forwarders.addTask { for await message in session.messages { sink.yield(.message(message)) } }
                        forwarders.addTask { for await event in session.events { sink.yield(.event(event)) } }
                    }
                    sink.finish()
                }
                group.addTask { await self.process(inputs, wake: sink) }
            }
        }
    }

    private func process(_ inputs: AsyncStream<Input>, wake: AsyncStream<Input>.Continuation) async {
        var table = self.table
        var timer: Task<Void, Never>?
        var scheduled: Int64?
        var present = Set(session.peers.map(\.id))
        for await input in inputs {
            let now = Press.now()
            let clocks = clockSnapshot()
            let actions: [TriviaTable.Action]
            switch input {
            case .message(let message):
                guard message.from != .host else { continue }
                if let trivia = try? message.decode(TriviaClientMessage.self) {
                    actions = table.received(trivia, from: message.from, arrivedAt: message.receivedAt, clocks: clocks)
                } else if let chat = try? message.decode(LobbyMessage.self), chat.kind == "chat" {
                    observer(.chat(from: message.from, text: chat.text))
                    continue
                } else {
                    logger.debug("malformed trivia message", metadata: ["peer": "\(message.from)"])
                    actions = table.received(nil, from: message.from, arrivedAt: message.receivedAt, clocks: clocks)
                }
            case .event(.joined(let peer)):
                present.insert(peer.id)
                observer(.joined(peer, players: present.count))
                actions = table.joined(peer, now: now, clocks: clocks)
            case .event(.left(let peer, let reason)):
                present.remove(peer.id)
                observer(.left(peer, reason, players: present.count))
                actions = table.left(peer.id, now: now, clocks: clocks)
            case .wake:
                scheduled = nil
                actions = table.tick(now: now, clocks: clocks)
            }
            for action in actions { perform(action) }
            if let next = table.nextWake, next != scheduled {
                timer?.cancel()
                scheduled = next
                timer = Task {
                    let delay = next - Press.now()
                    if delay > 0 { try? await Task.sleep(for: .microseconds(delay)) }
                    if !Task.isCancelled { wake.yield(.wake) }
                }
            }
        }
        timer?.cancel()
    }

    private func clockSnapshot() -> [PeerID: ClockEstimate] {
        var clocks: [PeerID: ClockEstimate] = [:]
        for peer in session.peers {
            if let clock = session.clock(of: peer.id) { clocks[peer.id] = clock }
        }
        return clocks
    }

    private func perform(_ action: TriviaTable.Action) {
        switch action {
        case .send(let message, let recipients):
            log(message, to: recipients)
            do {
                if !recipients.isEmpty { try session.send(message, to: .peers(recipients)) }
                observer(.sent(message, to: recipients))
            } catch {
                logger.error("trivia message not sent", metadata: ["error": "\(error)"])
                observer(.sendFailed("\(error)"))
            }
        case .gameStarted:
            session.gameStarted(lateJoinersAllowed: true)
        case .gameEnded:
            session.gameEnded()
        }
    }

    private func log(_ message: TriviaServerMessage, to recipients: [PeerID]) {
        switch message {
        case .game(let info) where info.firstQuestion == 1:
            logger.info("game started", metadata: ["mode": "\(info.mode)", "questions": "\(info.questions)", "players": "\(recipients.count)"])
        case .question(let asked):
            logger.debug("question asked", metadata: ["number": "\(asked.number)", "players": "\(recipients.count)"])
        case .result(let result):
            logger.info("question closed", metadata: [
                "number": "\(result.number)", "ended": "\(result.ended)", "scored": "\(result.scored.map(\.rawValue))",
                "tie": "\(result.tie)",
            ])
        case .rejected(let rejection):
            logger.debug("answer rejected", metadata: ["peer": "\(recipients.first.map { "\($0)" } ?? "?")", "reason": "\(rejection.reason)"])
        case .gameOver(let final):
            logger.info("game over", metadata: ["winners": "\(final.winners.map(\.rawValue))", "points": "\(final.points)", "ended": "\(final.ended)"])
        case .lobby, .game, .accepted:
            break
        }
    }
}
