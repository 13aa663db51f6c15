import NIOCore

/// One client connection as the host sees it: handshake deadline, which messages are legal when,
/// heartbeats. Pure; ``ServerConnectionHandler`` runs it on the connection's event loop.
///
/// `awaitingHello -> awaitingAdmission -> admitted -> closed` (any state `-> closed`).
public struct ServerConnectionStateMachine: Sendable {
    /// Timing rules.
    public struct Configuration: Hashable, Sendable {
        /// A client that sends no valid hello within this is dropped (it never held a slot).
        public var handshakeTimeout: TimeAmount
        /// Heartbeats once admitted.
        public var heartbeat: HeartbeatConfiguration
        /// Creates a configuration.
        public init(handshakeTimeout: TimeAmount = .seconds(3), heartbeat: HeartbeatConfiguration = .default) {
            self.handshakeTimeout = handshakeTimeout
            self.heartbeat = heartbeat
        }
    }

    /// Where the connection is.
    public enum State: Sendable {
        /// `serverHello` was sent at `since`; waiting for `clientHello`.
        case awaitingHello(since: NIODeadline)
        /// The hello went to admission; the verdict comes before any other frame is read.
        case awaitingAdmission
        /// Admitted as `peer`.
        case admitted(PeerID, Heartbeat)
        /// Closed or closing; everything is ignored.
        case closed
    }

    /// How a connection ends, for the runner to carry out.
    public struct Closing: Hashable, Sendable {
        /// The last frame to send before closing (`deny` or `bye`), if any.
        public var farewell: WireMessage?
        /// The admitted player whose slot to free, and the reason to announce.
        public var peerLeft: (id: PeerID, reason: ByeReason)?
        /// Why, for the log.
        public var logReason: String
        /// A connection closed by the client before it said anything: a liveness probe, not news.
        public var isRoutine = false

        public static func == (lhs: Closing, rhs: Closing) -> Bool {
            lhs.farewell == rhs.farewell && lhs.peerLeft?.id == rhs.peerLeft?.id
                && lhs.peerLeft?.reason == rhs.peerLeft?.reason && lhs.logReason == rhs.logReason
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(logReason) }
    }

    /// What the runner must do.
    public enum Action: Hashable, Sendable {
        /// Nothing.
        case none
        /// Send this frame.
        case send(WireMessage)
        /// Check the hello (version, name, proof) and ask admission; report with `admitted`/`denied`.
        case evaluateHello(ClientHello)
        /// Route this game message from `peer`.
        case deliver(AppMessage, from: PeerID)
        /// A new clock sample changed the estimate of `peer`.
        case clockUpdated(PeerID, ClockEstimate)
        /// Send the farewell (if any), close, and free the slot (if any).
        case close(Closing)
    }

    /// The rules.
    public let configuration: Configuration
    /// The current state.
    public private(set) var state: State

    /// A connection accepted at `now`; the runner sends `serverHello` at once.
    public init(configuration: Configuration, now: NIODeadline) {
        self.configuration = configuration
        self.state = .awaitingHello(since: now)
    }

    /// A frame arrived and decoded.
    public mutating func received(_ message: WireMessage, now: NIODeadline) -> Action {
        switch state {
        case .awaitingHello:
            guard case .clientHello(let hello) = message else {
                return violation(.unexpectedMessage(type: message.typeName, state: "awaiting clientHello"))
            }
            state = .awaitingAdmission
            return .evaluateHello(hello)
        case .awaitingAdmission:
            return violation(.unexpectedMessage(type: message.typeName, state: "awaiting admission"))
        case .admitted(let id, var heartbeat):
            heartbeat.heard(at: now)
            switch message {
            case .ping(let ping):
                state = .admitted(id, heartbeat)
                return .send(.pong(Heartbeat.pong(for: ping, receivedAt: now, now: now)))
            case .pong(let pong):
                heartbeat.pongReceived(pong, at: now)
                state = .admitted(id, heartbeat)
                return heartbeat.clock.estimate.map { .clockUpdated(id, $0) } ?? .none
            case .app(let app):
                state = .admitted(id, heartbeat)
                return .deliver(app, from: id)
            case .bye(let bye):
                state = .closed
                let reason: ByeReason = bye.reason == .serverQuit ? .userQuit : bye.reason
                return .close(Closing(farewell: nil, peerLeft: (id, reason), logReason: "bye \(bye.reason.rawValue)"))
            case .serverHello, .clientHello, .welcome, .deny, .joined, .left:
                state = .admitted(id, heartbeat)
                return violation(.unexpectedMessage(type: message.typeName, state: "admitted"))
            }
        case .closed:
            return .none
        }
    }

