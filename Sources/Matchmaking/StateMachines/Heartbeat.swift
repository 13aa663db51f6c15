import NIOCore

/// Heartbeat settings, shared by host and client.
public struct HeartbeatConfiguration: Hashable, Sendable {
    /// How often each side pings.
    public var interval: TimeAmount
    /// Silence longer than this drops the peer with `connectionDropped`.
    public var timeout: TimeAmount
    /// The host only: how long a silence may last while the host's own bytes to that player are
    /// still on their way (its TCP still acknowledges them): on a crowded Wi-Fi a pong waits
    /// behind the host's backlog, and the player is not gone. Past this, gone whatever the link.
    public var backlogLimit: TimeAmount

    /// One ping a second, dropped after 3 s of silence: three missed pings, as Unity does; up
    /// to 30 s while the host's bytes to the player are still on their way.
    public static let `default` = HeartbeatConfiguration(interval: .seconds(1), timeout: .seconds(3))

    /// Creates a configuration; the timeout must exceed the interval (and the backlog limit,
    /// 10 timeouts unless given, the timeout).
    public init(interval: TimeAmount, timeout: TimeAmount, backlogLimit: TimeAmount? = nil) {
        precondition(interval > .zero && timeout > interval, "heartbeat timeout must exceed the interval")
        self.interval = interval
        self.timeout = timeout
        self.backlogLimit = max(timeout, backlogLimit ?? timeout * 10)
    }
}

/// The liveness half of a connection: when to ping, when the peer counts as gone, and the clock
/// samples that the pongs bring. Pure: every method takes the current time.
public struct Heartbeat: Sendable {
    /// What a tick asks the runner to do.
    public enum TickAction: Hashable, Sendable {
        /// Nothing is due.
        case none
        /// A ping is due: send one now.
        case pingDue
        /// The peer has been silent past the timeout: gone, unless its link is still taking the
        /// host's bytes (ask the transport, then ``excuse(until:)`` or drop). Asked again an
        /// interval later while no answer came.
        case silent
        /// The peer has been silent past the backlog limit: gone, whatever its link.
        case timedOut
    }

    /// The settings.
    public let configuration: HeartbeatConfiguration
    private var lastHeard: NIODeadline
    private var lastPingSent: NIODeadline?
    /// A silence past the timeout is excused until then (a check of the link is pending, or it
    /// found the host's bytes still on their way).
    private var excusedUntil: NIODeadline?
    /// The clock estimate of the peer.
    public private(set) var clock = ClockEstimator()

    /// Starts counting at `now`; the first ping is due at once.
    public init(configuration: HeartbeatConfiguration, now: NIODeadline) {
        self.configuration = configuration
        self.lastHeard = now
    }

    /// Any frame from the peer proves it is alive.
    public mutating func heard(at now: NIODeadline) { lastHeard = max(lastHeard, now) }

    /// The link was checked after a ``TickAction/silent``: the host's bytes are still on their
    /// way, so the silence is excused until `until` (then checked again), up to the backlog limit.
    public mutating func excuse(until: NIODeadline) { excusedUntil = max(excusedUntil ?? until, until) }

    /// Decides whether to ping, ask about the link, or drop.
    public mutating func tick(now: NIODeadline) -> TickAction {
        let silence = now - lastHeard
        if silence > configuration.backlogLimit { return .timedOut }
        if silence > configuration.timeout, excusedUntil.map({ now >= $0 }) ?? true {
            excusedUntil = now + configuration.interval  // the answer is due within an interval
            return .silent
        }
        if let lastPingSent, now - lastPingSent < configuration.interval { return .none }
        lastPingSent = now
        return .pingDue
    }

    /// The answer to a peer's ping that arrived at `receivedAt`, sent at `now`.
    public static func pong(for ping: Ping, receivedAt: NIODeadline, now: NIODeadline) -> Pong {
        Pong(seq: ping.seq, sent: ping.sent, received: receivedAt.microseconds, replied: now.microseconds)
    }

    /// Feeds the pong's timestamps to the clock estimator.
    public mutating func pongReceived(_ pong: Pong, at now: NIODeadline) {
        clock.add(ClockSample(t0: pong.sent, t1: pong.received, t2: pong.replied, t3: now.microseconds))
    }
}

extension NIODeadline {
    /// The monotonic clock in microseconds, as carried in pings and pongs.
    public var microseconds: Int64 { Int64(uptimeNanoseconds / 1000) }
}
