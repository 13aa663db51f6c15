import NIOCore

/// Secures a host's accepted TCP links (TLS, from the SecureLink module): Matchmaking itself
/// knows no TLS, only that a secured link binds the join-code proof to the host's certificate.
public protocol HostLinkSecurity: Sendable {
    /// What the join-code proof on a secured link is bound to: the SHA-256 of the host's
    /// certificate (tls-server-end-point, see ``JoinProof``).
    var channelBinding: [UInt8] { get }
    /// Adds the handlers that secure `channel`, at the front of its pipeline. Called on the
    /// channel's event loop before the host's own handlers are added.
    func secure(_ channel: any Channel) throws
}

/// Fired inbound by a client's security layer once its handshake is done and the host is
/// trusted, before the host's first frame: the client binds its join-code proof to
/// `channelBinding` (the SHA-256 of the certificate the host showed).
public struct LinkSecured: Sendable, Hashable {
    /// The SHA-256 of the host's certificate (DER).
    public let channelBinding: [UInt8]
    /// Carries `channelBinding`.
    public init(channelBinding: [UInt8]) { self.channelBinding = channelBinding }
}

/// Passed to `fireErrorCaught` by a client's security layer that refuses the host: the client
/// ends the attempt with `description`, a sentence that says what was found and what to do.
public struct LinkRefused: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence for the user.
    public let description: String
    /// A refusal saying `description`.
    public init(_ description: String) { self.description = description }
}
