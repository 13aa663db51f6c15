import Logging
import Matchmaking
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import ServiceLifecycle

/// The host's web port: the phone page (`/`), the TV page (`/screen`), the host page (`/host`),
/// their styles and scripts, and three WebSockets: `/ws`, where a phone is a player (a link of
/// the ``MatchmakingServer``, with the same handshake, cap, heartbeats and clock estimates as any
/// other), `/screen/ws`, the ``ScreenFeed``, and `/host/ws`, the ``HostPage`` (the host PIN, then
/// the host's commands).
///
/// It runs on the host's own event loops with SwiftNIO's HTTP/1 server and WebSocket upgrader
/// (docs/ARCHITECTURE.md says why not Hummingbird). Limits (``WebConfiguration``): request heads
/// of at most 16 KiB, no request bodies, GET and HEAD only, a deadline for each request head,
/// WebSocket messages up to the host's `maxFrame`, a WebSocket only for this host's own pages
/// (``OriginCheck``), and a cap on connections per address.
public final class WebServer: Service, Sendable {
    /// The settings it was made with.
    public let configuration: WebConfiguration
    private let server: MatchmakingServer
    private let feed: ScreenFeed?
    private let hostPage: HostPage?
    private let group: any EventLoopGroup
    private let logger: Logger
    private let counts: AddressCounts
    private let listener: Listener
    /// What the port serves (the pages, gzipped, and the game's page module), made once for
    /// every connection.
    private let site: Site
    /// Each event loop's framing cache for its players' links (``ServerFrames/Cache``).
    private let frameCaches: [ObjectIdentifier: NIOLoopBoundBox<ServerFrames.Cache>]

    /// The largest request head accepted, in bytes (browsers send 1-2 KiB).
    public static let maxRequestHead = 16 * 1024

    /// A web port for `server`'s players, with `feed` for screens (nil: `/screen/ws` is refused)
    /// and `hostPage` for the host's commands (nil: `/host/ws` is refused).
    public init(
        configuration: WebConfiguration, server: MatchmakingServer, feed: ScreenFeed?, hostPage: HostPage? = nil,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger
    ) throws(WebConfiguration.Invalid) {
        try configuration.validate()
        self.configuration = configuration
        self.server = server
        self.feed = feed
        self.hostPage = hostPage
        self.group = group
        self.logger = logger
        self.listener = Listener(group: group, logger: logger)
        self.counts = AddressCounts(limit: configuration.maxConnectionsPerAddress)
        self.site = Site(game: configuration.gamePage)
        var caches: [ObjectIdentifier: NIOLoopBoundBox<ServerFrames.Cache>] = [:]
        for loop in group.makeIterator() {
            caches[ObjectIdentifier(loop)] = .makeBoxSendingValue(ServerFrames.Cache(), eventLoop: loop)
        }
        self.frameCaches = caches
    }

    /// Binds and starts serving (with the host's backlog and send buffer, `Listener`); returns
    /// the address bound (its port, with port 0).
    @discardableResult
    public func start() async throws -> SocketAddress {
        let (host, port) = (configuration.host, configuration.port)
        let address = try await listener.bind(host: host, port: port, limits: server.configuration) { [self] channel in
            try self.configure(channel)
        }
        logger.info("web listening", metadata: ["address": "\(address)"])
        return address
    }

    /// The address bound by ``start()``.
    public var localAddress: SocketAddress? { listener.localAddress }

    /// Stops listening. Player links are the ``MatchmakingServer``'s: its shutdown says goodbye.
    public func shutdown() async {
        await listener.close()
    }

    /// Runs until graceful shutdown, then stops listening.
    public func run() async throws {
        if localAddress == nil { try await start() }
        try? await gracefulShutdown()
        await shutdown()
    }

    /// Whether `address` is this machine (a screen there may see the join code).
    static func isLoopback(_ address: SocketAddress) -> Bool {
        guard let ip = address.ipAddress else { return false }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }

