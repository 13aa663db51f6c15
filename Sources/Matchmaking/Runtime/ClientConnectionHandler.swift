import FoundationEssentials
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Asks a client connection to say `bye userQuit` and close.
struct ClientQuitEvent: Sendable {}

/// Runs the ``ClientStateMachine`` on the connection's event loop once the transport is open.
final class ClientConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Where the handler reports; all of it is `Sendable`.
    struct Outlets: Sendable {
        let welcomed: EventLoopPromise<Welcome>
        let ended: EventLoopPromise<EndReason>
        let messages: AsyncStream<SessionMessage>.Continuation
        let events: AsyncStream<ClientEvent>.Continuation
        let clock: NIOLockedValueBox<ClockEstimate?>
        /// The game the host's `serverHello` named.
        let game: NIOLockedValueBox<String>
    }

    private var machine: ClientStateMachine
    private let configuration: ClientConfiguration
    private let outlets: Outlets
    private let codec = WireCodec()
    private let logger: Logger
    private var ticker: RepeatedTask?
    private var denial: Deny?
    private var isWelcomed = false
    private var isFinished = false

    init(machine: ClientStateMachine, configuration: ClientConfiguration, outlets: Outlets, logger: Logger) {
        self.machine = machine
        self.configuration = configuration
        self.outlets = outlets
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        run(machine.transportOpened(now: .now()), context: context)
        startTicking(every: .nanoseconds(configuration.machine.handshakeTimeout.nanoseconds / 10), context: context)
        context.fireChannelActive()
    }

    /// Ticks often enough to notice a deadline within a quarter of the heartbeat interval (a
    /// tenth of the handshake timeout before the welcome), and no more often: a Pi stays idle.
    private func startTicking(every interval: TimeAmount, context: ChannelHandlerContext) {
        ticker?.cancel()
        let interval = max(interval, .milliseconds(5))
        let loopBoundSelf = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        ticker = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            let handler = loopBoundSelf.value
            handler.run(handler.machine.tick(now: .now()), context: loopBoundContext.value)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let now = NIODeadline.now()
        do throws(ProtocolViolation) {
            let message = try codec.decode(unwrapInboundIn(data))
            if case .deny(let deny) = message { denial = deny }
            if case .serverHello(let hello) = message { outlets.game.withLockedValue { $0 = hello.game } }
            run(machine.received(message, now: now), context: context)
        } catch {
            logger.warning("protocol error", metadata: ["reason": "\(error)"])
            run(machine.violation(error), context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let violation = error as? ProtocolViolation {
            logger.warning("protocol error", metadata: ["reason": "\(violation)"])
            run(machine.violation(violation), context: context)
        } else {
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        ticker?.cancel()
        ticker = nil
        run(machine.transportClosed(), context: context)
        finish(.connectionDropped)  // no-op when an end was already reported
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ClientQuitEvent {
            run(machine.quit(), context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func run(_ action: ClientStateMachine.Action, context: ChannelHandlerContext) {
        switch action {
        case .none, .startBrowsing, .stopBrowsing, .openTransport:
            break
        case .sendHello(let version, let nonce, let joinCodeRequired):
            let proof = joinCodeRequired ? configuration.joinCode.map { JoinProof.proof(code: $0, nonce: nonce) } : nil
            send(.clientHello(ClientHello(version: version, name: configuration.playerName, proof: proof)), context: context)
        case .send(let message):
            send(message, context: context)
        case .reportConnected(let welcome):
            isWelcomed = true
            startTicking(every: .milliseconds(Int64(welcome.heartbeatIntervalMs) / 4), context: context)
            outlets.welcomed.succeed(welcome)
        case .reportJoined(let peer):
            outlets.events.yield(.joined(peer))
        case .reportLeft(let peer, let reason):
            outlets.events.yield(.left(peer, reason))
        case .deliver(let app):
            outlets.messages.yield(SessionMessage(from: app.from ?? .host, body: app.body))
        case .close(let reason, let farewell):
            if case .bye(let bye) = farewell, bye.reason == .protocolError {
                logger.warning("protocol error", metadata: ["reason": "\(bye.detail ?? "")"])
            }
            // Record the end first (closing re-enters channelInactive, which would otherwise report
            // connectionDropped), but announce it only once the channel is closed: the farewell
            // is on the wire before anyone waiting on `ended` exits the process.
            let closed = context.eventLoop.makePromise(of: Void.self)
            finish(reason, after: closed.futureResult)
            if let farewell {
                Farewell.send(.frame(codec.encode(farewell)), on: context, closed: closed)
            } else {
                context.close(promise: closed)
            }
        case .reportEnded(let reason):
            finish(reason)
        }
        if case .connected(let membership) = machine.state, case .none = action {
            let estimate = membership.heartbeat.clock.estimate
            outlets.clock.withLockedValue { $0 = estimate }
        }
    }

    private func finish(_ reason: EndReason, after closed: EventLoopFuture<Void>? = nil) {
        guard !isFinished else { return }
        isFinished = true
        if !isWelcomed { failWelcome(reason) }
        let outlets = self.outlets
        let announce = {
            outlets.ended.succeed(reason)
            outlets.messages.finish()
            outlets.events.finish()
        }
        if let closed { closed.whenComplete { _ in announce() } } else { announce() }
    }

    private func failWelcome(_ reason: EndReason) {
        switch reason {
        case .denied(let deny):
            outlets.welcomed.fail(JoinError.denied(deny, detail: denial?.detail ?? ""))
        case .protocolError:
            outlets.welcomed.fail(JoinError.protocolError)
        default:
            outlets.welcomed.fail(JoinError.connectionDropped)
        }
    }

    private func send(_ message: WireMessage, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(.frame(codec.encode(message))), promise: nil)
    }
}
