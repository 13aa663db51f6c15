import NIOCore

/// Where a client wants to connect. Discovery fills it in; `join HOST:PORT` gives it directly.
public enum JoinTarget: Hashable, Sendable, CustomStringConvertible {
    /// A TCP endpoint: a host name or IP literal, and a port.
    case tcp(host: String, port: Int)
    /// An RFCOMM endpoint: a Bluetooth address (`AA:BB:CC:DD:EE:FF`) and a channel (1-30; nil:
    /// looked up in the host's SDP records), reached from `adapter` (`hciN`; nil: any).
    case rfcomm(address: String, channel: Int?, adapter: String?)

    public var description: String {
        switch self {
        case .tcp(let host, let port): host.contains(":" as Character) ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .rfcomm(let address, let channel?, _): "\(address) (RFCOMM channel \(channel))"
        case .rfcomm(let address, nil, _): "\(address) (RFCOMM, channel from SDP)"
        }
    }
}

/// The client's life: `idle -> searching -> connecting -> connected`, back to `idle` with a reason.
/// Pure; ``MatchmakingClient`` runs it.
public struct ClientStateMachine: Sendable {
    /// Timing and version rules.
    public struct Configuration: Hashable, Sendable {
        /// Time allowed from the transport opening to the welcome.
        public var handshakeTimeout: TimeAmount
        /// Versions the client speaks; it picks the highest one the host also speaks.
        public var versions: [Int]
        /// Creates a configuration.
        public init(handshakeTimeout: TimeAmount = .seconds(5), versions: [Int] = WireCodec.supportedVersions) {
            self.handshakeTimeout = handshakeTimeout
            self.versions = versions
        }
    }

    /// The handshake step while connecting.
    public enum ConnectingPhase: Hashable, Sendable {
        /// The transport is being opened.
        case openingTransport
        /// The transport opened at `since`; waiting for the host's `serverHello`.
        case awaitingServerHello(since: NIODeadline)
        /// `clientHello` sent; waiting for `welcome` or `deny`. `since` is still the time the
        /// transport opened: the handshake deadline covers the whole exchange.
        case awaitingWelcome(since: NIODeadline)
    }

    /// What the client knows once admitted.
    public struct Membership: Sendable {
        /// The welcome as received.
        public var welcome: Welcome
        /// The other clients now present, by id.
        public var peers: [PeerID: Peer]
        /// Liveness and clock estimate of the host.
        public var heartbeat: Heartbeat
    }

    /// Where the client is.
    public enum State: Sendable {
        /// Not connected. Carries why the last connection ended (nil at first).
        case idle(lastEnd: EndReason?)
        /// Browsing for hosts.
        case searching
        /// Opening a connection to `target` and shaking hands.
        case connecting(JoinTarget, ConnectingPhase)
        /// Admitted by the host.
        case connected(Membership)
    }

    /// What the runner must do.
    public enum Action: Hashable, Sendable {
        /// Nothing.
        case none
        /// Start browsing for hosts.
        case startBrowsing
        /// Stop browsing.
        case stopBrowsing
        /// Open the transport to `target` (stopping the browser first if `stopBrowsing`).
        case openTransport(JoinTarget, stopBrowsing: Bool)
        /// Send `clientHello` for this version, with a proof over `nonce` if a code is required.
        case sendHello(version: Int, nonce: [UInt8], joinCodeRequired: Bool)
        /// Send this frame.
        case send(WireMessage)
        /// Admitted: report the welcome to the user.
        case reportConnected(Welcome)
        /// A player joined.
        case reportJoined(Peer)
        /// A player left.
        case reportLeft(Peer, ByeReason)
        /// A game message arrived.
        case deliver(AppMessage)
        /// Send `farewell` (if any), close the transport, report `reason`.
        case close(EndReason, farewell: WireMessage?)
        /// The transport is already gone: report `reason`.
        case reportEnded(EndReason)
    }

    /// The rules.
    public let configuration: Configuration
    /// The current state.
    public private(set) var state: State = .idle(lastEnd: nil)

    /// Creates an idle client.
    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    /// `idle -> searching`.
    public mutating func startSearching() -> Action {
        switch state {
        case .idle:
            state = .searching
            return .startBrowsing
        case .searching, .connecting, .connected:
            return .none
        }
    }

    /// `searching -> idle` without choosing a host.
    public mutating func stopSearching() -> Action {
        switch state {
        case .searching:
            state = .idle(lastEnd: nil)
            return .stopBrowsing
        case .idle, .connecting, .connected:
            return .none
        }
    }

    /// A host was chosen: `searching -> connecting`, or `idle -> connecting` for a known address.
    public mutating func connect(to target: JoinTarget) -> Action {
        switch state {
        case .idle:
            state = .connecting(target, .openingTransport)
            return .openTransport(target, stopBrowsing: false)
        case .searching:
            state = .connecting(target, .openingTransport)
            return .openTransport(target, stopBrowsing: true)
        case .connecting, .connected:
            preconditionFailure("connect() while already connecting or connected")
        }
    }

    /// The transport is open.
    public mutating func transportOpened(now: NIODeadline) -> Action {
        switch state {
        case .connecting(let target, .openingTransport):
            state = .connecting(target, .awaitingServerHello(since: now))
            return .none
        case .idle, .searching, .connecting, .connected:
            preconditionFailure("transportOpened() while not opening a transport")
        }
    }

    /// The transport could not be opened: `connecting -> idle(noNetwork)`.
    public mutating func transportFailed() -> Action {
        switch state {
        case .connecting(_, .openingTransport):
            state = .idle(lastEnd: .noNetwork)
            return .reportEnded(.noNetwork)
        case .idle, .searching, .connecting, .connected:
            return .none
        }
    }

