import Glibc
import NIOCore
import NIOPosix
import Testing

@testable import Matchmaking

/// The last words of `cannot reach HOST: …`: the system's word for what went wrong, once.
@Suite struct TransportFailureTests {
    @Test func aRefusedConnectOnLoopbackReadsConnectionRefused() async throws {
        let closed = try await Self.closedPort()
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        for route in [HostRoute.tcp(host: "127.0.0.1", port: closed), .tcp(host: "localhost", port: closed)] {
            do {
                let channel = try await route.open(with: bootstrap)
                try? await channel.close()
                Issue.record("connected to a closed port")
            } catch {
                #expect(TransportFailure.reason(error) == "connection refused", "\(route): \(error)")
            }
        }
    }

    @Test func anErrnoIsTheSystemsWordInLowerCase() {
        #expect(TransportFailure.reason(IOError(errnoCode: ECONNREFUSED, reason: "connect")) == "connection refused")
        #expect(TransportFailure.reason(IOError(errnoCode: EHOSTUNREACH, reason: "connect")) == "no route to host")
        #expect(TransportFailure.reason(errno: EHOSTDOWN) == "host is down")
        #expect(TransportFailure.reason(ChannelError.connectTimeout(.seconds(5))) == "connection timed out")
    }

    @Test func anUnknownHostNameSaysSo() async {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        do {
            let channel = try await HostRoute.tcp(host: "no-such-host.invalid", port: 7777).open(with: bootstrap)
            try? await channel.close()
            Issue.record("resolved an .invalid name")
        } catch {
            let reason = TransportFailure.reason(error)
            #expect(!reason.contains("SocketAddressError") && !reason.contains("no-such-host") && !reason.isEmpty, "\(reason)")
            #expect(reason.first?.isLowercase == true, "\(reason)")
        }
    }

    @Test func anyOtherErrorDescribesItself() {
        struct NoRadio: Error, CustomStringConvertible { var description: String { "no Bluetooth adapter" } }
        #expect(TransportFailure.reason(NoRadio()) == "no Bluetooth adapter")
    }

    /// A loopback port nobody listens on (bound, then closed).
    static func closedPort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress!.port!
        try await channel.close()
        return port
    }
}
