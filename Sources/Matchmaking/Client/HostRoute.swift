import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A way to reach a host: something that opens a connected byte stream to it and gives the
/// stream the client's pipeline. Matchmaking knows TCP and an already-connected socket; the
/// Bluetooth route (RFCOMM after an SDP lookup) comes from the module that knows radios.
///
/// Two routes are equal when they describe the same endpoint (`10.0.0.5:7777`,
/// `AA:BB:CC:DD:EE:FF (RFCOMM channel 7)`): the description is what a person and a log see.
public struct HostRoute: Hashable, Sendable, CustomStringConvertible {
    /// Opens the stream with the bootstrap it is given (group, options and channel initializer
    /// already set), or throws why it cannot.
    public typealias Opener = @Sendable (ClientBootstrap) async throws -> any Channel

    /// The endpoint, for people and logs.
    public let description: String
    private let opener: Opener

    /// A route described by `description` and opened by `open`.
    public init(_ description: String, open: @escaping Opener) {
        self.description = description
        self.opener = open
    }

    /// Opens the stream.
    public func open(with bootstrap: ClientBootstrap) async throws -> any Channel { try await opener(bootstrap) }

    /// TCP to a host name or IP literal (an IPv6 literal may carry a `%zone`) and port.
    public static func tcp(host: String, port: Int) -> HostRoute {
        let description = host.contains(":" as Character) ? "[\(host)]:\(port)" : "\(host):\(port)"
        return HostRoute(description) { bootstrap in
            let tcp = bootstrap.channelOption(.tcpOption(.tcp_nodelay), value: 1)
            if let address = try? SocketAddress(ipAddress: host, port: port) {
                return try await tcp.connect(to: address).get()  // no resolver round for a literal
            }
            return try await tcp.connect(host: host, port: port).get()
        }
    }

    /// A stream socket that is connected already (`description` names its peer). The route owns
    /// the socket: it is closed if it cannot be adopted.
    public static func connectedSocket(_ socket: Int32, description: String) -> HostRoute {
        HostRoute(description) { bootstrap in
            do {
                return try await bootstrap.withConnectedSocket(socket).get()
            } catch {
                _ = close(socket)
                throw error
            }
        }
    }

    public static func == (lhs: HostRoute, rhs: HostRoute) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

/// Looks for a host on whatever it knows (the LAN, Bluetooth) and reports routes to it as they
/// are found, for ``MatchmakingClient/join(finding:within:configuration:group:logger:)``. The
/// client's state machine decides which to take and when to give up.
public protocol HostFinder: Sendable {
    /// What is looked for and where, for the message when nothing is found (`found no DESCRIPTION
    /// within 5 s`): `host named "Kitchen Pi" on the LAN or over Bluetooth`.
    var description: String { get }
    /// Routes as they are found; ends when the search cannot go on (say why with
    /// ``FinderEvent/failed(_:)``). Stops when the consumer stops iterating.
    func search() -> AsyncStream<FinderEvent>
}

/// What a ``HostFinder`` reports.
public enum FinderEvent: Hashable, Sendable {
    /// A route to the host. `isFallback`: take it only when nothing better turns up before the
    /// search's deadline (a Bluetooth route while the LAN is still being asked).
    case found(HostRoute, isFallback: Bool)
    /// The search cannot go on (no daemon to ask, say), and why.
    case failed(String)
}
