import GameRuntime
import Matchmaking
import SnapGame

@testable import Matchmaking

/// A Snap! host on a ``TestHost``.
typealias SnapTestHost = GameTestHost<SnapTable>
/// A Snap! player driven by a test, optionally a ``SnapBot``.
typealias SnapTestPlayer = GameTestPlayer<SnapPlayerState>

extension GameTestHost where Table == SnapTable {
    static func start(capacity: Int, seed: UInt64 = 1, settings: SnapSettings = SnapSettings()) async throws -> SnapTestHost {
        try await start(SnapTable(settings: settings, capacity: capacity, seed: seed), admitting: capacity)
    }

    /// The replay log so far.
    var log: [SnapLogEntry] { notes }

    /// The number of games that ended.
    var gamesOver: Int {
        events.mutate { $0.filter { if case .sent(.gameOver, _) = $0 { true } else { false } }.count }
    }
}

extension GameTestPlayer where Model == SnapPlayerState {
    /// A player on `session` played by a ``SnapBot`` with these times (milliseconds) and seed.
    convenience init(_ session: PlayerSession, bot: (reaction: Double, jitter: Double, flip: Double, seed: UInt64)) {
        self.init(session) { SnapBot(player: $0, reaction: bot.reaction, jitter: bot.jitter, flipDelay: bot.flip, seed: bot.seed) }
    }

    func gameOver(within seconds: Double = 60) async -> SnapFinal? {
        await wait(within: seconds) { if case .gameOver(let final) = $0 { final } else { nil } }
    }

    /// Waits for the first table update matching `match`.
    func table(within seconds: Double = 10, _ match: @escaping @Sendable (TableState) -> Bool = { _ in true }) async -> TableState? {
        await wait(within: seconds) { if case .table(let table) = $0, match(table) { table } else { nil } }
    }
}
