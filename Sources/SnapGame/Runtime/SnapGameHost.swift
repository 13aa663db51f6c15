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

/// Runs a ``SnapTable`` on a host's ``HostSession`` (through ``GameTableRunner``): feeds it the
/// players' messages and comings and goings in arrival order, wakes it when a collection window
/// closes or a countdown ends, sends what it says, and tells the observer (screen, replay log).
/// Put it after the server in a `ServiceGroup`.
public struct SnapGameHost: Service {
    private let session: HostSession
    private let table: SnapTable
    private let logger: Logger
    private let observer: @Sendable (SnapHostEvent) -> Void

    /// A host that starts in its lobby with `table`.
    public init(
        session: HostSession, table: SnapTable, logger: Logger = Logger(label: "snap-host.snap"),
        observer: @escaping @Sendable (SnapHostEvent) -> Void = { _ in }
    ) {
        self.session = session
        self.table = table
        self.logger = logger
        self.observer = observer
    }

    /// Runs until the session ends or graceful shutdown begins.
    public func run() async {
        await GameTableRunner(session: session, initial: table) { table, input, moment in
            self.step(&table, input, moment)
        }.run()
    }

    private func step(_ table: inout SnapTable, _ input: GameInput, _ moment: GameMoment) -> Int64? {
        let actions: [SnapTable.Action]
        switch input {
        case .message(let message):
            guard message.from != .host else { return table.nextWake }
            if let chat = try? message.decode(LobbyMessage.self), chat.kind == "chat" { return table.nextWake }
            let snap = try? message.decode(SnapClientMessage.self)
            actions = table.received(snap, from: message.from, arrivedAt: message.receivedAt, clocks: moment.clocks)
        case .joined(let peer, let players):
            observer(.joined(peer, players: players))
            actions = table.joined(peer, now: moment.now)
        case .left(let peer, let reason, let players):
            observer(.left(peer, reason, players: players))
            actions = table.left(peer.id, now: moment.now)
        case .wake:
            actions = table.tick(now: moment.now, clocks: moment.clocks)
        }
        for action in actions { perform(action) }
        return table.nextWake
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