    /// A frame could not be decoded, or broke a rule.
    public mutating func violation(_ violation: ProtocolViolation) -> Action {
        switch state {
        case .awaitingHello, .awaitingAdmission:
            state = .closed
            return .close(Closing(
                farewell: .deny(Deny(reason: .badHello, detail: violation.description)), peerLeft: nil,
                logReason: violation.description))
        case .admitted(let id, _):
            state = .closed
            return .close(Closing(
                farewell: .bye(Bye(reason: .protocolError, detail: violation.description)),
                peerLeft: (id, .protocolError), logReason: violation.description))
        case .closed:
            return .none
        }
    }

    /// Admission said yes: send the welcome and start the heartbeat.
    public mutating func admitted(_ welcome: Welcome, now: NIODeadline) -> Action {
        switch state {
        case .awaitingAdmission:
            state = .admitted(welcome.you.id, Heartbeat(configuration: configuration.heartbeat, now: now))
            return .send(.welcome(welcome))
        case .closed:
            // The connection closed while admission was deciding: give the slot back at once.
            return .close(Closing(
                farewell: nil, peerLeft: (welcome.you.id, .connectionDropped),
                logReason: "connection closed while its hello was being admitted"))
        case .awaitingHello, .admitted:
            preconditionFailure("admitted() without a pending hello")
        }
    }

    /// Admission said no.
    public mutating func denied(_ reason: DenyReason, detail: String) -> Action {
        switch state {
        case .awaitingAdmission:
            state = .closed
            return .close(Closing(
                farewell: .deny(Deny(reason: reason, detail: detail)), peerLeft: nil, logReason: "denied \(reason)"))
        case .closed:
            return .none  // closed while admission was deciding; nothing is held
        case .awaitingHello, .admitted:
            preconditionFailure("denied() without a pending hello")
        }
    }

    /// Time passes: handshake deadline, pings, heartbeat timeout.
    public mutating func tick(now: NIODeadline) -> Action {
        switch state {
        case .awaitingHello(let since):
            guard now - since > configuration.handshakeTimeout else { return .none }
            state = .closed
            let seconds = Double(configuration.handshakeTimeout.nanoseconds) / 1e9
            return .close(Closing(
                farewell: .deny(Deny(reason: .badHello, detail: "no clientHello within \(seconds) s")), peerLeft: nil,
                logReason: "handshake timeout"))
        case .admitted(let id, var heartbeat):
            let action = heartbeat.tick(now: now)
            switch action {
            case .none:
                state = .admitted(id, heartbeat)
                return .none
            case .sendPing(let ping):
                state = .admitted(id, heartbeat)
                return .send(.ping(ping))
            case .timedOut:
                state = .closed
                return .close(Closing(
                    farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout")),
                    peerLeft: (id, .connectionDropped), logReason: "heartbeat timeout"))
            }
        case .awaitingAdmission, .closed:
            return .none
        }
    }

    /// The transport closed (the client went away, or we closed it).
    public mutating func transportClosed() -> Action {
        switch state {
        case .admitted(let id, _):
            state = .closed
            return .close(Closing(farewell: nil, peerLeft: (id, .connectionDropped), logReason: "connection closed without bye"))
        case .awaitingHello, .awaitingAdmission:
            state = .closed
            return .close(Closing(farewell: nil, peerLeft: nil, logReason: "connection closed before admission", isRoutine: true))
        case .closed:
            return .none
        }
    }

    /// The client stopped reading: the host's send buffer for it passed the high-water mark.
    /// Holding more would let one stuck client grow the host's memory without bound.
    public mutating func sendBufferFull() -> Action {
        switch state {
        case .admitted(let id, _):
            state = .closed
            return .close(Closing(farewell: nil, peerLeft: (id, .connectionDropped), logReason: "client not reading (send buffer full)"))
        case .awaitingHello, .awaitingAdmission:
            state = .closed
            return .close(Closing(farewell: nil, peerLeft: nil, logReason: "client not reading (send buffer full)"))
        case .closed:
            return .none
        }
    }

    /// The host shuts down: say `bye serverQuit` to an admitted player.
    public mutating func shutdown() -> Action {
        switch state {
        case .admitted(let id, _):
            state = .closed
            return .close(Closing(
                farewell: .bye(Bye(reason: .serverQuit, detail: nil)), peerLeft: (id, .serverQuit),
                logReason: "server shutting down"))
        case .awaitingHello, .awaitingAdmission:
            state = .closed
            return .close(Closing(
                farewell: .deny(Deny(reason: .inProgress, detail: "the host is shutting down")), peerLeft: nil,
                logReason: "server shutting down"))
        case .closed:
            return .none
        }
    }
}
