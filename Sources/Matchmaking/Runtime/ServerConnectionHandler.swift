import FoundationEssentials
import Logging
import NIOCore

/// Asks a connection handler to say `bye serverQuit` and close.
struct ServerShutdownEvent: Sendable {}

/// Runs one client connection's ``ServerConnectionStateMachine`` on its event loop: decodes
/// frames, feeds the machine, performs its actions, and reports to the ``ServerCore``.
final class ServerConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let core: ServerCore
    private var machine: ServerConnectionStateMachine
    private let codec = WireCodec()
    private let nonce = JoinProof.makeNonce()
    private var logger: Logger
    private var ticker: RepeatedTask?
    private var isPending = true
    private var isRegistered = false

    convenience init(core: ServerCore, remote: SocketAddress?) {
        self.init(core: core, remoteName: remote.map { "\($0)" } ?? "?")
    }

    /// `remoteName` names the peer in logs: an IP address and port, or `rfcomm AA:BB:...`.
    init(core: ServerCore, remoteName: String) {
        self.core = core
        self.machine = ServerConnectionStateMachine(configuration: core.configuration.connection, now: .now())
        var logger = core.logger
        logger[metadataKey: "remote"] = "\(remoteName)"
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        guard core.connectionOpened(context.channel) else {
            context.close(promise: nil)
            return
        }
        isRegistered = true
        let players = core.players.count
        send(.serverHello(ServerHello(
            versions: WireCodec.supportedVersions, serverId: core.configuration.serverID, name: core.localPeer.name,
            game: core.configuration.game, nonce: Base64.encode(nonce), joinCodeRequired: core.configuration.joinCode != nil,
            players: players, capacity: core.configuration.capacity, maxFrame: core.configuration.maxFrame)), context: context)
        let interval = TimeAmount.nanoseconds(min(core.configuration.connection.heartbeat.interval, core.configuration.connection.handshakeTimeout).nanoseconds / 4)
        let loopBoundSelf = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        ticker = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            let handler = loopBoundSelf.value
            handler.run(handler.machine.tick(now: .now()), context: loopBoundContext.value)
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let payload = unwrapInboundIn(data)
        let now = NIODeadline.now()
        do throws(ProtocolViolation) {
            let message = try codec.decode(payload)
            run(machine.received(message, now: now), context: context)
        } catch {
            run(machine.violation(error), context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let violation = error as? ProtocolViolation {
            run(machine.violation(violation), context: context)
        } else {
            logger.debug("connection error", metadata: ["error": "\(error)"])
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        ticker?.cancel()
        ticker = nil
        run(machine.transportClosed(), context: context)
        if isRegistered { core.connectionClosed(context.channel, wasPending: isPending) }
        isRegistered = false
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if !context.channel.isWritable { run(machine.sendBufferFull(), context: context) }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ServerShutdownEvent {
            run(machine.shutdown(), context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func run(_ action: ServerConnectionStateMachine.Action, context: ChannelHandlerContext) {
        switch action {
        case .none:
            break
        case .send(let message):
            send(message, context: context)
        case .evaluateHello(let hello):
            evaluate(hello, context: context)
        case .deliver(let app, let from):
            if let violation = core.route(app, from: from) { run(machine.violation(violation), context: context) }
        case .clockUpdated(let id, let estimate):
            core.updateClock(id, estimate)
        case .close(let closing):
            close(closing, context: context)
        }
    }

    private func evaluate(_ hello: ClientHello, context: ChannelHandlerContext) {
        let proof: ServerStateMachine.HelloCheck.Proof
        switch (core.configuration.joinCode, hello.proof) {
        case (nil, _): proof = .notRequired
        case (.some, nil): proof = .missing
        case (.some(let code), .some(let given)):
            if let mac = Data(base64Encoded: given), mac.count == 32 {
                proof = JoinProof.verify(proof: given, code: code, nonce: nonce) ? .valid : .wrong
            } else {
                proof = .malformed
            }
        }
        let name = Result { () throws(PlayerName.Problem) in try PlayerName.validate(hello.name) }
        let check = ServerStateMachine.HelloCheck(version: hello.version, name: name, proof: proof)
        isPending = false
        switch core.evaluate(check, channel: context.channel) {
        case .admitted(let welcome):
            logger[metadataKey: "peer"] = "\(welcome.you.id)"
            run(machine.admitted(welcome, now: .now()), context: context)
        case .denied(let reason, let detail):
            run(machine.denied(reason, detail: detail), context: context)
        }
    }

    private func close(_ closing: ServerConnectionStateMachine.Closing, context: ChannelHandlerContext) {
        // A connection that closes before saying anything is routine (browsers probe liveness).
        let level: Logger.Level = closing.isRoutine ? .debug : .info
        logger.log(level: level, "connection closed", metadata: ["reason": "\(closing.logReason)"])
        if let (id, reason) = closing.peerLeft { core.peerLeft(id, reason: reason) }
        guard context.channel.isActive else { return }
        if let farewell = closing.farewell {
            Farewell.send(.frame(codec.encode(farewell)), on: context)
        } else {
            context.close(promise: nil)
        }
    }

    private func send(_ message: WireMessage, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(.frame(codec.encode(message))), promise: nil)
    }
}
