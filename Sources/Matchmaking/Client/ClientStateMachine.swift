import FoundationEssentials
import NIOCore

/// The client's whole life: `idle -> searching -> connecting -> connected`, back to `idle` with
/// a reason (and, where there is more to say, a sentence: the host's deny detail, why the host
/// could not be reached, what was not found). Pure: time comes in with every event, and the
/// runner (``MatchmakingClient``) performs the actions.
public struct ClientStateMachine: Sendable {
    /// Who the player is, and the timing and version rules.
    public struct Configuration: Hashable, Sendable {
        /// The player's display name (see ``PlayerName``).
        public var playerName: String
        /// The host's join code, if it has one: only a proof of it is sent.
        public var joinCode: String?
        /// Time allowed from the transport opening to the welcome.
        public var handshakeTimeout: TimeAmount
        /// Versions the client speaks; it picks the highest one the host also speaks.
        public var versions: [Int]
        /// Resume tokens this client holds, by host id (``ServerHello/serverId``): joining a host
        /// it holds one for asks for that seat back (version 2).
        public var resumeTokens: [UUID: String]
        /// Creates a configuration.
        public init(
            playerName: String = "player", joinCode: String? = nil, handshakeTimeout: TimeAmount = .seconds(5),
            versions: [Int] = WireCodec.supportedVersions, resumeTokens: [UUID: String] = [:]
        ) {
            self.playerName = playerName
            self.joinCode = joinCode
            self.handshakeTimeout = handshakeTimeout
            self.versions = versions
            self.resumeTokens = resumeTokens
        }
    }

    /// The handshake step while connecting.
    public enum ConnectingPhase: Hashable, Sendable {
        /// The transport is being opened.
        case openingTransport
        /// The transport opened at `since`; waiting for the host's `serverHello`.
        case awaitingServerHello(since: NIODeadline)
        /// `clientHello` sent; waiting for `welcome` or `deny`. `since` is still the time the
        /// transport opened (the deadline covers the whole exchange); `hello` is the host's.
        case awaitingWelcome(since: NIODeadline, hello: ServerHello)
    }

    /// What the client knows once admitted.
    public struct Membership: Sendable {
        /// The welcome as received.
        public var welcome: Welcome
        /// The host's hello: the game it runs, the largest frame it takes.
        public var hello: ServerHello
        /// The other players now present, by id.
        public var peers: [PeerID: Peer]
        /// Liveness and clock estimate of the host.
        public var heartbeat: Heartbeat
        /// Pings sent so far (numbers the next one).
        public var pingsSent: UInt32 = 0
    }

    /// Where the client is.
    public enum State: Sendable {
        /// Not connected. Carries why the last attempt or connection ended (nil at first).
        case idle(lastEnd: EndReason?)
        /// Searching until `deadline` (`notFound` says what, should nothing turn up); `fallback`
        /// is a route found meanwhile that is taken if nothing better turns up.
        case searching(notFound: String, deadline: NIODeadline, fallback: HostRoute?)
        /// Opening a connection on `route` and shaking hands.
        case connecting(HostRoute, ConnectingPhase)
        /// Admitted by the host.
        case connected(Membership)
    }

    /// What the runner must do.
    public enum Action: Hashable, Sendable {
        /// Nothing.
        case none
        /// Start the search (ask the finder).
        case startBrowsing
        /// Stop the search; nothing is reported (the user stopped it).
        case stopBrowsing
        /// Stop any search and open the transport on `route`.
        case openTransport(HostRoute)
        /// Send this frame.
        case send(WireMessage)
        /// Admitted: report the welcome (and the host's hello) to the user.
        case reportConnected(Welcome, hello: ServerHello)
        /// A player joined.
        case reportJoined(Peer)
        /// A player left.
        case reportLeft(Peer, ByeReason)
        /// A player's link dropped; the host keeps its seat for a while.
        case reportAway(Peer)
        /// A player who was away is back.
        case reportBack(Peer)
        /// A game message arrived.
        case deliver(AppMessage)
        /// Hand a real-time state from the host to the real-time channel (which keeps the newest).
        case deliverState(StateMessage)
        /// Send `farewell` (if any), close the transport, report `reason` (and `detail`; after a
        /// `nameTaken` denial, the free name the host suggests).
        case close(EndReason, farewell: WireMessage?, detail: String? = nil, suggestion: String? = nil)
        /// Nothing to close (no transport, or it is gone): stop any search and report `reason`.
        case reportEnded(EndReason, detail: String? = nil)
    }

