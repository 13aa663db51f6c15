import Matchmaking
import NIOCore
import NIOSSL

/// TLS 1.3 on a host's accepted TCP links, with its ``HostIdentity``: the
/// ``HostLinkSecurity`` a TLS host gives its ``ServerConfiguration``.
public struct TLSHost: HostLinkSecurity {
    /// The certificate's SHA-256: the channel binding of every link, and what is advertised.
    public let fingerprint: Fingerprint
    private let context: NIOSSLContext

    /// TLS with `identity`; TLS 1.3 only.
    public init(identity: HostIdentity) throws {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(identity.certificate)], privateKey: .privateKey(identity.privateKey))
        configuration.minimumTLSVersion = .tlsv13
        context = try NIOSSLContext(configuration: configuration)
        fingerprint = identity.fingerprint
    }

    public var channelBinding: [UInt8] { fingerprint.bytes }

    public func secure(_ channel: any Channel) throws {
        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context), position: .first)
    }
}
