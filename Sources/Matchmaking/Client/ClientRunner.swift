import Logging
import NIOCore
import NIOPosix
import Synchronization

/// Runs one client's ``ClientStateMachine``: every event (a search result, the transport opening,
/// a frame, a tick, quitting) is applied on the client's one event loop, in order, and the
/// action is performed: searching through a ``HostFinder``, opening the transport on a
/// ``HostRoute``, frames written, inputs handed to the ``PlayerSession``, the end reported. It
/// decides nothing.
final class ClientRunner: Sendable {
    private struct State: ~Copyable, Sendable {
        var machine: ClientStateMachine
        var channel: (any Channel)?
        var search: Task<Void, Never>?
        var ticker: RepeatedTask?
        var session: PlayerSession?
        var isFinished = false
        /// Version 3: the real-time channel, from the welcome on.
        var realtime: ClientRealtime?
    }

    let configuration: ClientConfiguration
    /// Where every event runs.
    let loop: any EventLoop
    private let logger: Logger
    private let finder: (any HostFinder)?
    private let state: Mutex<State>
    private let welcomed: EventLoopPromise<PlayerSession>
    private let endedPromise: EventLoopPromise<EndReason>
    private let inputs: AsyncStream<SessionInput>
    private let inputSink: AsyncStream<SessionInput>.Continuation
    private let codec = Mutex(WireCodec())

    init(configuration: ClientConfiguration, finder: (any HostFinder)?, loop: any EventLoop, logger: Logger) {
        self.configuration = configuration
        self.finder = finder
        self.loop = loop
        self.logger = logger
        self.state = Mutex(State(machine: ClientStateMachine(configuration: configuration.machine)))
        self.welcomed = loop.makePromise()
        self.endedPromise = loop.makePromise()
        (inputs, inputSink) = AsyncStream.makeStream(of: SessionInput.self)
    }

    /// Starts with `first` (connect to a route, or start searching) and waits for the welcome.
    func join(_ first: @escaping @Sendable (inout ClientStateMachine, NIODeadline) -> ClientStateMachine.Action) async throws -> PlayerSession {
        startTicking()
        event(first)
        return try await welcomed.futureResult.get()
    }

    /// How the connection ended.
    var ended: EventLoopFuture<EndReason> { endedPromise.futureResult }

    /// The host's clock relative to ours, while connected.
    var hostClock: ClockEstimate? {
        state.withLock { state in
            if case .connected(let membership) = state.machine.state { return membership.heartbeat.clock.estimate }
            return nil
        }
    }

    /// The other players present, while connected.
    var peers: [Peer] {
        state.withLock { state in
            if case .connected(let membership) = state.machine.state { return membership.peers.values.sorted { $0.id < $1.id } }
            return []
        }
    }

    // MARK: Events

    /// Applies an event on the client's loop and performs the action.
    func event(_ body: @escaping @Sendable (inout ClientStateMachine, NIODeadline) -> ClientStateMachine.Action) {
        guard loop.inEventLoop else {
            loop.execute { self.event(body) }
            return
        }
        let action = state.withLock { body(&$0.machine, loop.now) }
        perform(action)
    }

    /// The transport opened on `channel`.
    func transportOpened(_ channel: any Channel) {
        state.withLock { $0.channel = channel }
        event { machine, now in machine.transportOpened(now: now) }
    }

    /// A frame broke the protocol.
    func violation(_ violation: ProtocolViolation) {
        logger.warning("protocol error", metadata: ["reason": "\(violation)"])
        event { machine, _ in machine.violation(violation) }
    }

    /// The user quits.
    func quit() { event { machine, _ in machine.quit() } }

    // MARK: Performing

    private func perform(_ action: ClientStateMachine.Action) {
        switch action {
        case .none:
            break
        case .startBrowsing:
            startSearch()
        case .stopBrowsing:
            stopSearch()
        case .openTransport(let route):
            stopSearch()
            open(route)
        case .send(let message):
            send(message)
        case .reportConnected(let welcome, let hello):
            let session = PlayerSession(welcome: welcome, hello: hello, runner: self, inputs: inputs)
            let realtime = state.withLock { state -> ClientRealtime? in
                state.session = session
                guard welcome.version >= WireCodec.realtimeVersion, let channel = state.channel else { return nil }
                let sink = inputSink
                state.realtime = ClientRealtime(
                    welcome: welcome, link: channel, useDatagrams: configuration.datagrams, logger: logger,
                    deliver: { sink.yield(.message($0)) })
                return state.realtime
            }
            realtime?.start()
            startTicking()
            welcomed.succeed(session)
        case .reportJoined(let peer):
            inputSink.yield(.joined(peer))
        case .reportLeft(let peer, let reason):
            inputSink.yield(.left(peer, reason))
        case .reportAway(let peer):
            inputSink.yield(.away(peer))
        case .reportBack(let peer):
            inputSink.yield(.back(peer))
        case .deliver(let app):
            inputSink.yield(.message(SessionMessage(from: app.from ?? .host, body: app.body)))
        case .deliverState(let message):
            state.withLock { $0.realtime }?.received(message)
        case .close(let reason, let farewell, let detail, let suggestion):
            if case .bye(let bye) = farewell, bye.reason == .protocolError {
                logger.warning("protocol error", metadata: ["reason": "\(bye.detail ?? "")"])
            }
            stopSearch()
            close(farewell: farewell) { self.finish(reason, detail: detail, suggestion: suggestion) }
        case .reportEnded(let reason, let detail):
            stopSearch()
            close(farewell: nil) { self.finish(reason, detail: detail) }
        }
    }

