import FoundationEssentials
import NIOCore

/// What a client needs to join a host.
public struct ClientConfiguration: Sendable {
    /// The player, the join code, the handshake deadline and the versions.
    public var machine: ClientStateMachine.Configuration
    /// Time allowed to open the TCP connection.
    public var connectTimeout: TimeAmount = .seconds(5)
    /// The largest frame payload accepted from the host.
    public var maxFrame: Int = WireCodec.defaultMaxFrame
    /// Whether real-time states may travel over UDP when the host offers a port (version 3);
    /// false keeps them on the link (as over RFCOMM or a WebSocket).
    public var datagrams = true

    /// Creates a configuration.
    public init(playerName: String, joinCode: String? = nil) {
        machine = ClientStateMachine.Configuration(playerName: playerName, joinCode: joinCode)
    }

    /// The player's display name (see ``PlayerName``).
    public var playerName: String {
        get { machine.playerName }
        set { machine.playerName = newValue }
    }

    /// Resume tokens held, by host id: a host this client held a seat on is asked for it back.
    public var resumeTokens: [UUID: String] {
        get { machine.resumeTokens }
        set { machine.resumeTokens = newValue }
    }

    /// The host's join code, if it has one. Never sent, never logged: only a proof is sent.
    public var joinCode: String? {
        get { machine.joinCode }
        set { machine.joinCode = newValue }
    }
}

/// Why joining failed.
public enum JoinError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host refused, with its reason and detail (and, for `nameTaken`, a free name it
    /// suggests).
    case denied(DenyReason, detail: String, suggestion: String? = nil)
    /// The host could not be reached.
    case noNetwork(String)
    /// The connection closed or went silent during the handshake.
    case connectionDropped
    /// The host broke the protocol.
    case protocolError
    /// The client's own settings are invalid (e.g. an empty player name).
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .denied(let reason, let detail, _): "denied: \(reason) (\(detail))"
        case .noNetwork(let detail): "noNetwork: \(detail)"
        case .connectionDropped: "connectionDropped"
        case .protocolError: "protocolError"
        case .invalidConfiguration(let detail): detail
        }
    }
}