    /// A frame arrived from the host.
    public mutating func received(_ message: WireMessage, now: NIODeadline) -> Action {
        switch state {
        case .idle, .searching, .connecting(_, .openingTransport):
            return .none
        case .connecting(let target, .awaitingServerHello(let since)):
            guard case .serverHello(let hello) = message else { return violation(unexpected: message, in: "awaiting serverHello") }
            guard let version = configuration.versions.filter(hello.versions.contains).max() else {
                state = .idle(lastEnd: .denied(.versionMismatch))
                return .close(.denied(.versionMismatch), farewell: nil)
            }
            guard let nonce = Base64.decode(hello.nonce), nonce.count == JoinProof.nonceBytes else {
                return violation(.malformedMessage("nonce must be base64 of \(JoinProof.nonceBytes) bytes"))
            }
            state = .connecting(target, .awaitingWelcome(since: since))
            return .sendHello(version: version, nonce: nonce, joinCodeRequired: hello.joinCodeRequired)
        case .connecting(_, .awaitingWelcome):
            switch message {
            case .welcome(let welcome):
                let peers = Dictionary(uniqueKeysWithValues: welcome.peers.map { ($0.id, $0) })
                state = .connected(Membership(
                    welcome: welcome, peers: peers,
                    heartbeat: Heartbeat(configuration: Self.heartbeat(of: welcome), now: now)))
                return .reportConnected(welcome)
            case .deny(let deny):
                state = .idle(lastEnd: .denied(deny.reason))
                return .close(.denied(deny.reason), farewell: nil)
            default:
                return violation(unexpected: message, in: "awaiting welcome")
            }
        case .connected(var membership):
            membership.heartbeat.heard(at: now)
            switch message {
            case .joined(let joined):
                membership.peers[joined.peer.id] = joined.peer
                state = .connected(membership)
                return .reportJoined(joined.peer)
            case .left(let left):
                membership.peers[left.peer.id] = nil
                state = .connected(membership)
                return .reportLeft(left.peer, left.reason)
            case .ping(let ping):
                state = .connected(membership)
                return .send(.pong(Heartbeat.pong(for: ping, receivedAt: now, now: now)))
            case .pong(let pong):
                membership.heartbeat.pongReceived(pong, at: now)
                state = .connected(membership)
                return .none
            case .app(let app):
                state = .connected(membership)
                return .deliver(app)
            case .bye(let bye):
                state = .idle(lastEnd: bye.reason.endReason)
                return .close(bye.reason.endReason, farewell: nil)
            case .serverHello, .clientHello, .welcome, .deny:
                state = .connected(membership)
                return violation(unexpected: message, in: "connected")
            }
        }
    }

    /// A frame could not be decoded: close with `protocolError`.
    public mutating func violation(_ violation: ProtocolViolation) -> Action {
        switch state {
        case .connecting(_, .awaitingServerHello), .connecting(_, .awaitingWelcome), .connected:
            state = .idle(lastEnd: .protocolError)
            return .close(.protocolError, farewell: .bye(Bye(reason: .protocolError, detail: violation.description)))
        case .idle, .searching, .connecting(_, .openingTransport):
            return .none
        }
    }

    /// Time passes: handshake deadline, pings, heartbeat timeout.
    public mutating func tick(now: NIODeadline) -> Action {
        switch state {
        case .connecting(_, .awaitingServerHello(let since)), .connecting(_, .awaitingWelcome(let since)):
            guard now - since > configuration.handshakeTimeout else { return .none }
            state = .idle(lastEnd: .connectionDropped)
            return .close(.connectionDropped, farewell: nil)
        case .connected(var membership):
            switch membership.heartbeat.tick(now: now) {
            case .none:
                state = .connected(membership)
                return .none
            case .sendPing(let ping):
                state = .connected(membership)
                return .send(.ping(ping))
            case .timedOut:
                state = .idle(lastEnd: .connectionDropped)
                return .close(.connectionDropped, farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout")))
            }
        case .idle, .searching, .connecting(_, .openingTransport):
            return .none
        }
    }

    /// The transport closed without a bye: `-> idle(connectionDropped)`.
    public mutating func transportClosed() -> Action {
        switch state {
        case .connecting(_, .awaitingServerHello), .connecting(_, .awaitingWelcome), .connected:
            state = .idle(lastEnd: .connectionDropped)
            return .reportEnded(.connectionDropped)
        case .idle, .searching, .connecting(_, .openingTransport):
            return .none
        }
    }

    /// The user quits: `-> idle(userQuit)`, saying `bye` when connected.
    public mutating func quit() -> Action {
        switch state {
        case .idle:
            return .none
        case .searching:
            state = .idle(lastEnd: .userQuit)
            return .stopBrowsing
        case .connecting:
            state = .idle(lastEnd: .userQuit)
            return .close(.userQuit, farewell: nil)
        case .connected:
            state = .idle(lastEnd: .userQuit)
            return .close(.userQuit, farewell: .bye(Bye(reason: .userQuit, detail: nil)))
        }
    }

    private mutating func violation(unexpected message: WireMessage, in phase: String) -> Action {
        violation(.unexpectedMessage(type: message.typeName, state: phase))
    }

    private static func heartbeat(of welcome: Welcome) -> HeartbeatConfiguration {
        let interval = max(welcome.heartbeatIntervalMs, 10)
        let timeout = max(welcome.heartbeatTimeoutMs, interval + 1)
        return HeartbeatConfiguration(interval: .milliseconds(Int64(interval)), timeout: .milliseconds(Int64(timeout)))
    }
}

/// base64 without Foundation's `Data` in the state machines' signatures.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? { Data(base64Encoded: text).map(Array.init) }
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}

import FoundationEssentials