    private func startSearch() {
        guard let finder else { return }
        let task = Task {
            for await found in finder.search() {
                switch found {
                case .found(let route, let isFallback): event { machine, _ in machine.found(route, isFallback: isFallback) }
                case .failed(let why): event { machine, _ in machine.searchFailed(why) }
                }
            }
        }
        state.withLock { $0.search = task }
    }

    private func stopSearch() {
        state.withLock { state in
            state.search?.cancel()
            state.search = nil
        }
    }

    private func open(_ route: HostRoute) {
        let maxFrame = configuration.maxFrame
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(configuration.connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(FrameDecoder(maxPayload: maxFrame)), ClientLinkHandler(runner: self))
                }
            }
        Task {
            do {
                let channel = try await route.open(with: bootstrap)
                // Quit while the transport was opening: the machine has ended; close what opened.
                if state.withLock({ $0.isFinished }) { try? await channel.close() }
            } catch {
                let why = TransportFailure.reason(error)
                event { machine, _ in machine.transportFailed(why) }
            }
        }
    }

    /// Sends a real-time state (version 3; dropped below it).
    func sendState(_ body: RawJSON, key: String) { state.withLock { $0.realtime }?.send(body, key: key) }

    /// Whether states go over UDP now (false below version 3, without UDP, or while it fails).
    var usesDatagrams: Bool { state.withLock { $0.realtime }?.usesDatagrams ?? false }

    /// Writes an `app` frame the player's game built.
    func sendApp(_ frame: ByteBuffer) {
        state.withLock { $0.channel }?.writeAndFlush(frame, promise: nil)
    }

    private func send(_ message: WireMessage) {
        guard let channel = state.withLock({ $0.channel }) else { return }
        let frame = codec.withLock { ByteBuffer.frame($0.encode(message)) }
        channel.writeAndFlush(frame, promise: nil)
    }

    /// Closes the transport (after `farewell`), then runs `then`; at once when there is none.
    private func close(farewell: WireMessage?, then: @escaping @Sendable () -> Void) {
        guard let channel = state.withLock({ $0.channel }), channel.isActive else { return then() }
        let closed = loop.makePromise(of: Void.self)
        closed.futureResult.whenComplete { _ in then() }
        if let farewell {
            Farewell.send(codec.withLock { .frame($0.encode(farewell)) }, on: channel, closed: closed)
        } else {
            channel.close(promise: closed)
        }
    }

    /// Reports the end once: fails the join when it came before the welcome, ends the inputs.
    private func finish(_ reason: EndReason, detail: String?, suggestion: String? = nil) {
        let first = state.withLock { state -> Bool in
            defer { state.isFinished = true }
            state.ticker?.cancel()
            state.ticker = nil
            state.realtime?.stop()
            return !state.isFinished
        }
        guard first else { return }
        welcomed.fail(JoinError(reason, detail: detail, suggestion: suggestion))
        endedPromise.succeed(reason)
        inputSink.finish()
    }

    private func startTicking() {
        let interval = state.withLock { $0.machine.tickInterval }
        let ticker = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            self.event { machine, now in machine.tick(now: now) }
        }
        state.withLock { state in
            state.ticker?.cancel()
            state.ticker = state.isFinished ? nil : ticker
            if state.isFinished { ticker.cancel() }
        }
    }
}

extension JoinError {
    /// The error for an attempt that ended before the welcome.
    init(_ reason: EndReason, detail: String?, suggestion: String?) {
        switch reason {
        case .denied(let deny): self = .denied(deny, detail: detail ?? "", suggestion: suggestion)
        case .noNetwork: self = .noNetwork(detail ?? "")
        case .protocolError: self = .protocolError
        case .userQuit, .serverQuit, .connectionDropped, .kicked: self = .connectionDropped
        }
    }
}
