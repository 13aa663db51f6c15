import Logging
import Matchmaking
import NIOCore
import NIOSSL
import NIOTLS

extension HostRoute {
    /// TCP to `host:port`, then TLS 1.3: the host must show a key `trust` accepts, or the attempt
    /// ends with a sentence saying what was shown and what to do (``LinkRefused``). Once trusted,
    /// the join-code proof is bound to the key's fingerprint (``LinkSecured``).
    public static func tls(host: String, port: Int, trust: HostTrust, logger: Logger = Logger(label: "snap-host.tls")) -> HostRoute {
        let tcp = HostRoute.tcp(host: host, port: port)
        let description = tcp.description
        return HostRoute(description) { bootstrap in
            try await tcp.open(with: bootstrap.protocolHandlers {
                let check = TrustCheck(route: description, trust: trust, logger: logger)
                // The custom callback replaces all of BoringSSL's verification: no CA, no name,
                // no dates; the fingerprint is the whole check.
                let handler = try! NIOSSLClientHandler(context: ClientTLS.context, serverHostname: nil) { certificates, promise in
                    promise.succeed(check.verify(certificates))
                }
                return [handler, check]
            })
        }
    }
}

/// The client's TLS context: TLS 1.3 only, trust decided per route by ``TrustCheck``.
enum ClientTLS {
    static let context: NIOSSLContext = {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv13
        configuration.certificateVerification = .noHostnameVerification  // replaced by the route's callback
        configuration.trustRoots = .certificates([])
        return try! NIOSSLContext(configuration: configuration)
    }()
}

/// Sits after the TLS handler of one connection: checks the host's certificate against the
/// route's trust (called by the TLS handler, on the event loop), then tells the client the
/// channel binding, or turns a failed handshake into a sentence.
final class TrustCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let route: String
    private let trust: HostTrust
    private let logger: Logger
    /// The fingerprint of the certificate the host showed, once the TLS handler asked.
    private var shown: Fingerprint?
    /// Why the host was refused, if it was.
    private var refusal: String?

    init(route: String, trust: HostTrust, logger: Logger) {
        self.route = route
        self.trust = trust
        self.logger = logger
    }

    /// The verdict on the host's certificates (the leaf first).
    func verify(_ certificates: [NIOSSLCertificate]) -> NIOSSLVerificationResult {
        guard let leaf = certificates.first, let der = try? leaf.toDERBytes() else {
            refusal = "\(route) showed no TLS certificate"
            return .failed
        }
        let fingerprint = Fingerprint(certificateDER: der)
        shown = fingerprint
        switch trust.check(fingerprint, route: route) {
        case .trusted(let firstSeen):
            if firstSeen { logger.notice("host key remembered", metadata: ["host": "\(route)", "fingerprint": "\(fingerprint.hex)"]) }
            return .certificateVerified
        case .trustedNotRemembered(let why):
            logger.warning(
                "host key not remembered: the next join trusts the key it is shown then",
                metadata: ["host": "\(route)", "fingerprint": "\(fingerprint.hex)", "error": "\(why)"])
            return .certificateVerified
        case .refused(let sentence):
            refusal = sentence
            return .failed
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event, let shown {
            context.fireUserInboundEventTriggered(LinkSecured(channelBinding: shown.bytes))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let refusal {
            context.fireErrorCaught(LinkRefused(refusal))
        } else if shown == nil, error is NIOSSLError {
            context.fireErrorCaught(LinkRefused(
                "\(route) does not speak TLS (a host started with --no-tls, or not a snap-host); "
                    + "join with --no-tls to play it without encryption"))
        } else {
            context.fireErrorCaught(error)
        }
    }
}
