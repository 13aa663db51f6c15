import Testing

@testable import Matchmaking

/// The seats as the Bluetooth host follows them (`MatchmakingServer.seatChanges`): taken over a
/// link with its label, and given up with the reason, in order.
@Suite(.timeLimit(.minutes(1))) struct SeatChangeTests {
    @Test func aSeatIsHeldOverItsLinkUntilItIsGivenUp() async throws {
        let host = try await TestHost.start()
        let seats = host.server.seatChanges
        let ann = try await host.join("Ann")
        guard case .held(let peer, let remote)? = await next(seats) else {
            Issue.record("no seat held")
            return
        }
        #expect(peer == ann.me)
        #expect(remote.hasPrefix("[IPv4]127.0.0.1"), "the link's label, as the log names it: \(remote)")
        let bob = try await host.join("Bob")
        guard case .held(let second, _)? = await next(seats) else {
            Issue.record("no second seat")
            return
        }
        #expect(second == bob.me)
        host.server.session.kick(bob.me.id)
        #expect(await next(seats) == .givenUp(bob.me, .kicked))
        _ = await ann.quit()
        #expect(await next(seats) == .givenUp(ann.me, .userQuit))
        await host.server.shutdown()
        #expect(await next(seats) == nil, "the stream ends with the host")
    }

    @Test func theHostStoppingGivesUpEverySeat() async throws {
        let host = try await TestHost.start()
        let seats = host.server.seatChanges
        let ann = try await host.join("Ann")
        guard case .held? = await next(seats) else {
            Issue.record("no seat held")
            return
        }
        await host.server.shutdown()
        #expect(await next(seats) == .givenUp(ann.me, .serverQuit))
    }
}
