import Matchmaking
import NIOCore
import Testing
import Trivia

/// "First" is judged by press time corrected with each player's clock offset, not by arrival.
@Suite(.timeLimit(.minutes(1))) struct TriviaFairnessTests {
    @Test func aPlayerOnALinkDelayed40msWhoPressedFirstIsJudgedFirst() async throws {
        let trivia = try await TriviaTestHost.start(bank: rightOrWrongBank(1), mode: .first, capacity: 3, questionTime: 10)
        let session = trivia.host.server.session
        let proxy = try await DelayProxy.start(to: trivia.host.port, delay: .milliseconds(40))
        let slow = ScriptedPlayer(try await MatchmakingClient.join(
            .tcp(host: "127.0.0.1", port: proxy.port), configuration: ClientConfiguration(playerName: "Slow")))
        let fast = ScriptedPlayer(try await trivia.host.join("Fast"))
        // Wait until the host has measured both links (heartbeats every 100 ms) before the game starts.
        #expect(await eventually(within: 10) {
            (session.clock(of: slow.id)?.samples ?? 0) >= 4 && (session.clock(of: fast.id)?.samples ?? 0) >= 4
        })
        let slowLink = try #require(session.clock(of: slow.id))
        #expect(slowLink.medianRoundTrip >= 80_000)  // 40 ms each way
        let starter = ScriptedPlayer(try await trivia.host.join("Starter"))  // the third player starts the game
        let asked = try #require(await slow.question(1))
        #expect(await fast.question(1) != nil)

        // Slow presses first; Fast 20 ms later. Fast's press arrives ~20 ms before Slow's.
        #expect(slow.player.press(asked.right).wasSent)
        try await Task.sleep(for: .milliseconds(20))
        #expect(fast.player.press(asked.right).wasSent)

        let result = try #require(await starter.result(1))
        #expect(result.scored == [slow.id])
        #expect(result.ended == .firstCorrect)
        #expect(result.tie == false)
        // The host did receive Fast's answer first: it acknowledged Fast before Slow.
        let acknowledged = trivia.sent.compactMap { sent -> PeerID? in
            if case .accepted = sent.message { return sent.to.first }
            return nil
        }
        #expect(acknowledged == [fast.id, slow.id])
        for player in [slow, fast, starter] { await player.quit() }
        await proxy.close()
        await trivia.stop()
    }
}
