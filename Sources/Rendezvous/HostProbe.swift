import Discovery
import Matchmaking
import NIOCore
import NIOPosix

/// Liveness check for browsers: can a TCP connection to the host's advertised port be opened?
/// A crashed host refuses at once; a vanished machine times out.
public enum HostProbe {
    /// True when any of the host's LAN addresses accepts a connection within `timeout`.
    public static func isReachable(
        _ host: FoundHost, timeout: TimeAmount = .milliseconds(800),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async -> Bool {
        for address in host.lanAddresses.prefix(2) {
            guard let socketAddress = try? address.socketAddress else { continue }
            let bootstrap = ClientBootstrap(group: group).connectTimeout(timeout)
            if let channel = try? await bootstrap.connect(to: socketAddress).get() {
                try? await channel.close()
                return true
            }
        }
        return host.lanAddresses.isEmpty
    }
}

extension LANAddress {
    /// The socket address to connect to; link-local IPv6 gets its interface as scope.
    public var socketAddress: SocketAddress {
        get throws {
            let address = try SocketAddress(ipAddress: self.address, port: port)
            guard isLinkLocal, case .v6(let v6) = address else { return address }
            var raw = v6.address
            raw.sin6_scope_id = UInt32(interface)
            return SocketAddress(raw, host: self.address)
        }
    }
}
