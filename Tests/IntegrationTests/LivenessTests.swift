import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import Matchmaking

@Suite(.serialized, .timeLimit(.minutes(1))) struct LivenessTests {
    static let shortHeartbeat = HeartbeatConfiguration(interval: .milliseconds(100), timeout: .milliseconds(400))

    @Test func heartbeatsGiveClockEstimatesOnBothSides() async throws {
        let host = try await TestHost.start()
        let ann = try await host.join("Ann")
        #expect(await eventually { host.server.session.clock(of: ann.me.id)?.samples ?? 0 >= 3 })
        let estimate = try #require(host.server.session.clock(of: ann.me.id))
        // Same machine, same monotonic clock: the offset is within the round trip.
        #expect(abs(estimate.offset) <= max(estimate.roundTrip, 1_000))
        #expect(estimate.roundTrip < 500_000)  // loopback: well under a millisecond idle; 111 ms seen under load
        #expect(await eventually { ann.hostClock != nil })
        await host.server.shutdown()
    }

    @Test func aSilentAdmittedPeerIsDroppedWithinTheTimeout() async throws {
        let host = try await TestHost.start(heartbeat: Self.shortHeartbeat)
        let events = host.server.session.events
        let socket = try await RawClient.connect(port: host.port)
        _ = try await socket.readFrame()  // serverHello
        try await socket.send(#"{"type":"clientHello","version":1,"name":"Mute"}"#)
        let welcome = try await socket.readFrame()
        #expect(welcome.contains(#""type":"welcome""#))
        let started = ContinuousClock.now
        let event = await next(events, within: 3)
        guard case .joined = event else { Issue.record("expected joined, got \(String(describing: event))"); return }
        let left = await next(events, within: 3)
        #expect(left == .left(Peer(id: PeerID(rawValue: 1), name: "Mute"), .connectionDropped))
        // The 400 ms timeout, not the default 3 s one; the margin absorbs a loaded machine's stalls.
        #expect(ContinuousClock.now - started < .milliseconds(2_500))
        #expect(host.server.session.peers.isEmpty)
        await host.server.shutdown()
    }

    @Test func aSocketThatNeverSaysHelloIsClosedAndHoldsNoSlot() async throws {
        let host = try await TestHost.start(capacity: 1, handshakeTimeout: .milliseconds(500))
        let silent = try await RawClient.connect(port: host.port)
        _ = try await silent.readFrame()
        let ann = try await host.join("Ann")  // the silent socket did not take the only slot
        #expect(ann.me.name == "Ann")
        let deny = try await silent.readFrame()
        #expect(deny.contains(#""reason":"badHello""#))
        #expect(try await silent.readToEOF())
        await host.server.shutdown()
    }

    @Test func theClientNoticesASilentHost() async throws {
        // A fake host that welcomes and then never speaks again.
        let fake = try await SilentFakeHost.start()
        var configuration = ClientConfiguration(playerName: "Ann")
        configuration.machine.handshakeTimeout = .seconds(20)
        let session = try await MatchmakingClient.join(.tcp(host: "127.0.0.1", port: fake.port), configuration: configuration)
        let started = ContinuousClock.now
        #expect(await session.ended() == .connectionDropped)
        // The welcome said 300 ms; a client that kept its own 20 s handshake timeout would take
        // longer than 5 s, and one without heartbeats never ends. 5 s absorbs a loaded machine's
        // stalls (CI once took 2.3 s beside the other suites).
        #expect(ContinuousClock.now - started < .seconds(5))
        try await fake.close()
    }

    @Test func aClientThatStopsReadingIsDroppedInsteadOfGrowingTheHost() async throws {
        let host = try await TestHost.start(
            heartbeat: .init(interval: .seconds(5), timeout: .seconds(20)), sendBufferLimit: 256 * 1024)
        let events = host.server.session.events
        let stuck = try await RawClient.connect(port: host.port, receiveBuffer: 16_384)
        _ = try await stuck.readFrame()
        try await stuck.send(#"{"type":"clientHello","version":1,"name":"Stuck"}"#)
        _ = try await stuck.readFrame()  // welcome; from here on it reads nothing
        let reader = try await host.join("Reader")
        #expect(await next(events) == .joined(Peer(id: PeerID(rawValue: 1), name: "Stuck")))
        #expect(await next(events) == .joined(Peer(id: PeerID(rawValue: 2), name: "Reader")))
        let chunk = String(repeating: "x", count: 60_000)
        var sent = 0
        while host.server.session.peers.count == 2 && sent < 2_000 {  // at most 120 MB
            try host.server.session.send(chunk, to: .peer(PeerID(rawValue: 1)))
            sent += 1
            if sent % 50 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(await next(events) == .left(Peer(id: PeerID(rawValue: 1), name: "Stuck"), .connectionDropped))
        // The other player is unaffected.
        try host.server.session.send("still here", to: .peer(reader.me.id))
        #expect(try await next(reader.messages)?.decode(String.self) == "still here")
        await stuck.close()
        await host.server.shutdown()
    }
}
