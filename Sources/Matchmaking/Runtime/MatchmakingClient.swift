import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Discovery
#if canImport(Glibc)
import Glibc
#endif

/// Joins hosts. `join` opens the transport, runs the handshake and returns a ``PlayerSession``
/// once admitted, or throws a ``JoinError`` saying why not.
public enum MatchmakingClient {
    /// Connects to `target` and waits for the welcome.
    public static func join(
        _ target: JoinTarget, configuration: ClientConfiguration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "snap-host.client")
    ) async throws(JoinError) -> PlayerSession {
        try await connect(ClientStateMachine(configuration: configuration.machine), to: target, configuration: configuration, group: group, logger: logger)
    }

    /// Finds a host by its advertised name (case-insensitive) over DNS-SD and, unless `via` is
    /// `.lan`, Bluetooth (scanning from `adapter`), then joins it over the route `via` picks:
    /// the client goes `idle -> searching -> connecting -> connected`.
    public static func join(
        named name: String, searchTimeout: Duration = .seconds(5), via: JoinRoute = .any, adapter: String? = nil,
        configuration: ClientConfiguration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "snap-host.client")
    ) async throws(JoinError) -> PlayerSession {
        var machine = ClientStateMachine(configuration: configuration.machine)
        _ = machine.startSearching()
        let target = try await HostSearch.find(named: name, timeout: searchTimeout, via: via, adapter: adapter, logger: logger)
        return try await connect(machine, to: target, configuration: configuration, group: group, logger: logger)
    }

    private static func connect(
        _ machine: ClientStateMachine, to target: JoinTarget, configuration: ClientConfiguration,
        group: any EventLoopGroup, logger: Logger
    ) async throws(JoinError) -> PlayerSession {
        var machine = machine
        do {
            _ = try PlayerName.validate(configuration.playerName)
            if let code = configuration.joinCode { try JoinProof.validate(code: code) }
        } catch {
            throw .invalidConfiguration("\(error)")
        }
        guard case .openTransport(let opening, _) = machine.connect(to: target) else {
            preconditionFailure("connect() from idle must open a transport")
        }
        let loop = group.any()
        let welcomed = loop.makePromise(of: Welcome.self)
        let ended = loop.makePromise(of: EndReason.self)
        let (inputs, inputSink) = AsyncStream.makeStream(of: SessionInput.self)
        let clock = NIOLockedValueBox<ClockEstimate?>(nil)
        let game = NIOLockedValueBox(GameName.lobby)
        let outlets = ClientConnectionHandler.Outlets(
            welcomed: welcomed, ended: ended, inputs: inputSink, clock: clock, game: game)
        let startingMachine = machine
        let maxFrame = configuration.maxFrame
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(configuration.connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(FrameDecoder(maxPayload: maxFrame)),
                        ClientConnectionHandler(machine: startingMachine, configuration: configuration, outlets: outlets, logger: logger))
                }
            }
        let channel: any Channel
        do {
            switch opening {
            case .tcp(let host, let port):
                let tcp = bootstrap.channelOption(.socketOption(.tcp_nodelay), value: 1)
                if let address = try? SocketAddress(ipAddress: host, port: port) {
                    channel = try await tcp.connect(to: address).get()  // no resolver round for a literal
                } else {
                    channel = try await tcp.connect(host: host, port: port).get()
                }
            case .rfcomm(let address, let rfcommChannel, let adapter):
                // The kernel connect blocks (paging takes a while): a thread pool thread does it,
                // then NIO adopts the connected socket like any other stream.
                let socket = try await NIOThreadPool.singleton.runIfActive {
                    let remote = try BluetoothAddress(address)
                    let local = try adapter.map { name throws(BluetoothUnavailable) in try BluetoothAdapter(named: name) }
                    let channel = try rfcommChannel ?? RFCOMM.lookUpChannel(of: remote, adapter: local)
                    logger.debug("RFCOMM connect", metadata: [
                        "address": "\(remote)", "channel": "\(channel)", "fromSDP": "\(rfcommChannel == nil)",
                    ])
                    return try RFCOMM.connect(to: remote, channel: channel, adapter: local)
                }
                do {
                    channel = try await bootstrap.withConnectedSocket(socket).get()
                } catch {
                    close(socket)
                    throw error
                }
            }
        } catch {
            _ = machine.transportFailed()
            welcomed.fail(JoinError.noNetwork("\(error)"))
            ended.succeed(.noNetwork)
            throw .noNetwork(Self.describe(error, target: target))
        }
        do {
            let welcome = try await welcomed.futureResult.get()
            return PlayerSession(
                welcome: welcome, game: game.withLockedValue { $0 }, channel: channel, inputs: inputs,
                ended: ended.futureResult, clock: clock)
        } catch let error as JoinError {
            throw error
        } catch {
            throw .connectionDropped
        }
    }

    private static func describe(_ error: any Error, target: JoinTarget) -> String {
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return "cannot reach \(target): \(first.error)"
        }
        return "cannot reach \(target): \(error)"
    }
}
