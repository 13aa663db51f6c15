import FoundationEssentials
import Logging
import NIOCore
import Synchronization

/// The host's shared state: admission, the admitted players' channels, clock estimates, and the
/// streams handed to the game. Connection handlers on every event loop call into it; state
/// changes happen under one lock and I/O happens after it is released.
final class ServerCore: Sendable {
    /// An admitted player's connection.
    struct Link: Sendable {
        let peer: Peer
        let channel: any Channel
    }

    private struct State: ~Copyable {
        var name: String
        var isPlaying = false
        var admission: ServerStateMachine
        var links: [PeerID: Link] = [:]
        var clocks: [PeerID: ClockEstimate] = [:]
        var open: [ObjectIdentifier: any Channel] = [:]
        var pendingHandshakes = 0
        var overflowLog = LogThrottle(interval: .seconds(10))
    }

    let configuration: ServerConfiguration
    let logger: Logger
    private let state: Mutex<State>
    let messages: AsyncStream<SessionMessage>
    let events: AsyncStream<SessionEvent>
    private let messageSink: AsyncStream<SessionMessage>.Continuation
    private let eventSink: AsyncStream<SessionEvent>.Continuation
    let status: AsyncStream<ServerStatus>
    private let statusSink: AsyncStream<ServerStatus>.Continuation

    init(configuration: ServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        self.state = Mutex(State(
            name: configuration.name, admission: ServerStateMachine(configuration: .init(capacity: configuration.capacity))))
        (messages, messageSink) = AsyncStream.makeStream(of: SessionMessage.self)
        (events, eventSink) = AsyncStream.makeStream(of: SessionEvent.self)
        (status, statusSink) = AsyncStream.makeStream(of: ServerStatus.self, bufferingPolicy: .bufferingNewest(1))
        statusSink.yield(currentStatus)
    }

    /// The host's own player, under its current name.
    var localPeer: Peer { Peer(id: .host, name: state.withLock { $0.name }) }

    /// What advertisements show: name, players, capacity, lobby or playing.
    var currentStatus: ServerStatus {
        state.withLock {
            ServerStatus(name: $0.name, players: $0.admission.players.count, capacity: configuration.capacity, isPlaying: $0.isPlaying)
        }
    }

    /// The host is known by another name now (a DNS-SD collision renamed it).
    func rename(to name: String) {
        state.withLock { $0.name = name }
        publishStatus()
    }

    private func publishStatus() { statusSink.yield(currentStatus) }

    // MARK: Life cycle

    func start() {
        let action = state.withLock { $0.admission.start() }
        precondition(action == .startListening)
    }

    /// Stops admitting and returns every open connection, to be told `serverQuit`.
    func stop() -> [any Channel] {
        let channels = state.withLock { state -> [any Channel] in
            _ = state.admission.stop()
            state.links.removeAll()
            return Array(state.open.values)
        }
        messageSink.finish()
        eventSink.finish()
        statusSink.finish()
        return channels
    }

    /// Registers a new connection; false when too many are still shaking hands (the caller
    /// closes it). Such refusals are logged at most once per 10 s, with a count.
    func connectionOpened(_ channel: any Channel) -> Bool {
        let (accepted, overflow) = state.withLock { state -> (Bool, (log: Bool, suppressed: Int)) in
            guard state.pendingHandshakes < configuration.maxPendingHandshakes else {
                return (false, state.overflowLog.occurred(now: .now()))
            }
            state.pendingHandshakes += 1
            state.open[ObjectIdentifier(channel)] = channel
            return (true, (false, 0))
        }
        if overflow.log {
            logger.warning("connection refused", metadata: [
                "reason": "too many pending handshakes", "limit": "\(configuration.maxPendingHandshakes)",
                "refusedSinceLastLine": "\(overflow.suppressed)",
            ])
        }
        return accepted
    }

    /// Forgets a closed connection.
    func connectionClosed(_ channel: any Channel, wasPending: Bool) {
        state.withLock { state in
            state.open[ObjectIdentifier(channel)] = nil
            if wasPending { state.pendingHandshakes -= 1 }
        }
    }

    // MARK: Admission

    /// Players admitted now.
    var players: [Peer] { state.withLock { $0.admission.players } }

    /// The verdict on a hello. On admission, the others are told before the new player is
    /// welcomed, so nothing the new player sends can overtake its own `joined`.
    enum Verdict {
        case admitted(Welcome)
        case denied(DenyReason, detail: String)
    }

    func evaluate(_ check: ServerStateMachine.HelloCheck, channel: any Channel) -> Verdict {
        let (action, others) = state.withLock { state -> (ServerStateMachine.Action, [any Channel]) in
            let action = state.admission.helloReceived(check)
            state.pendingHandshakes -= 1
            guard case .admit(let peer, _) = action else { return (action, []) }
            let others = state.links.values.map(\.channel)
            state.links[peer.id] = Link(peer: peer, channel: channel)
            return (action, others)
        }
        switch action {
        case .admit(let peer, let otherPeers):
            broadcast(.joined(Joined(peer: peer)), to: others)
            eventSink.yield(.joined(peer))
            publishStatus()
            logger.info("player joined", metadata: ["peer": "\(peer.id)", "name": "\(peer.name)"])
            return .admitted(Welcome(
                version: check.version, you: peer, host: localPeer, peers: otherPeers,
                heartbeatIntervalMs: Int(configuration.connection.heartbeat.interval.nanoseconds / 1_000_000),
                heartbeatTimeoutMs: Int(configuration.connection.heartbeat.timeout.nanoseconds / 1_000_000)))
        case .deny(let reason, let detail):
            return .denied(reason, detail: detail)
        case .none, .startListening, .announceLeft, .disconnectAll:
            preconditionFailure("helloReceived returned \(action)")
        }
    }

