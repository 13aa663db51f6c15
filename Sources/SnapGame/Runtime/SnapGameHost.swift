import Logging
import Matchmaking
import ServiceLifecycle

/// What the host's screen and replay log are told.
public enum SnapHostEvent: Hashable, Sendable {
    /// The host sent this message to these players.
    case sent(SnapServerMessage, to: [PeerID])
    /// A player was admitted; `players` are present now.
    case joined(Peer, players: Int)
    /// A player left; `players` are present now.
    case left(Peer, ByeReason, players: Int)
    /// A replay log entry.
    case log(SnapLogEntry)
    /// A message could not be sent (too large; a bug).
    case sendFailed(String)
}

/// Runs a ``SnapTable`` on a host's ``Session``: the one consumer of the session's messages and
/// events, it feeds them to the table in arrival order, wakes it when a collection window closes
/// or a countdown ends, sends what it says, and tells the observer (screen, replay log). Put it
/// after the server in a `ServiceGroup`.
public struct SnapGameHost: Service {
    private let session: Session
    private let table: SnapTable
    private let logger: Logger
    private let observer: @Sendable (SnapHostEvent) -> Void

    /// A host that starts in its lobby with `table`.
    public init(
        session: Session, table: SnapTable, logger: Logger = Logger(label: "snap-host.snap"),
        observer: @escaping @Sendable (SnapHostEvent) -> Void = { _ in }
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
            let actions: [SnapTable.Action]
            switch input {
            case .message(let message):
                guard message.from != .host else { continue }
                if let chat = try? message.decode(LobbyMessage.self), chat.kind == "chat" { continue }
                let snap = try? message.decode(SnapClientMessage.self)
                actions = table.received(snap, from: message.from, arrivedAt: message.receivedAt, clocks: clockSnapshot())
            case .event(.joined(let peer)):
                present.insert(peer.id)
                observer(.joined(peer, players: present.count))
                actions = table.joined(peer, now: now)
            case .event(.left(let peer, let reason)):
                present.remove(peer.id)
                observer(.left(peer, reason, players: present.count))
                actions = table.left(peer.id, now: now)
            case .wake:
                scheduled = nil
                actions = table.tick(now: now, clocks: clockSnapshot())
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

    private func perform(_ action: SnapTable.Action) {
        switch action {
        case .send(let message, let recipients):
            do {
                if !recipients.isEmpty { try session.send(message, to: .peers(recipients)) }
                observer(.sent(message, to: recipients))
            } catch {
                logger.error("snap message not sent", metadata: ["error": "\(error)"])
                observer(.sendFailed("\(error)"))
            }
            if case .gameOver(let final) = message {
                logger.info("game over", metadata: ["winners": "\(final.winners.map(\.rawValue))", "ended": "\(final.ended)", "flips": "\(final.flips)"])
            }
        case .gameStarted:
            session.gameStarted(lateJoinersAllowed: false)
            logger.info("game started")
        case .gameEnded:
            session.gameEnded()
        case .log(let entry):
            observer(.log(entry))
        }
    }
}
