import GameRuntime
import Logging
import Matchmaking

@testable import Matchmaking

/// Any game's host on a ``TestHost``: its table runs in a ``GameHost``; every event it reports is kept.
struct GameTestHost<Table: GameTable> {
    let host: TestHost
    let events: Box<[GameHostEvent<Table>]>
    let task: Task<Void, Never>
    /// The runner: give it the host's commands.
    let runner: GameHost<Table>

    /// Starts a host admitting `capacity` players and runs `table` on it.
    static func start(
        _ table: Table, admitting capacity: Int, heartbeat: HeartbeatConfiguration = .init(interval: .milliseconds(100), timeout: .seconds(3))
    ) async throws -> GameTestHost {
        let host = try await TestHost.start(capacity: capacity, heartbeat: heartbeat)
        var logger = Logger(label: "test.game")
        logger.logLevel = .critical
        let events = Box<[GameHostEvent<Table>]>([])
        let runner = GameHost(session: host.server.session, table: table, logger: logger) { event in events.mutate { $0.append(event) } }
        return GameTestHost(host: host, events: events, task: Task { await runner.run() }, runner: runner)
    }

    /// Messages the host sent, in order, with their recipients.
    var sent: [(message: Table.ServerMessage, to: [PeerID])] {
        events.mutate { events in
            events.compactMap { event in
                if case .sent(let message, let to) = event { return (message, to) }
                return nil
            }
        }
    }

    /// The table's notes so far.
    var notes: [Table.Note] {
        events.mutate { $0.compactMap { if case .note(let note) = $0 { note } else { nil } } }
    }

    func stop() async {
        await host.server.shutdown()
        await task.value
    }
}

/// A player driven by a test, optionally by a bot: the host's messages it got are collected, and
/// it can wait for one.
final class GameTestPlayer<Model: PlayerModel>: Sendable {
    typealias Message = Model.ServerMessage

    let session: PlayerSession
    let player: GamePlayer<Model>
    let seen = Box<[Message]>([])
    private let feeding: Task<Void, Never>

    /// A player on `session`; `bot` (given the player) plays it.
    init(_ session: PlayerSession, bot: ((GamePlayer<Model>) -> any GameBot<Message>)? = nil) {
        self.session = session
        let player = GamePlayer<Model>(session: session)
        self.player = player
        let robot = bot?(player)
        let seen = self.seen
        let reader = Task { await player.run() }
        feeding = Task {
            for await case .received(let message) in player.events {
                seen.mutate { $0.append(message) }
                robot?.react(to: message)
            }
            await reader.value
        }
    }

    var id: PeerID { session.me.id }

    /// Waits for the first message (from the start, or after `skipping` messages) that `match` accepts.
    func wait<T: Sendable>(within seconds: Double = 10, skipping: Int = 0, _ match: @escaping @Sendable (Message) -> T?) async -> T? {
        let found = Box<T?>(nil)
        _ = await eventually(within: seconds) {
            let hit = self.seen.mutate { $0.dropFirst(skipping).lazy.compactMap(match).first }
            found.mutate { $0 = hit }
            return hit != nil
        }
        return found.mutate { $0 }
    }

    /// Every message `pick` accepts, in order.
    func all<T: Sendable>(_ pick: @escaping @Sendable (Message) -> T?) -> [T] {
        seen.mutate { $0.compactMap(pick) }
    }

    func quit() async {
        await session.quit()
        await feeding.value
    }
}
