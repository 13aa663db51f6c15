import NIOCore

/// Heartbeat settings, shared by host and client.
public struct HeartbeatConfiguration: Hashable, Sendable {
    /// How often each side pings.
    public var interval: TimeAmount
    /// Silence longer than this drops the peer with `connectionDropped`.
    public var timeout: TimeAmount

    /// One ping a second, dropped after 3 s of silence: three missed pings, as Unity does.
    public static let `default` = HeartbeatConfiguration(interval: .seconds(1), timeout: .seconds(3))

    /// Creates a configuration; the timeout must exceed the interval.
    public init(interval: TimeAmount, timeout: TimeAmount) {
        precondition(interval > .zero && timeout > interval, "heartbeat timeout must exceed the interval")
        self.interval = interval
        self.timeout = timeout
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
        /// The peer has been silent past the timeout.
        case timedOut
    }

    /// The settings.
    public let configuration: HeartbeatConfiguration
    private var lastHeard: NIODeadline
    private var lastPingSent: NIODeadline?
    /// The clock estimate of the peer.
    public private(set) var clock = ClockEstimator()

    /// Starts counting at `now`; the first ping is due at once.
    public init(configuration: HeartbeatConfiguration, now: NIODeadline) {
        self.configuration = configuration
        self.lastHeard = now
    }

    /// Any frame from the peer proves it is alive.
    public mutating func heard(at now: NIODeadline) { lastHeard = max(lastHeard, now) }

    /// Decides whether to ping or drop.
    public mutating func tick(now: NIODeadline) -> TickAction {
        if now - lastHeard > configuration.timeout { return .timedOut }
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
