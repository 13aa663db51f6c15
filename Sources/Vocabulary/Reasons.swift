/// Why a host refused a client. Sent in a `deny` frame before the host closes the connection.
public enum DenyReason: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Every slot is taken.
    case full
    /// A game that admits no late joiners is running.
    case inProgress
    /// The join code proof did not match (or was missing while a code is required).
    case wrongJoinCode
    /// The client speaks no protocol version the host speaks.
    case versionMismatch
    /// Another player in this game already has that name (case-insensitive).
    case nameTaken
    /// The client's hello was malformed: bad name, bad proof encoding, missing fields.
    case badHello

    public var description: String { rawValue }
}

/// Why a connection ended, as the peers report it. `bye` frames carry one, and so do `left`
/// announcements and a client's final state.
public enum EndReason: Hashable, Sendable, CustomStringConvertible {
    /// The player chose to leave.
    case userQuit
    /// The host shut down in an orderly way and said so.
    case serverQuit
    /// The other side went silent past the heartbeat timeout or the connection broke without a bye.
    case connectionDropped
    /// The host could not be reached at all (refused, unreachable, no route).
    case noNetwork
    /// The host refused to admit the client.
    case denied(DenyReason)
    /// The other side broke the protocol (bad frame, wrong message for the state).
    case protocolError
    /// The host removed this player (`bye kicked`).
    case kicked

    /// The name on the wire and in logs: `userQuit`, `denied(full)`, ...
    public var description: String {
        switch self {
        case .userQuit: "userQuit"
        case .serverQuit: "serverQuit"
        case .connectionDropped: "connectionDropped"
        case .noNetwork: "noNetwork"
        case .denied(let reason): "denied(\(reason))"
        case .protocolError: "protocolError"
        case .kicked: "kicked"
        }
    }
}

/// The reasons a `bye` frame may carry (a subset of ``EndReason``).
public enum ByeReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// Sent by a client that leaves.
    case userQuit
    /// Sent by a host that shuts down.
    case serverQuit
    /// Sent by either side before closing a connection whose peer broke the protocol.
    case protocolError
    /// Sent by either side before closing a connection that went silent past the timeout.
    case connectionDropped
    /// Sent by a host that removes a player (the host's kick command); the others are told
    /// `left kicked`. New in this build, at protocol version 1 (docs/PROTOCOL.md, section 12).
    case kicked

    /// The matching end reason.
    public var endReason: EndReason {
        switch self {
        case .userQuit: .userQuit
        case .serverQuit: .serverQuit
        case .protocolError: .protocolError
        case .connectionDropped: .connectionDropped
        case .kicked: .kicked
        }
    }
}