    // MARK: The pipeline

    /// Sets up a new connection's pipeline (internal, not private: the HTTP fuzz target drives it
    /// in an EmbeddedChannel, Fuzz/Sources/FuzzHTTP).
    func configure(_ channel: any Channel) throws {
        let sync = channel.pipeline.syncOperations
        try sync.addHandler(AddressGate(counts: counts))
        let access = configuration.desk.flatMap { desk in hostPage.map { page in DeskAccess(desk: desk, accepts: page.accepts) } }
        let pages = PageHandler(headTimeout: configuration.requestHeadTimeout, site: site, desk: access)
        let nio = NIOWebSocketServerUpgrader(
            maxFrameSize: server.configuration.maxFrame, automaticErrorHandling: true,
            shouldUpgrade: { [feed, hostPage] channel, head in
                let path = Assets.path(of: head.uri)
                let known = path == Assets.playerSocket || (path == Assets.screenSocket && feed != nil)
                    || (path == Assets.hostSocket && hostPage != nil)
                // An upgrade request that announces a body is not upgraded (the page handler
                // refuses it): NIO's upgrader, waiting for that body, leaked the whole pipeline
                // when the connection closed. Nor one whose Connection header lacks `upgrade`
                // (RFC 6455 requires it): NIO's HTTP decoder stops at an upgrade only when it is
                // there, so without it requests pipelined behind were decoded and then handed to
                // the WebSocket's decoder as HTTP parts, a crash (FuzzHTTP, docs/FUZZING.md).
                let allowed = known && OriginCheck.allows(head) && !PageHandler.declaresBody(head)
                    && PageHandler.connectionUpgrades(head)
                return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { [self] channel, head in
                channel.eventLoop.makeCompletedFuture { try self.upgradedPage(channel, path: Assets.path(of: head.uri)) }
            })
        let upgrader = WebSocketUpgrader(nio: nio, maxFrame: server.configuration.maxFrame) { [self] channel in
            try self.upgradedPlayer(channel)
        }
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = Self.maxRequestHead
        limits.maxHeaderListSize = Self.maxRequestHead
        limits.maxHeaderFieldCount = 100
        try sync.configureHTTPServerPipeline(
            withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                context.pipeline.syncOperations.removeHandler(name: PageHandler.name, promise: nil)
            }),
            withErrorHandling: true, withOutboundHeaderValidation: true, withEncoderConfiguration: .init(),
            withDecoderLimitConfiguration: limits)
        try sync.addHandler(pages, name: PageHandler.name)
    }

    /// A player's socket: NIO's decoder is in place (``WebSocketUpgrader``); the link frames its
    /// writes with its event loop's cache.
    private func upgradedPlayer(_ channel: any Channel) throws {
        let sync = channel.pipeline.syncOperations
        let remote = channel.remoteAddress.map { "\($0)" } ?? "?"
        let cache = frameCaches[ObjectIdentifier(channel.eventLoop)]?.value ?? ServerFrames.Cache()
        try sync.addHandler(NIOWebSocketFrameAggregator(
            minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64, maxAccumulatedFrameSize: server.configuration.maxFrame))
        try sync.addHandler(WebSocketLink(cache: cache))
        try server.serveLink(on: channel, label: "ws \(remote)")
    }

    /// A screen's or a host page's socket (small messages), set up by NIO's upgrader.
    private func upgradedPage(_ channel: any Channel, path: Substring) throws {
        let sync = channel.pipeline.syncOperations
        try sync.addHandler(NIOWebSocketFrameAggregator(
            minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 4, maxAccumulatedFrameSize: configuration.maxScreenMessage))
        if path == Assets.hostSocket, let hostPage {
            try sync.addHandler(HostPageLink(page: hostPage))
        } else if let feed {
            try sync.addHandler(ScreenLink(feed: feed))
        }
    }
}
