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

/// Runs a ``TriviaTable`` on a host's ``HostSession`` (through ``GameTableRunner``): feeds it the
/// players' messages and comings and goings in arrival order, wakes it on time, sends what it
/// says, and tells the screen (`observer`). Put it after the server in a `ServiceGroup`.
public struct TriviaHost: Service {
    private let session: HostSession
    private let table: TriviaTable
    private let logger: Logger
    private let observer: @Sendable (TriviaHostEvent) -> Void

    /// A host that starts in its lobby with `table`.
    public init(
        session: HostSession, table: TriviaTable, logger: Logger = Logger(label: "snap-host.trivia"),
        observer: @escaping @Sendable (TriviaHostEvent) -> Void = { _ in }
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

    private func step(_ table: inout TriviaTable, _ input: GameInput, _ moment: GameMoment) -> Int64? {
        let actions: [TriviaTable.Action]
        switch input {
        case .message(let message):
            guard message.from != .host else { return table.nextWake }
            if let trivia = try? message.decode(TriviaClientMessage.self) {
                actions = table.received(trivia, from: message.from, arrivedAt: message.receivedAt, clocks: moment.clocks)
            } else if let chat = try? message.decode(LobbyMessage.self), chat.kind == "chat" {
                observer(.chat(from: message.from, text: chat.text))
                return table.nextWake
            } else {
                logger.debug("malformed trivia message", metadata: ["peer": "\(message.from)"])
                actions = table.received(nil, from: message.from, arrivedAt: message.receivedAt, clocks: moment.clocks)
            }
        case .joined(let peer, let players):
            observer(.joined(peer, players: players))
            actions = table.joined(peer, now: moment.now, clocks: moment.clocks)
        case .left(let peer, let reason, let players):
            observer(.left(peer, reason, players: players))
            actions = table.left(peer.id, now: moment.now, clocks: moment.clocks)
        case .wake:
            actions = table.tick(now: moment.now, clocks: moment.clocks)
        }
        for action in actions { perform(action) }
        return table.nextWake
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
