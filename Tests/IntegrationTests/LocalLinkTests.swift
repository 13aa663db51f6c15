import Logging
import Testing

@testable import Matchmaking

/// A player in the host's own process joins over a local link: the same handshake, cap, deny
/// reasons, routing and heartbeats as a player over TCP.
@Suite(.timeLimit(.minutes(1))) struct LocalLinkTests {
    static func local(_ host: TestHost, _ name: String) async throws(JoinError) -> PlayerSession {
        var logger = Logger(label: "test.local")
        logger.logLevel = .critical
        return try await host.server.joinLocally(ClientConfiguration(playerName: name), logger: logger)
    }

    @Test func aLocalPlayerPlaysBesideARemoteOne() async throws {
        let host = try await TestHost.start()
        let ann = try await Self.local(host, "Ann")
        #expect(ann.me.id != .host)
        #expect(ann.host.name == "Test Host")
        let bob = try await host.join("Bob")
        #expect(bob.initialPeers.map(\.name) == ["Ann"])
        guard case .joined(let peer)? = await next(ann.events) else { Issue.record("Ann did not hear Bob join"); return }
        #expect(peer.name == "Bob")

        try ann.send(Numbered(lane: "to bob", n: 1), to: .peer(bob.me.id))
        let atBob = try #require(await next(bob.messages))
        #expect(atBob.from == ann.me.id)
        #expect(try atBob.decode(Numbered.self) == Numbered(lane: "to bob", n: 1))
        try ann.send(Numbered(lane: "to host", n: 2))
        let atHost = try #require(await next(host.server.session.messages))
        #expect(atHost.from == ann.me.id)
        #expect(atHost.senderName == "Ann")
        #expect(await eventually { host.server.session.clock(of: ann.me.id)?.samples ?? 0 >= 2 }, "heartbeats run on a local link too")

        #expect(await ann.quit() == .userQuit)
        guard case .left(let gone, .userQuit)? = await next(bob.events) else { Issue.record("Bob did not hear Ann leave"); return }
        #expect(gone.name == "Ann")
        await host.server.shutdown()
        #expect(await bob.ended() == .serverQuit)
    }

    @Test func aLocalPlayerCountsTowardsTheCapAndIsDeniedLikeAnyOther() async throws {
        let host = try await TestHost.start(capacity: 1)
        let ann = try await Self.local(host, "Ann")
        await #expect(throws: JoinError.denied(.full, detail: "the game is full (1 of 1 players)")) { try await host.join("Bob") }
        await #expect(throws: JoinError.denied(.full, detail: "the game is full (1 of 1 players)")) { try await Self.local(host, "Cy") }
        await ann.quit()
        let again = try await Self.local(host, "ann")
        #expect(again.me.name == "ann")
        await host.server.shutdown()
    }
}

/// Both sides refuse to send a message the host would refuse, before it leaves the process.
@Suite(.timeLimit(.minutes(1))) struct SendSizeTests {
    @Test func aMessageTooLargeForTheHostsFramesIsRefusedOnBothSides() async throws {
        let host = try await TestHost.start()
        let ann = try await host.join("Ann")
        #expect(ann.maxFrame == WireCodec.defaultMaxFrame)
        let big = String(repeating: "x", count: WireCodec.defaultMaxFrame)
        #expect(throws: SendError.tooLarge(bytes: big.utf8.count + 2, limit: WireCodec.defaultMaxFrame - 64)) { try ann.send(big) }
        #expect(throws: SendError.tooLarge(bytes: big.utf8.count + 2, limit: WireCodec.defaultMaxFrame - 64)) {
            try host.server.session.send(big, to: .all)
        }
        try ann.send("still here")
        #expect(try await next(host.server.session.messages)?.decode(String.self) == "still here")
        await host.server.shutdown()
    }
}
