import Logging
import Vocabulary
import ServiceLifecycle

/// Runs any ``GameTable`` on a host's session: the one consumer of the session's inputs, it
/// merges them with the table's wake-ups into one ordered stream, decodes each message to the
/// table's ``GameTable/ClientMessage`` (lobby chat goes to the observer instead, for every game
/// alike), hands every event to the table, performs the effects on the session, and tells the
/// observer. The host's commands (``command(_:)``) join the same stream, so a command is handled
/// in order with everything the players do. Put it after the server in a `ServiceGroup`, so it
/// stops first and the server then says goodbye to the players.
public struct GameHost<Table: GameTable>: Service {
    /// Hears every ``GameHostEvent``, on the runner's task.
    public typealias Observer = @Sendable (GameHostEvent<Table>) -> Void

    private let session: any GameHostSession
    private let table: Table
    private let logger: Logger
    private let observer: Observer
    private let commands: AsyncStream<HostCommand>
    private let commandSink: AsyncStream<HostCommand>.Continuation

    /// A runner for `table` on `session`.
    public init(session: any GameHostSession, table: Table, logger: Logger, observer: @escaping Observer = { _ in }) {
        self.session = session
        self.table = table
        self.logger = logger
        self.observer = observer
        (commands, commandSink) = AsyncStream.makeStream(of: HostCommand.self)
    }

    /// Hands the host's command to the table, after whatever came before it; the observer hears
    /// ``GameHostEvent/commanded(_:)`` or ``GameHostEvent/refused(_:)``. Once the runner has
    /// stopped, commands are dropped.
    public func command(_ command: HostCommand) { commandSink.yield(command) }

    /// One input of the merged stream.
    private enum Source: Sendable {
        /// From the session, as it came.
        case session(SessionInput)
        /// The alarm with this number rang (``WakeAlarm``).
        case wake(Int)
        /// The host's command.
        case command(HostCommand)
    }

    /// Runs until the session's inputs end or graceful shutdown begins.
    public func run() async {
        let (sources, sink) = AsyncStream.makeStream(of: Source.self)
        let (session, commands, commandSink) = (self.session, self.commands, self.commandSink)
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await input in session.inputs { sink.yield(.session(input)) }
                    sink.finish()
                }
                group.addTask {
                    for await command in commands { sink.yield(.command(command)) }
                }
                group.addTask {
                    await self.process(sources, wake: sink)
                    commandSink.finish()
                }
            }
        }
    }

    private func process(_ sources: AsyncStream<Source>, wake: AsyncStream<Source>.Continuation) async {
        var table = self.table
        var alarm = WakeAlarm(ring: { wake.yield(.wake($0)) })
        var roster = Roster(session.peers)
        for effect in table.opened(at: GameMoment(now: MonotonicClock.now(), clocks: session.clocks)) { perform(effect) }
        alarm.set(table.nextWake)
        for await source in sources {
            let event: GameEvent<Table.ClientMessage>
            switch source {
            case .session(.joined(let peer)):
                roster.add(peer)
                observer(.joined(peer, roster: roster))
                event = .joined(peer)
            case .session(.left(let peer, let reason)):
                roster.remove(peer.id)
                observer(.left(peer, reason, roster: roster))
                event = .left(peer, reason)
            case .session(.away(let peer)):
                roster.markAway(peer.id)
                observer(.away(peer, roster: roster))
                event = .away(peer)
            case .session(.back(let peer)):
                roster.markBack(peer.id)
                observer(.back(peer, roster: roster))
                event = .back(peer)
            case .session(.message(let message)):
                let name = message.senderName ?? (roster.contains(message.from) ? roster.name(of: message.from) : nil)
                guard let received = self.event(for: message, name: name) else { continue }
                event = received
            case .wake(let number):
                guard alarm.rang(number) else { continue }
                event = .wake
            case .command(let command):
                event = .command(command)
            }
            let moment = GameMoment(now: MonotonicClock.now(), clocks: session.clocks)
            let effects = table.handle(event, at: moment)
            if case .command(let command) = event, !effects.contains(where: \.isRefusal) {
                var metadata: Logger.Metadata = ["command": "\(command.name)"]
                if case .kick(let peer) = command { metadata["peer"] = "\(peer)" }
                if case .game(let own) = command { for (key, value) in own.arguments { metadata[key] = "\(GameCommand.text(value))" } }
                logger.info("host command", metadata: metadata)
                observer(.commanded(command))
            }
            for effect in effects { perform(effect) }
            alarm.set(table.nextWake)
        }
        alarm.set(nil)
    }

    /// The event for a message; nil for a chat line (told to the observer instead).
    private func event(for message: SessionMessage, name: String?) -> GameEvent<Table.ClientMessage>? {
        if let decoded = try? message.decode(Table.ClientMessage.self) {
            return .received(decoded, from: message.from, arrivedAt: message.receivedAt)
        }
        if let chat = ChatLine(message, name: name ?? "#\(message.from)") {
            observer(.chat(chat))
            return nil
        }
        logger.debug("undecodable game message", metadata: ["peer": "\(message.from)"])
        return .received(nil, from: message.from, arrivedAt: message.receivedAt)
    }

    private func perform(_ effect: Table.Effect) {
        if let record = Table.logRecord(for: effect) { logger.log(level: record.level, record.message, metadata: record.metadata) }
        switch effect {
        case .announce(let message, let recipients):
            deliver(message, to: recipients, then: .announced(message, to: recipients))
        case .send(let message, let recipients):
            deliver(message, to: recipients, then: .sent(message, to: recipients))
        case .retell(let message, let recipients):
            deliver(message, to: recipients, then: .retold(message, to: recipients))
        case .gameStarted(let lateJoinersAllowed):
            session.gameStarted(lateJoinersAllowed: lateJoinersAllowed)
        case .state(let message, let key, let recipients):
            do {
                if !recipients.isEmpty { try session.sendState(message, key: key, to: .peers(recipients)) }
                observer(.stateSent(message, key: key, to: recipients))
            } catch {
                logger.error("game state not sent", metadata: ["error": "\(error)"])
                observer(.sendFailed("\(error)"))
            }
        case .gameEnded:
            session.gameEnded()
        case .note(let note):
            observer(.note(note))
        case .kick(let peer):
            session.kick(peer)
        case .refused(let refusal):
            logger.debug("host command refused", metadata: ["command": "\(refusal.command.name)", "reason": "\(refusal.reason.name)"])
            observer(.refused(refusal))
        }
    }
}

extension GameHost {
    /// Sends `message` to `recipients` (none: nothing is sent) and tells the observer `event`,
    /// or ``GameHostEvent/sendFailed(_:)`` when the session refuses it.
    private func deliver(_ message: Table.ServerMessage, to recipients: [PeerID], then event: GameHostEvent<Table>) {
        do {
            if !recipients.isEmpty { try session.send(message, to: .peers(recipients)) }
            observer(event)
        } catch {
            logger.error("game message not sent", metadata: ["error": "\(error)"])
            observer(.sendFailed("\(error)"))
        }
    }
}

extension GameEffect {
    /// Whether this is a refusal of a host command.
    var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }
}
