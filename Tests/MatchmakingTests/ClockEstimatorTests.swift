import Testing

@testable import Matchmaking

@Suite struct ClockEstimatorTests {
    /// A sample where the peer's clock reads `skew` more than ours, with the given one-way delays and
    /// the peer's processing time, the ping leaving at local `start`.
    static func sample(start: Int64 = 1_000_000, skew: Int64, out: Int64, processing: Int64 = 0, back: Int64) -> ClockSample {
        let t1 = start + out + skew
        let t2 = t1 + processing
        let t3 = start + out + processing + back
        return ClockSample(t0: start, t1: t1, t2: t2, t3: t3)
    }

    @Test func symmetricPathGivesTheExactSkew() {
        let s = Self.sample(skew: 250_000, out: 400, processing: 35, back: 400)
        #expect(s.roundTrip == 800)
        #expect(s.offset == 250_000)
    }

    @Test func negativeSkew() {
        let s = Self.sample(skew: -3_000_000, out: 1000, processing: 10, back: 1000)
        #expect(s.roundTrip == 2000)
        #expect(s.offset == -3_000_000)
    }

    @Test func asymmetricDelaysSkewTheOffsetByHalfTheDifference() {
        // 100 µs out, 300 µs back: the offset is off by (100 - 300) / 2.
        let s = Self.sample(skew: 1000, out: 100, processing: 50, back: 300)
        #expect(s.t0 == 1_000_000)
        #expect(s.t1 == 1_001_100)
        #expect(s.t2 == 1_001_150)
        #expect(s.t3 == 1_000_450)
        #expect(s.roundTrip == 400)
        #expect(s.offset == 900)
    }

    @Test func literalTimestamps() {
        let s = ClockSample(t0: 10, t1: 1_000_020, t2: 1_000_030, t3: 60)
        #expect(s.roundTrip == 40)  // 50 on the wire and in the peer, minus 10 in the peer
        #expect(s.offset == 999_990)  // ((1_000_010) + (999_970)) / 2
    }

    @Test func noEstimateBeforeTheFirstSample() {
        let estimator = ClockEstimator()
        #expect(estimator.window == 16)
        #expect(estimator.estimate == nil)
    }

    @Test func oneSample() {
        var estimator = ClockEstimator()
        let s = Self.sample(skew: 500, out: 100, back: 100)
        estimator.add(s)
        #expect(estimator.estimate == ClockEstimate(offset: 500, roundTrip: 200, medianRoundTrip: 200, samples: 1))
    }

    @Test func picksTheLowestRoundTripSample() {
        var estimator = ClockEstimator()
        // True skew 10_000; queueing on the return path distorts the slow samples.
        estimator.add(Self.sample(skew: 10_000, out: 200, back: 5000))  // rtt 5200, offset 7600
        estimator.add(Self.sample(skew: 10_000, out: 150, back: 170))  // rtt 320, offset 9990
        estimator.add(Self.sample(skew: 10_000, out: 3000, back: 200))  // rtt 3200, offset 11_400
        estimator.add(Self.sample(skew: 10_000, out: 900, back: 100))  // rtt 1000, offset 10_400
        let estimate = estimator.estimate
        #expect(estimate?.offset == 9990)
        #expect(estimate?.roundTrip == 320)
        #expect(estimate?.samples == 4)
        // Sorted round trips 320, 1000, 3200, 5200: the element at count / 2.
        #expect(estimate?.medianRoundTrip == 3200)
    }

    @Test func medianOfAnOddCount() {
        var estimator = ClockEstimator()
        for rtt: Int64 in [900, 100, 500, 300, 700] {
            estimator.add(Self.sample(skew: 0, out: rtt / 2, back: rtt / 2))
        }
        #expect(estimator.estimate?.medianRoundTrip == 500)
        #expect(estimator.estimate?.roundTrip == 100)
    }

    @Test func oldSamplesLeaveTheWindow() {
        var estimator = ClockEstimator(window: 3)
        estimator.add(Self.sample(skew: 111, out: 5, back: 5))  // the best, and the oldest
        estimator.add(Self.sample(skew: 222, out: 50, back: 50))
        estimator.add(Self.sample(skew: 333, out: 60, back: 60))
        #expect(estimator.estimate?.offset == 111)
        #expect(estimator.estimate?.samples == 3)

        estimator.add(Self.sample(skew: 444, out: 70, back: 70))  // evicts the first
        #expect(estimator.estimate?.offset == 222)
        #expect(estimator.estimate?.roundTrip == 100)
        #expect(estimator.estimate?.samples == 3)

        estimator.add(Self.sample(skew: 555, out: 80, back: 80))
        estimator.add(Self.sample(skew: 666, out: 90, back: 90))
        #expect(estimator.estimate?.offset == 444)
        #expect(estimator.estimate?.medianRoundTrip == 160)
        #expect(estimator.estimate?.samples == 3)
    }

    @Test func windowOfOneFollowsTheLatest() {
        var estimator = ClockEstimator(window: 1)
        estimator.add(Self.sample(skew: 1, out: 1, back: 1))
        estimator.add(Self.sample(skew: 2, out: 1000, back: 1000))
        #expect(estimator.estimate == ClockEstimate(offset: 2, roundTrip: 2000, medianRoundTrip: 2000, samples: 1))
    }

    @Test func negativeRoundTripIsIgnored() {
        var estimator = ClockEstimator(window: 2)
        let stepped = ClockSample(t0: 1000, t1: 50, t2: 900, t3: 1100)  // 100 locally, 850 in the peer
        #expect(stepped.roundTrip < 0)
        estimator.add(stepped)
        #expect(estimator.estimate == nil)

        estimator.add(Self.sample(skew: 7, out: 10, back: 10))
        estimator.add(stepped)
        estimator.add(stepped)
        // It neither became the "best" sample nor pushed the good one out of the window.
        #expect(estimator.estimate == ClockEstimate(offset: 7, roundTrip: 20, medianRoundTrip: 20, samples: 1))
    }

    @Test func zeroRoundTripIsKept() {
        var estimator = ClockEstimator()
        estimator.add(ClockSample(t0: 100, t1: 600, t2: 600, t3: 100))
        #expect(estimator.estimate == ClockEstimate(offset: 500, roundTrip: 0, medianRoundTrip: 0, samples: 1))
    }

    @Test func localTimeFromPeerTime() {
        let estimate = ClockEstimate(offset: 5_000_000, roundTrip: 300, medianRoundTrip: 400, samples: 4)
        #expect(estimate.localTime(fromPeerTime: 5_000_123) == 123)
        #expect(estimate.localTime(fromPeerTime: 0) == -5_000_000)
        let behind = ClockEstimate(offset: -250, roundTrip: 0, medianRoundTrip: 0, samples: 1)
        #expect(behind.localTime(fromPeerTime: 1000) == 1250)
    }

    @Test func localTimeRoundTripsAPeerEvent() {
        var estimator = ClockEstimator()
        estimator.add(Self.sample(start: 40_000_000, skew: -12_345, out: 300, processing: 20, back: 300))
        // The peer stamps an event at local time 41_000_000 with its own clock.
        let peerStamp: Int64 = 41_000_000 - 12_345
        #expect(estimator.estimate?.localTime(fromPeerTime: peerStamp) == 41_000_000)
    }
}
