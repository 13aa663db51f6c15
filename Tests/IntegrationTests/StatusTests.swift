import Testing

@testable import Matchmaking

/// The status (players, game state, name) for the advertisers: each follower has a stream of
/// its own (the DNS-SD and the Bluetooth advertiser both follow it on a host that has both).
@Suite(.timeLimit(.minutes(1))) struct StatusTests {
    @Test func everyFollowerSeesEveryChangeAndTheEnd() async throws {
        let host = try await TestHost.start()
        let dnssd = host.server.statusUpdates
        let bluetooth = host.server.statusUpdates
        #expect(await next(dnssd)?.players == 0)
        #expect(await next(bluetooth)?.players == 0)
        let ann = try await host.join("Ann")
        #expect(await next(dnssd)?.players == 1)
        #expect(await next(bluetooth)?.players == 1)
        host.server.session.gameStarted(lateJoinersAllowed: true)
        #expect(await next(dnssd)?.isPlaying == true)
        #expect(await next(bluetooth)?.isPlaying == true)
        _ = ann
        await host.server.shutdown()
        #expect(await Self.ends(dnssd), "the stream ends with the host")
        #expect(await Self.ends(bluetooth))
        let late = host.server.statusUpdates
        #expect(await next(late)?.players == 0, "a late follower gets the last status")
        #expect(await Self.ends(late))
    }

    /// Whether the stream ends (after any elements still in it) within `seconds`.
    static func ends(_ stream: AsyncStream<ServerStatus>, within seconds: Double = 5) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream {}
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return false
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
    }
}
