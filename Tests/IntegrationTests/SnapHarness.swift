import Logging
import Matchmaking
import SnapGame

@testable import Matchmaking

/// A Snap! host on a ``TestHost``: its table runs in a ``SnapGameHost``; every event it reports is kept.
struct SnapTestHost {
    let host: TestHost
    let events: Box<[SnapHostEvent]>
    let task: Task<Void, Never>

    static func start(capacity: Int, seed: UInt64 = 1, settings: SnapSettings = SnapSettings()) async throws -> SnapTestHost {
        let host = try await TestHost.start(capacity: capacity)
        var logger = Logger(label: "test.snap")
        logger.logLevel = .critical
        let events = Box<[SnapHostEvent]>([])
        let snap = SnapGameHost(session: host.server.session, table: SnapTable(settings: settings, capacity: capacity, seed: seed), logger: logger) {
            event in events.mutate { $0.append(event) }
        }
        return SnapTestHost(host: host, events: events, task: Task { await snap.run() })
    }

    /// The replay log so far.
    var log: [SnapLogEntry] {
        events.mutate { $0.compactMap { if case .log(let entry) = $0 { entry } else { nil } } }
    }

    /// The number of games that ended.
    var gamesOver: Int {
        events.mutate { $0.filter { if case .sent(.gameOver, _) = $0 { true } else { false } }.count }
    }

    func stop() async {
        await host.server.shutdown()
        await task.value
    }
}

/// A Snap! player driven by a test, optionally a ``SnapBot``: its updates are collected.
final class SnapTestPlayer: Sendable {
    let session: PlayerSession
    let player: SnapPlayer
    let seen = Box<[SnapServerMessage]>([])
    private let feeding: Task<Void, Never>

    init(_ session: PlayerSession, bot: (reaction: Double, jitter: Double, flip: Double, seed: UInt64)? = nil) {
        self.session = session
        let player = SnapPlayer(session: session)
        self.player = player
        let robot = bot.map { SnapBot(player: player, reaction: $0.reaction, jitter: $0.jitter, flipDelay: $0.flip, seed: $0.seed) }
        let seen = self.seen
        let reader = Task { _ = await player.run() }
        feeding = Task {
            for await update in player.updates {
                seen.mutate { $0.append(update) }
                robot?.react(to: update)
            }
            await reader.value
        }
    }

    var id: PeerID { session.me.id }

    func gameOver(within seconds: Double = 60) async -> SnapFinal? {
        let found = Box<SnapFinal?>(nil)
        _ = await eventually(within: seconds) {
            let final = self.seen.mutate { $0.lazy.compactMap { if case .gameOver(let f) = $0 { f } else { nil } }.first }
            found.mutate { $0 = final }
            return final != nil
        }
        return found.mutate { $0 }
    }

    /// Waits for the first table update matching `match`.
    func table(within seconds: Double = 10, _ match: @escaping @Sendable (TableState) -> Bool = { _ in true }) async -> TableState? {
        let found = Box<TableState?>(nil)
        _ = await eventually(within: seconds) {
            let hit = self.seen.mutate { $0.lazy.compactMap { if case .table(let t) = $0, match(t) { t } else { nil } }.first }
            found.mutate { $0 = hit }
            return hit != nil
        }
        return found.mutate { $0 }
    }

    func quit() async {
        await session.quit()
        await feeding.value
    }
}
