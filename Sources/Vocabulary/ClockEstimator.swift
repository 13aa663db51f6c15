/// One NTP-style exchange: ping sent at `t0` (local clock), received at `t1` and answered at `t2`
/// (peer clock), pong received at `t3` (local clock). All in microseconds.
public struct ClockSample: Hashable, Sendable {
    public var t0: Int64, t1: Int64, t2: Int64, t3: Int64

    /// Creates a sample from the four timestamps.
    public init(t0: Int64, t1: Int64, t2: Int64, t3: Int64) {
        (self.t0, self.t1, self.t2, self.t3) = (t0, t1, t2, t3)
    }

    /// Network round trip, excluding the peer's processing time.
    public var roundTrip: Int64 { (t3 - t0) - (t2 - t1) }
    /// Peer clock minus local clock, assuming a symmetric path.
    public var offset: Int64 { ((t1 - t0) + (t2 - t3)) / 2 }
}

/// What is known about a peer's clock.
public struct ClockEstimate: Hashable, Sendable {
    /// Peer clock minus local clock, in microseconds, from the lowest-round-trip recent sample.
    public var offset: Int64
    /// That sample's round trip, in microseconds: the offset is good to about half of it.
    public var roundTrip: Int64
    /// The median round trip of the recent samples, in microseconds.
    public var medianRoundTrip: Int64
    /// How many samples are in the window.
    public var samples: Int

    /// Creates an estimate.
    public init(offset: Int64, roundTrip: Int64, medianRoundTrip: Int64, samples: Int) {
        (self.offset, self.roundTrip, self.medianRoundTrip, self.samples) = (offset, roundTrip, medianRoundTrip, samples)
    }

    /// Converts a time read on the peer's clock to the local clock.
    public func localTime(fromPeerTime peerTime: Int64) -> Int64 { peerTime - offset }
}

/// Keeps the recent clock samples of one peer and estimates its offset from the ones with the
/// lowest round trip (the least queueing delay, so the most symmetric path).
public struct ClockEstimator: Sendable {
    /// How many recent samples are kept.
    public let window: Int
    private var recent: [ClockSample] = []

    /// Creates an estimator keeping `window` samples.
    public init(window: Int = 16) {
        precondition(window > 0, "window must be positive")
        self.window = window
    }

    /// Adds a sample; samples with a negative round trip (clock steps) are ignored.
    public mutating func add(_ sample: ClockSample) {
        guard sample.roundTrip >= 0 else { return }
        if recent.count == window { recent.removeFirst() }
        recent.append(sample)
    }

    /// The estimate, or nil before the first sample.
    public var estimate: ClockEstimate? {
        guard let best = recent.min(by: { $0.roundTrip < $1.roundTrip }) else { return nil }
        let trips = recent.map(\.roundTrip).sorted()
        return ClockEstimate(
            offset: best.offset, roundTrip: best.roundTrip, medianRoundTrip: trips[trips.count / 2],
            samples: recent.count)
    }
}