    /// The rules.
    public let configuration: Configuration
    /// The current state.
    public private(set) var state: State = .idle(lastEnd: nil)
    /// What the join-code proof on the current link is bound to: the SHA-256 of the certificate
    /// the host showed on a TLS link (``secured(channelBinding:)``), empty on a plain link.
    public private(set) var channelBinding: [UInt8] = []

    /// Creates an idle client.
    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    // MARK: Searching

    /// `idle -> searching` for `target` (what is looked for, and where: `host named "Kitchen Pi"
    /// on the LAN`) until `now + timeout`.
    public mutating func startSearching(for target: String, now: NIODeadline, timeout: TimeAmount) -> Action {
        switch state {
        case .idle:
            let tenths = (timeout.nanoseconds + 50_000_000) / 100_000_000
            let seconds = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
            let notFound = "found no \(target) within \(seconds) s"
            state = .searching(notFound: notFound, deadline: now + timeout, fallback: nil)
            return .startBrowsing
        case .searching, .connecting, .connected:
            return .none
        }
    }

    /// The search found a route: take it at once, or (a fallback) keep it in case nothing better
    /// turns up before the deadline.
    public mutating func found(_ route: HostRoute, isFallback: Bool) -> Action {
        guard case .searching(let notFound, let deadline, let fallback) = state else { return .none }
        if isFallback {
            state = .searching(notFound: notFound, deadline: deadline, fallback: fallback ?? route)
            return .none
        }
        state = .connecting(route, .openingTransport)
        return .openTransport(route)
    }

    /// The search cannot go on: take the fallback if there is one, else end with `noNetwork`.
    public mutating func searchFailed(_ why: String) -> Action {
        guard case .searching(_, _, let fallback) = state else { return .none }
        if let fallback {
            state = .connecting(fallback, .openingTransport)
            return .openTransport(fallback)
        }
        state = .idle(lastEnd: .noNetwork)
        return .reportEnded(.noNetwork, detail: why)
    }

    /// `searching -> idle` without choosing a host (the user stopped looking).
    public mutating func stopSearching() -> Action {
        switch state {
        case .searching:
            state = .idle(lastEnd: nil)
            return .stopBrowsing
        case .idle, .connecting, .connected:
            return .none
        }
    }

    // MARK: Connecting

    /// A known route: `idle -> connecting`.
    public mutating func connect(to route: HostRoute) -> Action {
        switch state {
        case .idle:
            state = .connecting(route, .openingTransport)
            return .openTransport(route)
        case .searching, .connecting, .connected:
            return .none
        }
    }

    /// The transport is open.
    public mutating func transportOpened(now: NIODeadline) -> Action {
        guard case .connecting(let route, .openingTransport) = state else { return .none }
        state = .connecting(route, .awaitingServerHello(since: now))
        channelBinding = []
        return .none
    }

    /// The link's security layer (TLS) finished its handshake and trusts the host: the join-code
    /// proof is bound to `channelBinding` (the SHA-256 of the host's certificate, see
    /// ``JoinProof``). Comes before the host's first frame, which TLS carries.
    public mutating func secured(channelBinding: [UInt8]) -> Action {
        guard case .connecting(_, .awaitingServerHello) = state else { return .none }
        self.channelBinding = channelBinding
        return .none
    }

    /// The link's security layer refused the host (a key that is not the one pinned or
    /// remembered, a host that speaks no TLS): `-> idle(noNetwork)` with `sentence`, which says
    /// what was found and what to do (``LinkRefused``).
    public mutating func linkRefused(_ sentence: String) -> Action {
        guard case .connecting(_, let phase) = state, phase != .openingTransport else { return .none }
        state = .idle(lastEnd: .noNetwork)
        return .close(.noNetwork, farewell: nil, detail: sentence)
    }

    /// The transport could not be opened (`why`: e.g. `connection refused`, see
    /// ``TransportFailure``): `-> idle(noNetwork)`, with the one sentence that says so,
    /// `cannot reach 10.0.0.5:7777: connection refused`.
    public mutating func transportFailed(_ why: String) -> Action {
        guard case .connecting(let route, .openingTransport) = state else { return .none }
        state = .idle(lastEnd: .noNetwork)
        return .reportEnded(.noNetwork, detail: "cannot reach \(route): \(why)")
    }

