import GameRuntime
import Logging
import Matchmaking
import ServiceLifecycle

/// `serve --bots N`: bots that sit in the host's own process and play like any player, over
/// local links (``MatchmakingServer/joinLocally(_:logger:)``): for demos, and to fill a table.
/// Their screens go nowhere. A bot plays game after game like `join --bot` (a bot the host kicks
/// does not come back); all leave on graceful shutdown.
struct LocalBots: Service {
    let server: MatchmakingServer
    let count: Int
    let game: GameRegistration
    let logger: Logger

    func run() async {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for number in 1...count {
                    group.addTask { await self.seat("Bot \(number)") }
                }
            }
        }
    }

    /// Plays game after game as `name`, until the host or this service stops (or kicks it).
    private func seat(_ name: String) async {
        let session: PlayerSession
        do {
            session = try await server.joinLocally(ClientConfiguration(playerName: name), logger: logger)
        } catch {
            logger.notice("bot not seated", metadata: ["name": "\(name)", "error": "\(error)"])
            return
        }
        await withTaskCancellationHandler {
            _ = await game.play(session, PlayOptions(bot: true, writer: ScreenWriter(inPlace: false) { _ in }))
        } onCancel: {
            Task { await session.quit() }
        }
    }
}
