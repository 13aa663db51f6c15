import NIOCore

/// What the runner must do after one event of the ``HostMachine``: write these frames and close
/// these links (in this order), hand these inputs to the game, publish this status, log these
/// notes. The runner performs it and decides nothing.
public struct HostResult<Link: Sendable>: Sendable {
    /// One frame's content, encoded once by the runner however many links it goes to.
    public enum Outgoing: Sendable {
        /// A protocol message.
        case message(WireMessage)
        /// An `app` frame around a body that is already JSON, from `from` (spliced, not re-encoded).
        case app(body: RawJSON, from: PeerID)
        /// A roster batch's notes (`joined`, `left`) from index `from` on, as consecutive frames in
        /// one write. Every `.roster` of one result carries the same batch.
        case roster([WireMessage], from: Int)
        /// Several messages as consecutive frames in one write.
        case messages([WireMessage])
        /// A heartbeat `ping` numbered `seq`, stamped with the clock as it is written (the time
        /// it leaves is what the clock estimate needs, not the time the tick ran).
        case ping(seq: UInt32)
        /// A real-time state over the reliable link: coalesced per link and key (when the link
        /// cannot take it now, only the newest waiting state of its key is written later).
        case state(StateMessage)
    }

    /// One step of output.
    public enum Write: Sendable {
        /// Send this to each of these links.
        case send(Outgoing, to: [Link])
        /// Close this link, after sending `farewell` (a `deny` or `bye`) when there is one.
        case close(Link, farewell: WireMessage?)
        /// Send this UDP datagram (sealed already) from the host's port to this address.
        case datagram([UInt8], to: SocketAddress)
    }

    /// Frames and closes, in order.
    public var writes: [Write] = []
    /// What the host's game hears, in order.
    public var inputs: [SessionInput] = []
    /// The status to publish when it changed.
    public var status: ServerStatus?
    /// What to log.
    public var notes: [HostNote<Link>] = []
    /// Run ``HostMachine/tick(now:)`` no later than this (a batch of roster notes is due).
    public var wake: NIODeadline?
    /// Links of players silent past the heartbeat timeout, and links still awaiting their hello
    /// past the handshake timeout: read each one's transport and tell
    /// ``HostMachine/transportChecked(_:_:now:)`` what it says.
    public var checks: [LinkCheck<Link>] = []

    /// Nothing to do.
    public init() {}

    mutating func send(_ outgoing: Outgoing, to links: [Link]) {
        guard !links.isEmpty else { return }
        writes.append(.send(outgoing, to: links))
    }

    mutating func send(_ message: WireMessage, to link: Link) { writes.append(.send(.message(message), to: [link])) }
}

/// A link whose transport the runner reads for the machine (``HostResult/checks``).
public struct LinkCheck<Link: Sendable>: Sendable {
    /// The link's id, for the answer.
    public var link: LinkID
    /// The link.
    public var handle: Link
}

/// What a player's socket says of the host's bytes to it (Linux's `TCP_INFO`), when the
/// heartbeat finds the player silent.
public struct TransportState: Hashable, Sendable {
    /// Segments the host sent that the player's TCP has not acknowledged yet.
    public var unacknowledgedSegments: Int
    /// How long ago the player's TCP last acknowledged anything.
    public var sinceLastAcknowledgement: TimeAmount
    /// How long ago data from the player last reached the host's socket (whether or not the host
    /// has read it yet): for the log, to tell a player that said nothing from a host that did not
    /// read what it said; nil when not known.
    public var sinceLastDataReceived: TimeAmount?

    /// A reading.
    public init(unacknowledgedSegments: Int, sinceLastAcknowledgement: TimeAmount, sinceLastDataReceived: TimeAmount? = nil) {
        self.unacknowledgedSegments = unacknowledgedSegments
        self.sinceLastAcknowledgement = sinceLastAcknowledgement
        self.sinceLastDataReceived = sinceLastDataReceived
    }

    /// Whether the host's bytes are still on their way to a peer that is there: some are not yet
    /// acknowledged, and its TCP acknowledged others within `recently`. A silence is then the
    /// host's backlog's, not the peer's.
    public func isDelivering(within recently: TimeAmount) -> Bool {
        unacknowledgedSegments > 0 && sinceLastAcknowledgement <= recently
    }
}

/// Something worth a log line. Join codes, proofs and tokens never appear in one.
public enum HostNote<Link: Sendable>: Sendable {
    /// A player was admitted on this link.
    case admitted(Peer, on: Link)
    /// A player left.
    case left(Peer, ByeReason)
    /// A player's link dropped; its seat is kept for this long.
    case away(Peer, for: TimeAmount)
    /// A player took its seat back on this link.
    case resumed(Peer, on: Link)
    /// A link is being closed, and why. `routine`: a connection that went before saying
    /// anything (a liveness probe), not news.
    case closing(Link, reason: String, routine: Bool)
    /// A silent link is being closed although its socket could say something: what it said
    /// (``HostMachine/transportChecked(_:_:now:)``), for whoever tunes the rule.
    case silentTransport(Link, TransportState)
    /// Links are being refused because too many are shaking hands; `suppressed` more were
    /// refused since the last such note (at most one note per 10 s).
    case refusedPending(limit: Int, suppressed: Int)
    /// Datagrams were dropped (at most one note per 5 s): every drop since the host started,
    /// by why, and the latest one's reason.
    case datagramsDropped([Datagram.Drop: Int], latest: Datagram.Drop)
}

extension SocketOptionProvider {
    /// What this socket's `TCP_INFO` says of the bytes on their way to its peer (on the socket's
    /// event loop).
    public func transportState() -> EventLoopFuture<TransportState> {
        getTCPInfo().map { info in
            TransportState(
                unacknowledgedSegments: Int(info.tcpi_unacked), sinceLastAcknowledgement: .milliseconds(Int64(info.tcpi_last_ack_recv)),
                sinceLastDataReceived: .milliseconds(Int64(info.tcpi_last_data_recv)))
        }
    }
}
