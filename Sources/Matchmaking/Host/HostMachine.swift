import NIOCore

/// The host, as a pure value: every fact of the host's session has its one owner here. Which
/// links are open and at which stage (shaking hands, admitted, closing), who the players are and
/// which link carries each, their heartbeats and clock estimates, admission and its cap, the
/// game phase, and the `joined`/`left` notes not yet written. The seats, with every index over
/// them, are one sub-value, `Seats`, changed only through its operations.
///
/// One mutating method per event (a link opened, a frame arrived, a link closed, a timer tick,
/// the game sending, the game starting or ending, stop); each returns a ``HostResult`` that says
/// exactly what to do. No clock is read and nothing is written here: time comes in with the
/// event, randomness (the hello nonce) too. Nothing a remote peer sends can reach a
/// `preconditionFailure`: every frame, in every stage, has an answer.
///
/// `Link` is the runner's handle for a link (a NIO channel; a number in tests); the machine only
/// keeps it and hands it back in results.
///
/// Links: `awaitingHello -> admitted -> closing` (any stage `-> closing`; the entry goes at
/// ``linkClosed(_:now:)``). Seats: `seated <-> away` (the link dropped; kept for the resume
/// grace) `-> gone`. Phases: `open <-> playing`, `-> stopped`.
public struct HostMachine<Link: Sendable>: Sendable {
    /// Where the host is in its life.
    public enum Phase: Hashable, Sendable {
        /// Admitting players up to the cap (the lobby).
        case open
        /// A game runs; without late joiners new players are denied `inProgress`.
        case playing(lateJoinersAllowed: Bool)
        /// Shut down: every link was told and closed; nothing is admitted any more.
        case stopped
    }

    /// Where one link is.
    enum Stage: Sendable {
        /// `serverHello` was sent at `since` with this nonce; waiting for `clientHello`. `token`
        /// is the resume token the seat gets if this link is admitted to a new one.
        case awaitingHello(since: NIODeadline, nonce: [UInt8], token: [UInt8])
        /// Carries this admitted player.
        case admitted(PeerID)
        /// Told to close; whatever still arrives is ignored until the runner says it closed.
        case closing
    }

    /// An open link.
    struct LinkEntry: Sendable {
        /// The runner's handle.
        let link: Link
        /// Where it is.
        var stage: Stage
        /// 32 random bytes from the runner: the datagram key a version 3 player admitted on this
        /// link gets (empty: none; see ``DatagramOffer``).
        var datagramKey: [UInt8] = []
        /// What the join-code proof on this link is bound to: on a TLS link the host
        /// certificate's SHA-256 (tls-server-end-point, ``JoinProof``); empty on a plain link.
        var channelBinding: [UInt8] = []
        /// Awaiting hello past the handshake timeout: not closed before this (its transport is
        /// being read, or was found still taking the `serverHello`).
        var excusedUntil: NIODeadline?
    }

    /// An admitted player's place (``Seats/Seat``).
    typealias Seat = Seats<Link>.Seat

    /// The rules.
    public let configuration: ServerConfiguration
    /// The name in use (a DNS-SD collision can rename the host).
    public internal(set) var name: String
    /// Where the host is in its life.
    public internal(set) var phase: Phase = .open
    /// Every seated player's current clock estimate (kept by `Seats` beside the seats, so that
    /// a game can take a snapshot without walking every seat).
    public var clocks: [PeerID: ClockEstimate] { seats.clocks }

    var links: [LinkID: LinkEntry] = [:]
    /// The seats and their indexes (names, resume tokens, link handles, clock estimates).
    var seats = Seats<Link>()
    /// How many links are awaiting their hello.
    var pending = 0
    var roster = RosterBatch()
    var pingRound: UInt32 = 0
    var refusalLog = LogThrottle(interval: .seconds(10))
    /// The host's UDP port for the real-time channel, once the runner has one (``datagramsOpened(port:)``).
    public internal(set) var datagramPort: Int?
    /// The numbering of the host's states (one sequence per key, whoever they go to).
    var stateNumbers = StateNumbers()
    /// Datagrams dropped since the host started, by why.
    public internal(set) var datagramDrops: [Datagram.Drop: Int] = [:]
    /// The latest drop not yet in a log note, and when the next note may be written.
    var unloggedDrop: Datagram.Drop?
    var nextDropNote: NIODeadline?

    /// A host that admits players by `configuration` (validated by the caller).
    public init(configuration: ServerConfiguration) {
        self.configuration = configuration
        self.name = configuration.name
    }

    /// The admitted players, in order of admission.
    public var players: [Peer] { seats.players }

    /// The host's game as a participant: id 0, the host's name.
    public var hostPeer: Peer { Peer(id: .host, name: name) }

    /// Name, players, capacity and phase, as advertisements show them.
    public var status: ServerStatus {
        let isPlaying: Bool
        switch phase {
        case .playing: isPlaying = true
        case .open, .stopped: isPlaying = false
        }
        return ServerStatus(name: name, players: seats.count, capacity: configuration.capacity, isPlaying: isPlaying)
    }

    /// How often the runner should call ``tick(now:)``: a twentieth of the heartbeat interval (or
    /// of the handshake timeout, if shorter), at least 5 ms. Pings go out at ticks, so the finer
    /// the ticks, the more evenly a crowd's pings (and their pongs) spread over the interval
    /// instead of leaving in a few large bursts; a tick that finds nothing due costs a walk over
    /// the seats (a Pi with 1,000 idle players: 20 short walks a second).
    public var tickInterval: TimeAmount {
        let shortest = min(configuration.heartbeat.interval, configuration.handshakeTimeout)
        return max(.nanoseconds(shortest.nanoseconds / 20), .milliseconds(5))
    }

    /// How many links are open (any stage).
    public var linkCount: Int { links.count }
}
