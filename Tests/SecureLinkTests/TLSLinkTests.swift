import Foundation
import Logging
import Matchmaking
import NIOCore
import NIOPosix
import Testing

@testable import SecureLink

/// Real TLS 1.3 on loopback: a host with its own key, players that pin it or trust it on first
/// use, a relay in the middle, a plain-text client at a TLS port.
@Suite struct TLSLinkTests {
    static func identity() throws -> HostIdentity {
        try HostIdentity.loadOrCreate(in: FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID())").path)
    }

    static func quiet(_ label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        return logger
    }

    static func host(
        joinCode: String? = "tiger-42", identity: HostIdentity?, handshakeTimeout: TimeAmount = ServerConfiguration.defaultHandshakeTimeout
    ) async throws -> (MatchmakingServer, Int) {
        var configuration = ServerConfiguration(name: "TLS Host")
        configuration.handshakeTimeout = handshakeTimeout
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.joinCode = joinCode
        configuration.datagrams = false
        configuration.linkSecurity = try identity.map { try TLSHost(identity: $0) }
        let server = try MatchmakingServer(configuration: configuration, logger: quiet("test.tls.host"))
        let address = try await server.start()
        return (server, address.port!)
    }

    static func join(_ route: HostRoute, name: String = "Ann", code: String? = "tiger-42") async throws(JoinError) -> PlayerSession {
        try await MatchmakingClient.join(route, configuration: ClientConfiguration(playerName: name, joinCode: code), logger: quiet("test.tls.client"))
    }

    /// Why joining over `route` failed (nil: it joined, and left again).
    static func failure(_ route: HostRoute, name: String = "Ann", code: String? = "tiger-42") async -> JoinError? {
        do {
            let session = try await join(route, name: name, code: code)
            await session.quit()
            return nil
        } catch {
            return error
        }
    }

    /// The sentence of a `noNetwork` failure.
    static func sentence(_ error: JoinError?) -> String? {
        guard case .noNetwork(let sentence)? = error else { return nil }
        return sentence
    }

    @Test func aPlayerWhoPinsTheHostsKeyJoinsWithTheCodeAndTheHostHearsIt() async throws {
        let identity = try Self.identity()
        let (server, port) = try await Self.host(identity: identity)
        let ann = try await Self.join(.tls(host: "127.0.0.1", port: port, trust: .pinned(identity.fingerprint, source: "test")))
        #expect(ann.me.name == "Ann")
        #expect(server.session.peers.map(\.name) == ["Ann"])
        await ann.quit()
        await server.shutdown()
    }