    /// A frame arrived from the host.
    public mutating func received(_ message: WireMessage, now: NIODeadline) -> Action {
        switch state {
        case .idle, .searching, .connecting(_, .openingTransport):
            return .none
        case .connecting(let route, .awaitingServerHello(let since)):
            guard case .serverHello(let hello) = message else { return violation(unexpected: message, in: "awaiting serverHello") }
            guard let version = configuration.versions.filter(hello.versions.contains).max() else {
                state = .idle(lastEnd: .denied(.versionMismatch))
                let spoken = hello.versions.map(String.init).joined(separator: ", ")
                return .close(.denied(.versionMismatch), farewell: nil, detail: "the host speaks protocol versions \(spoken)")
            }
            guard let nonce = Base64.decode(hello.nonce), nonce.count == JoinProof.nonceBytes else {
                return violation(.malformedMessage("nonce must be base64 of \(JoinProof.nonceBytes) bytes"))
            }
            state = .connecting(route, .awaitingWelcome(since: since, hello: hello))
            let proof = hello.joinCodeRequired ? configuration.joinCode.map {
                JoinProof.proof(code: $0, nonce: nonce, binding: channelBinding)
            } : nil
            let resume = version >= WireCodec.resumeVersion ? configuration.resumeTokens[hello.serverId] : nil
            return .send(.clientHello(ClientHello(version: version, name: configuration.playerName, proof: proof, resume: resume)))
        case .connecting(_, .awaitingWelcome(_, let hello)):
            switch message {
            case .welcome(let welcome):
                let peers = Dictionary(welcome.peers.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                state = .connected(Membership(
                    welcome: welcome, hello: hello, peers: peers,
                    heartbeat: Heartbeat(configuration: Self.heartbeat(of: welcome), now: now)))
                return .reportConnected(welcome, hello: hello)
            case .deny(let deny):
                state = .idle(lastEnd: .denied(deny.reason))
                return .close(.denied(deny.reason), farewell: nil, detail: deny.detail, suggestion: deny.suggestion)
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
            case .away(let away):
                state = .connected(membership)
                return .reportAway(away.peer)
            case .back(let back):
                membership.peers[back.peer.id] = back.peer
                state = .connected(membership)
                return .reportBack(back.peer)
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
            case .state(let message) where membership.welcome.version >= WireCodec.realtimeVersion && message.from == .host:
                state = .connected(membership)
                return .deliverState(message)
            case .state:
                state = .connected(membership)
                return violation(unexpected: message, in: "connected")
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

    /// Time passes: the search deadline, the handshake deadline, pings, the heartbeat timeout.
    public mutating func tick(now: NIODeadline) -> Action {
        switch state {
        case .searching(let notFound, let deadline, let fallback):
            guard now >= deadline else { return .none }
            if let fallback {
                state = .connecting(fallback, .openingTransport)
                return .openTransport(fallback)
            }
            state = .idle(lastEnd: .noNetwork)
            return .reportEnded(.noNetwork, detail: notFound)
        case .connecting(_, .awaitingServerHello(let since)), .connecting(_, .awaitingWelcome(let since, _)):
            guard now - since > configuration.handshakeTimeout else { return .none }
            state = .idle(lastEnd: .connectionDropped)
            return .close(.connectionDropped, farewell: nil, detail: "no answer from the host within the handshake timeout")
        case .connected(var membership):
            switch membership.heartbeat.tick(now: now) {
            case .none:
                state = .connected(membership)
                return .none
            case .pingDue:
                let ping = Ping(seq: membership.pingsSent, sent: now.microseconds)
                membership.pingsSent &+= 1
                state = .connected(membership)
                return .send(.ping(ping))
            case .silent, .timedOut:  // a client does not wait for its own backlog
                state = .idle(lastEnd: .connectionDropped)
                return .close(.connectionDropped, farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout")))
            }
        case .idle, .connecting(_, .openingTransport):
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
            return .reportEnded(.userQuit)
        case .connecting:
            state = .idle(lastEnd: .userQuit)
            return .close(.userQuit, farewell: nil)
        case .connected:
            state = .idle(lastEnd: .userQuit)
            return .close(.userQuit, farewell: .bye(Bye(reason: .userQuit, detail: nil)))
        }
    }

    /// How often the runner should tick: a tenth of the handshake timeout until admitted (the
    /// search deadline is checked as often), a quarter of the heartbeat interval after; never
    /// more often than every 5 ms (a Pi stays idle).
    public var tickInterval: TimeAmount {
        let interval: TimeAmount
        if case .connected(let membership) = state {
            interval = .nanoseconds(membership.heartbeat.configuration.interval.nanoseconds / 4)
        } else {
            interval = .nanoseconds(configuration.handshakeTimeout.nanoseconds / 10)
        }
        return max(interval, .milliseconds(5))
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