    /// An admitted player left; its slot is free at once and the others are told.
    func peerLeft(_ id: PeerID, reason: ByeReason) {
        let (action, remaining) = state.withLock { state -> (ServerStateMachine.Action, [any Channel]) in
            let action = state.admission.peerLeft(id, reason: reason)
            state.links[id] = nil
            state.clocks[id] = nil
            return (action, state.links.values.map(\.channel))
        }
        guard case .announceLeft(let peer, let reason, _) = action else { return }
        broadcast(.left(Left(peer: peer, reason: reason)), to: remaining)
        eventSink.yield(.left(peer, reason))
        publishStatus()
        logger.info("player left", metadata: ["peer": "\(peer.id)", "name": "\(peer.name)", "reason": "\(reason.rawValue)"])
    }

    func gameStarted(lateJoinersAllowed: Bool) {
        state.withLock {
            _ = $0.admission.gameStarted(lateJoinersAllowed: lateJoinersAllowed)
            $0.isPlaying = true
        }
        publishStatus()
    }

    func gameEnded() {
        state.withLock {
            _ = $0.admission.gameEnded()
            $0.isPlaying = false
        }
        publishStatus()
    }

    // MARK: Clocks

    func updateClock(_ id: PeerID, _ estimate: ClockEstimate) { state.withLock { $0.clocks[id] = estimate } }
    func clock(of id: PeerID) -> ClockEstimate? { state.withLock { $0.clocks[id] } }

    // MARK: Routing

    /// Routes a client's game message: to the host's game, to everyone, or to a list. Returns
    /// the violation when the relayed frame would exceed the cap (the sender is closed; no one
    /// receives a frame larger than `maxFrame`).
    func route(_ app: AppMessage, from sender: PeerID) -> ProtocolViolation? {
        let (name, toHost, channels) = state.withLock { state -> (String?, Bool, [any Channel]) in
            let name = state.links[sender]?.peer.name
            switch app.to {
            case nil:
                return (name, true, [])
            case .all:
                return (name, true, state.links.values.filter { $0.peer.id != sender }.map(\.channel))
            case .peers(let ids):
                let unique = Set(ids)
                return (name, unique.contains(.host), unique.compactMap { state.links[$0]?.channel })
            }
        }
        var frame: ByteBuffer?
        if !channels.isEmpty {
            let relayed = AppPayload.frame(body: app.body.bytes, from: sender, recipients: nil)
            let size = relayed.readableBytes - 4
            guard size <= configuration.maxFrame else { return .tooLargeToRelay(bytes: size, limit: configuration.maxFrame) }
            frame = relayed
        }
        if toHost { messageSink.yield(SessionMessage(from: sender, body: app.body, senderName: name)) }
        if let frame { Self.write(frame, to: channels) }
        return nil
    }

    /// Sends a game message from the host's own player.
    func send(body: RawJSON, to recipients: Recipients) {
        let channels = state.withLock { state -> [any Channel] in
            switch recipients {
            case .peer(let id): return state.links[id].map { [$0.channel] } ?? []
            case .peers(let ids): return Set(ids).compactMap { state.links[$0]?.channel }
            case .all: return state.links.values.map(\.channel)
            case .host: return []
            }
        }
        let includesHost: Bool
        switch recipients {
        case .host: includesHost = true
        case .peers(let ids): includesHost = ids.contains(.host)
        case .peer(let id): includesHost = id == .host
        case .all: includesHost = false
        }
        if includesHost {
            messageSink.yield(SessionMessage(from: .host, body: body, senderName: localPeer.name))
        }
        guard !channels.isEmpty else { return }
        let frame = AppPayload.frame(body: body.bytes, from: .host, recipients: nil)
        Self.write(frame, to: channels)
    }

    private func broadcast(_ message: WireMessage, to channels: [any Channel]) {
        guard !channels.isEmpty else { return }
        let frame = ByteBuffer.frame(WireCodec().encode(message))
        Self.write(frame, to: channels)
    }

    /// Every write the core makes goes through its channel's event loop as a task of its own,
    /// even when the caller is on that loop already. So core writes are FIFO per loop, and none
    /// runs inside a connection handler's own sequence: a `joined` written to a dead peer cannot
    /// close it inline, run `peerLeft`, and put a `left` on the new player's wire before the
    /// handler has written its welcome (that was a real race under churn).
    private static func write(_ frame: ByteBuffer, to channels: [any Channel]) {
        for channel in channels {
            channel.eventLoop.execute { channel.writeAndFlush(frame, promise: nil) }
        }
    }
}
