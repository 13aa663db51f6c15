import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ServiceLifecycle

/// A host: listens on TCP, runs the handshake and admission for every connection, and hands the
/// admitted players to a game through ``session``.
///
/// Start it with ``start()`` (returns once it accepts connections), then either call
/// ``shutdown()`` or run it in a `ServiceGroup` (``run()`` shuts down gracefully on SIGTERM/SIGINT:
/// every player is told `serverQuit`).
public final class MatchmakingServer: Service, Sendable {
    /// The configuration it was started with.
    public let configuration: ServerConfiguration
    /// What the game layer uses: players, messages, events, clocks.
    public let session: HostSession
    private let runner: HostRunner
    private let group: any EventLoopGroup
    private let logger: Logger
    private let listener: Listener
    private let ticker: NIOLockedValueBox<RepeatedTask?> = NIOLockedValueBox(nil)
    private let datagrams: NIOLockedValueBox<(any Channel)?> = NIOLockedValueBox(nil)

    /// Creates a host; nothing is bound until ``start()``.
    public init(
        configuration: ServerConfiguration, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "snap-host.server")
    ) throws(ServerConfiguration.Invalid) {
        try configuration.validate()
        self.configuration = configuration
        self.group = group
        self.logger = logger
        self.listener = Listener(group: group, logger: logger)
        self.runner = HostRunner(configuration: configuration, timers: group.next(), logger: logger)
        self.session = HostSession(runner: runner)
    }

    /// Binds and starts accepting connections; returns the address actually bound (useful with
    /// port 0). Listening on `::` falls back to `0.0.0.0` where IPv6 is unavailable (`Listener`).
    @discardableResult
    public func start() async throws -> SocketAddress {
        startTicking()
        let runner = self.runner
        let maxFrame = configuration.maxFrame
        let security = configuration.linkSecurity
        let (host, port) = (configuration.host, configuration.port)
        let address = try await listener.bind(host: host, port: port, limits: configuration) { channel in
            try security?.secure(channel)
            try channel.pipeline.syncOperations.addHandlers(
                ByteToMessageHandler(FrameDecoder(maxPayload: maxFrame)),
                HostLinkHandler(
                    runner: runner, label: channel.remoteAddress.map { "\($0)" } ?? "?",
                    channelBinding: security?.channelBinding ?? []))
        }
        if configuration.datagrams { await openDatagrams(near: address) }
        logger.info("listening", metadata: ["address": "\(address)", "capacity": "\(configuration.capacity)"])
        return address
    }

    /// Binds the real-time channel's UDP socket: on the TCP port's number when it is free, else
    /// on any port (the welcome says which). Without one, states go over the links.
    private func openDatagrams(near tcp: SocketAddress) async {
        let host = tcp.ipAddress ?? configuration.host
        for port in [tcp.port ?? 0, 0] {
            guard let channel = try? await datagramBootstrap.bind(host: host, port: port).get() else { continue }
            let bound = channel.localAddress?.port ?? port
            adoptDatagrams(channel, host: host, port: bound)
            logger.info("real-time channel on UDP", metadata: ["port": "\(bound)"])
            return
        }
        logger.notice("no UDP port: real-time states go over the players' links")
    }

    private var datagramBootstrap: DatagramBootstrap {
        let runner = self.runner
        return DatagramBootstrap(group: group).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(DatagramReader { runner.receivedDatagram($0, from: $1) }) }
        }
    }

    /// Uses `channel` as the UDP socket, and opens it again on the same port if it closes while
    /// the host runs: NIO closes a UDP socket on most send errors (a firewall refusing one
    /// datagram, EPERM), which must not end the real-time channel for every player.
    private func adoptDatagrams(_ channel: any Channel, host: String, port: Int) {
        datagrams.withLockedValue { $0 = channel }
        runner.datagramsOpened(channel, port: port)
        channel.closeFuture.whenComplete { _ in
            guard self.datagrams.withLockedValue({ $0 === channel }) else { return }  // shut down
            self.logger.notice("real-time UDP socket closed; opening it again", metadata: ["port": "\(port)"])
            self.reopenDatagrams(host: host, port: port, after: .milliseconds(100))
        }
    }

    private func reopenDatagrams(host: String, port: Int, after delay: TimeAmount) {
        group.next().scheduleTask(in: delay) {
            guard self.datagrams.withLockedValue({ $0 != nil }) else { return }
            self.datagramBootstrap.bind(host: host, port: port).whenComplete { result in
                switch result {
                case .success(let channel): self.adoptDatagrams(channel, host: host, port: port)
                case .failure: self.reopenDatagrams(host: host, port: port, after: .seconds(1))
                }
            }
        }
    }

    /// Datagrams dropped since the start, by why (they are logged in summary too).
    public var datagramDrops: [Datagram.Drop: Int] { runner.read { $0.datagramDrops } }

    /// The UDP port of the real-time channel (nil: none).
    public var datagramPort: Int? { datagrams.withLockedValue { $0?.localAddress?.port } }

    /// Runs the handshake and session on an already-connected stream socket (an RFCOMM
    /// connection), exactly as on an accepted TCP connection: same pipeline, cap and denials.
    /// Takes ownership of `socket` on success; on failure the caller still owns it.
    /// `remote` names the peer in logs (e.g. a Bluetooth address).
    public func adopt(socket: Int32, remote: String) async throws {
        let runner = self.runner
        let maxFrame = configuration.maxFrame
        let limit = configuration.sendBufferLimit
        _ = try await ClientBootstrap(group: group)
            .channelOption(.writeBufferWaterMark, value: .init(low: limit / 2, high: limit))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(FrameDecoder(maxPayload: maxFrame)),
                        HostLinkHandler(runner: runner, label: remote))
                }
            }
            .withConnectedSocket(socket).get()
    }

    /// Makes an open channel a link of this host (a WebSocket, once upgraded): same handshake,
    /// cap, deny reasons, heartbeats and clock estimates as a TCP connection. Call it on the
    /// channel's event loop. Inbound, the pipeline must deliver each frame's payload as one
    /// `ByteBuffer`; outbound, the host writes `ByteBuffer`s of one or more whole frames, each
    /// with its 4-byte length prefix (docs/PROTOCOL.md, "Framing"), and ends a link after its
    /// farewell with `close(mode: .output)`. `label` names the peer in logs.
    public func serveLink(on channel: any Channel, label: String) throws {
        try channel.pipeline.syncOperations.addHandler(HostLinkHandler(runner: runner, label: label))
    }

    /// Name, players, capacity and game state: the current one, then every change (only the
    /// latest unread one is kept). Each use gets a stream of its own (the DNS-SD and the
    /// Bluetooth advertisers each follow one); all end when the server shuts down.
    public var statusUpdates: AsyncStream<ServerStatus> { runner.statusUpdates() }

    /// Every seat taken (admitted or taken back, with the link's `remote` label) and given up,
    /// from now on and in order; ends when the server shuts down. Each use gets a stream of its
    /// own (the Bluetooth host follows one to keep a player's link key while its seat is held).
    public var seatChanges: AsyncStream<SeatChange> { runner.seatChanges() }

    /// Name, players, capacity and game state now.
    public var status: ServerStatus { runner.read { $0.status } }

    /// Uses another name from now on (in hellos and welcomes), e.g. after a DNS-SD collision.
    public func rename(to name: String) { runner.rename(to: name) }

    /// The address bound by ``start()``.
    public var localAddress: SocketAddress? { listener.localAddress }

    /// Tells every player `serverQuit`, closes every connection and the listener, and ends the
    /// session's streams. Waits (at most 2 s) for the goodbyes to be written.
    public func shutdown() async {
        await listener.close()
        try? await datagrams.withLockedValue({ channel in defer { channel = nil }; return channel })?.close()
        ticker.withLockedValue { $0?.cancel() }
        let channels = runner.stop()
        let closed = channels.map(\.closeFuture)
        let all = EventLoopFuture.andAllComplete(closed, on: group.any())
        let deadline = group.any().scheduleTask(in: .seconds(2)) { for channel in channels { channel.close(promise: nil) } }
        try? await all.get()
        deadline.cancel()
        logger.info("stopped", metadata: ["players told": "\(channels.count)"])
    }

    /// Ticks the host machine (handshake deadlines, heartbeats, roster batches) on one loop.
    private func startTicking() {
        let runner = self.runner
        let interval = runner.read { $0.tickInterval }
        let task = group.next().scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in runner.tick() }
        ticker.withLockedValue { $0 = task }
    }

    /// Runs until graceful shutdown (SIGTERM/SIGINT in a `ServiceGroup`), then shuts down.
    public func run() async throws {
        if localAddress == nil { try await start() }
        try? await gracefulShutdown()
        await shutdown()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MatchmakingServer {
    /// Joins a player that lives in this process (a bot filling the room, the person at the
    /// host's own keyboard): a local link, a connected pair of Unix sockets, one end adopted by
    /// the host exactly like an accepted connection, the other the player's. Same handshake, cap,
    /// deny reasons, heartbeats and clock estimates as any other player.
    public func joinLocally(
        _ configuration: ClientConfiguration, logger: Logger = Logger(label: "snap-host.local")
    ) async throws(JoinError) -> PlayerSession {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .noNetwork("cannot make a local link: socketpair: errno \(errno)")
        }
        do {
            try await adopt(socket: ends[0], remote: "local")
        } catch {
            close(ends[0])
            close(ends[1])
            throw .noNetwork("cannot make a local link: \(error)")
        }
        return try await MatchmakingClient.join(
            .connectedSocket(ends[1], description: "local link"), configuration: configuration, group: group, logger: logger)
    }
}
