import Matchmaking
import SnapGame
import Testing

/// Whole Snap! games over loopback TCP: a host running ``SnapHost`` and bots running ``SnapBot``.
@Suite(.timeLimit(.minutes(3))) struct SnapGameTests {
    /// Three bots play to a winner; every client agrees; the replay log recomputes the final state
    /// and 52 cards exist at every step.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6]) func threeBotsPlayToAWinnerAndTheLogReplays(seed: UInt64) async throws {
        var settings = SnapSettings()
        settings.maxFlips = 1_500
        let snap = try await SnapTestHost.start(capacity: 3, seed: seed, settings: settings)
        var bots: [SnapTestPlayer] = []
        for (index, name) in ["Ann", "Bob", "Cy"].enumerated() {
            bots.append(SnapTestPlayer(try await snap.host.join(name), bot: (reaction: 2, jitter: 6, flip: 1, seed: seed * 10 + UInt64(index))))
        }
        var finals: [SnapFinal] = []
        for bot in bots { finals.append(try #require(await bot.gameOver(within: 150))) }
        #expect(finals.allSatisfy { $0 == finals[0] })
        #expect(!finals[0].winners.isEmpty)
        #expect(finals[0].standings.reduce(0) { $0 + $1.cards } == 52)
        let games = try SnapReplay.replay(snap.log)
        #expect(games.count == 1)
        let game = try #require(games.first)
        #expect(game.conserved)
        #expect(game.recordedEnd != nil)
        #expect(game.final.outcome?.winners == finals[0].winners)
        #expect(game.final.seats.map(\.cards) == bots.map { bot in finals[0].standings.first { $0.id == bot.id }!.cards })
        // Every table every client saw holds 52 cards.
        for bot in bots {
            let tables = bot.seen.mutate { $0.compactMap { if case .table(let t) = $0 { t } else { nil } } }
            #expect(tables.allSatisfy { $0.seats.reduce(0) { $0 + $1.cards } == 52 })
            #expect(tables.map(\.seq) == tables.map(\.seq).sorted())
        }
        for bot in bots { await bot.quit() }
        await snap.stop()
    }

    @Test func aFourthClientDuringAGameIsDeniedInProgressAndAPlayerWhoLeavesIsRemoved() async throws {
        let snap = try await SnapTestHost.start(capacity: 3)
        let ann = SnapTestPlayer(try await snap.host.join("Ann"), bot: (reaction: 5, jitter: 5, flip: 5, seed: 1))
        let bob = SnapTestPlayer(try await snap.host.join("Bob"), bot: (reaction: 5, jitter: 5, flip: 5, seed: 2))
        let cy = SnapTestPlayer(try await snap.host.join("Cy"))  // never plays: it will leave
        #expect(await cy.table() != nil)
        await #expect(throws: JoinError.denied(.inProgress, detail: "a game is in progress and takes no late joiners")) {
            _ = try await snap.host.join("Dee")
        }
        await cy.quit()
        // The others see Cy removed, with 52 cards still accounted for by the log, and finish.
        let removed = await ann.table { $0.seat(cy.id)?.status == .left }
        #expect(removed != nil)
        #expect(removed?.seats.filter { $0.status != .left }.reduce(0) { $0 + $1.cards } ?? 0 < 52)
        let final = try #require(await ann.gameOver(within: 100))
        #expect(await bob.gameOver() == final)
        #expect(final.winners.count == 1)
        #expect(!final.winners.contains(cy.id))
        let game = try #require(try SnapReplay.replay(snap.log).first)
        #expect(game.conserved)
        #expect(game.final.cardsInPlay + game.final.removed.count == 52)
        // After the game the host admits players again.
        for player in [ann, bob] { await player.quit() }
        let dee = SnapTestPlayer(try await snap.host.join("Dee"))
        await dee.quit()
        await snap.stop()
    }
}