    @Test func anotherKeyIsRefusedWithTheSentence() async throws {
        let (server, port) = try await Self.host(identity: try Self.identity())
        let other = try Self.identity().fingerprint
        let sentence = try #require(Self.sentence(await Self.failure(
            .tls(host: "127.0.0.1", port: port, trust: .pinned(other, source: "given with --fingerprint")))))
        #expect(sentence.hasPrefix("127.0.0.1:\(port) shows TLS key "))
        #expect(sentence.contains("not the key given with --fingerprint (\(other.short)…)"))
        #expect(server.session.peers.isEmpty)
        await server.shutdown()
    }

    @Test func aRelayWithItsOwnKeyCannotPassTheProofOn() async throws {
        let identity = try Self.identity()
        let (server, port) = try await Self.host(identity: identity)
        let relay = try await TLSRelay.start(to: port, identity: try Self.identity())
        // First use through the relay: TLS takes the relay's key, but the proof is bound to it,
        // so the real host finds the code wrong.
        let knownHosts = KnownHosts(path: FileManager.default.temporaryDirectory.appendingPathComponent("kh-\(UUID())").path)
        let viaRelay = HostRoute.tls(host: "127.0.0.1", port: relay.port, trust: .firstUse(knownHosts, endpoint: "relay"))
        #expect(await Self.failure(viaRelay) == .denied(.wrongJoinCode, detail: "the join code is wrong"))
        // The same relay without a join code: the bytes do pass (so the denial above was the
        // binding, not a broken relay).
        let (open, openPort) = try await Self.host(joinCode: nil, identity: identity)
        let openRelay = try await TLSRelay.start(to: openPort, identity: try Self.identity())
        let bob = try await Self.join(.tls(host: "127.0.0.1", port: openRelay.port, trust: .firstUse(knownHosts, endpoint: "open")), name: "Bob", code: nil)
        #expect(bob.me.name == "Bob")
        // And a player who pinned the real key is refused at TLS.
        let refused = try #require(Self.sentence(await Self.failure(
            .tls(host: "127.0.0.1", port: relay.port, trust: .pinned(identity.fingerprint, source: "advertised on the LAN")))))
        #expect(refused.contains("not the key advertised on the LAN"))
        await bob.quit()
        try await relay.channel.close()
        try await openRelay.channel.close()
        await open.shutdown()
        await server.shutdown()
    }

    @Test func aTLSPlayerAtAClearTextHostIsToldToUseNoTLS() async throws {
        let (server, port) = try await Self.host(identity: nil)
        let some = try Self.identity().fingerprint
        let sentence = Self.sentence(await Self.failure(.tls(host: "127.0.0.1", port: port, trust: .pinned(some, source: "test"))))
        #expect(sentence == "127.0.0.1:\(port) does not speak TLS (a host started with --no-tls, or not a snap-host); join with --no-tls to play it without encryption")
        await server.shutdown()
    }

    @Test func clearTextAtATLSPortIsClosedAndTheHostServesOn() async throws {
        let identity = try Self.identity()
        let (server, port) = try await Self.host(identity: identity)
        let ann = try await Self.join(.tls(host: "127.0.0.1", port: port, trust: .pinned(identity.fingerprint, source: "test")))
        // A clear-text clientHello frame, where TLS expects its own hello.
        let hello = Array(#"{"type":"clientHello","version":1,"name":"Eve"}"#.utf8)
        let frame = withUnsafeBytes(of: UInt32(hello.count).bigEndian, Array.init) + hello
        let closed = try await RawSocket.sendAndAwaitClose(frame, port: port, within: .seconds(5))
        #expect(closed)
        #expect(server.session.peers.map(\.name) == ["Ann"])
        let bob = try await Self.join(.tls(host: "127.0.0.1", port: port, trust: .pinned(identity.fingerprint, source: "test")), name: "Bob")
        #expect(Set(server.session.peers.map(\.name)) == ["Ann", "Bob"])
        await bob.quit()
        await ann.quit()
        await server.shutdown()
    }
}

extension TLSLinkTests {
    /// A peer that never sends a TLS hello: the host's farewell (a deny at the handshake timeout)
    /// cannot be written before a TLS handshake, and the connection is closed all the same, once
    /// the farewell's linger is over, rather than held open as long as the peer keeps it.
    @Test func aConnectionThatNeverStartsTLSIsClosedAfterTheHandshakeTimeout() async throws {
        let (server, port) = try await Self.host(identity: try Self.identity(), handshakeTimeout: .milliseconds(200))
        let closed = try await RawSocket.sendAndAwaitClose([], port: port, within: .seconds(5))
        #expect(closed)
        await server.shutdown()
    }
}

/// A plain TCP socket, for bytes no player would send.
enum RawSocket {
    /// Connects, sends `bytes` (none: a silent peer, which writes nothing, so that a host that
    /// already closed it on a loaded machine is not taken for an error), and waits until the
    /// host closes; true if it did within `limit`.
    static func sendAndAwaitClose(_ bytes: [UInt8], port: Int, within limit: Duration) async throws -> Bool {
        let closed = ClosedWatch()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(closed) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        if !bytes.isEmpty { try await channel.writeAndFlush(ByteBuffer(bytes: bytes)) }
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if !channel.isActive { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        try? await channel.close()
        return false
    }

    final class ClosedWatch: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
    }
}
