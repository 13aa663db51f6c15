import NIOCore
import Testing

@testable import Matchmaking

@Suite struct HeartbeatTests {
    static let configuration = HeartbeatConfiguration(interval: .seconds(1), timeout: .seconds(3))

    @Test func defaultConfiguration() {
        #expect(HeartbeatConfiguration.default.interval == .seconds(1))
        #expect(HeartbeatConfiguration.default.timeout == .seconds(3))
    }

    @Test func firstPingIsDueAtOnce() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: Fixtures.at(ms: 0))
        #expect(heartbeat.tick(now: Fixtures.at(ms: 0)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 0)) == .none)
    }

    @Test func nextPingAfterTheInterval() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: Fixtures.at(ms: 0))
        _ = heartbeat.tick(now: Fixtures.at(ms: 0))
        #expect(heartbeat.tick(now: Fixtures.at(ms: 500)) == .none)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 999, ns: 999_999)) == .none)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 1000)) == .pingDue)
        // The interval counts from the last ping actually sent, not from a fixed grid.
        #expect(heartbeat.tick(now: Fixtures.at(ms: 2400)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 3000)) == .none)
    }

    @Test func lateFirstTick() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: Fixtures.at(ms: 0))
        #expect(heartbeat.tick(now: Fixtures.at(ms: 700)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 1500)) == .none)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 1700)) == .pingDue)
    }

    @Test func timeoutAfterSilence() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: Fixtures.at(ms: 0))
        _ = heartbeat.tick(now: Fixtures.at(ms: 0))
        _ = heartbeat.tick(now: Fixtures.at(ms: 1000))
        _ = heartbeat.tick(now: Fixtures.at(ms: 2000))
        // Exactly the timeout is still alive.
        #expect(heartbeat.tick(now: Fixtures.at(ms: 3000)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 3000, ns: 1)) == .silent)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 10_000)) == .silent, "no answer came within an interval: asked again")
        #expect(heartbeat.tick(now: Fixtures.at(ms: 30_000)) == .silent)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 30_000, ns: 1)) == .timedOut, "past the backlog limit (10 timeouts)")
    }

    @Test func silenceWinsOverADuePing() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: Fixtures.at(ms: 0))
        #expect(heartbeat.tick(now: Fixtures.at(ms: 5000)) == .silent)
    }

    /// A silent peer whose link is still taking the host's bytes is excused an interval at a
    /// time; it is pinged meanwhile, asked about again once the excuse is over, and gone at
    /// the backlog limit.
    @Test func anExcusedSilenceIsAskedAboutAgainEachIntervalUntilTheBacklogLimit() {
        let configuration = HeartbeatConfiguration(interval: .seconds(1), timeout: .seconds(3), backlogLimit: .seconds(6))
        var heartbeat = Heartbeat(configuration: configuration, now: Fixtures.at(ms: 0))
        #expect(heartbeat.tick(now: Fixtures.at(ms: 0)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 3100)) == .silent)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 3200)) == .pingDue, "asked: excused while the answer comes")
        heartbeat.excuse(until: Fixtures.at(ms: 4200))
        #expect(heartbeat.tick(now: Fixtures.at(ms: 4100)) == .none)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 4200)) == .silent, "the excuse is over: asked again")
        heartbeat.excuse(until: Fixtures.at(ms: 5200))
        heartbeat.heard(at: Fixtures.at(ms: 4500))  // its pong came through the backlog
        #expect(heartbeat.tick(now: Fixtures.at(ms: 7400)) != .silent)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 7600)) == .silent, "silent again past the timeout")
        #expect(heartbeat.tick(now: Fixtures.at(ms: 10_500, ns: 1)) == .timedOut, "6 s after it was last heard")
    }

    @Test func heardResetsTheTimeout() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: Fixtures.at(ms: 0))
        heartbeat.heard(at: Fixtures.at(ms: 2500))
        #expect(heartbeat.tick(now: Fixtures.at(ms: 3500)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 5500)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 5500, ns: 1)) == .silent)
    }

    @Test func heardNeverMovesBackwards() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: Fixtures.at(ms: 0))
        heartbeat.heard(at: Fixtures.at(ms: 2500))
        heartbeat.heard(at: Fixtures.at(ms: 100))  // a stale timestamp
        #expect(heartbeat.tick(now: Fixtures.at(ms: 5000)) != .silent)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 5500, ns: 1)) == .silent)
    }

    @Test func customConfiguration() {
        let configuration = HeartbeatConfiguration(interval: .milliseconds(100), timeout: .milliseconds(250))
        var heartbeat = Heartbeat(configuration: configuration, now: Fixtures.at(ms: 0))
        #expect(heartbeat.configuration == configuration)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 0)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 99)) == .none)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 100)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 250)) == .pingDue)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 251)) == .silent)
        #expect(configuration.backlogLimit == .milliseconds(2500))
    }

    @Test
    func firstPingIsDueAtOnceNearClockZero() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: .uptimeNanoseconds(500_000_000))
        #expect(heartbeat.tick(now: .uptimeNanoseconds(500_000_000)) == .pingDue)
    }

    @Test func pongEchoesThePing() {
        let received = Fixtures.at(ms: 10, ns: 1500)
        let replied = Fixtures.at(ms: 12)
        let pong = Heartbeat.pong(for: Ping(seq: 41, sent: -17), receivedAt: received, now: replied)
        #expect(pong == Pong(seq: 41, sent: -17, received: 1_000_010_001, replied: 1_000_012_000))
    }

    @Test func pongReceivedFeedsTheClock() {
        var heartbeat = Heartbeat(configuration: Self.configuration, now: Fixtures.at(ms: 0))
        #expect(heartbeat.clock.estimate == nil)
        #expect(heartbeat.tick(now: Fixtures.at(ms: 0)) == .pingDue)
        let ping = Ping(seq: 0, sent: Fixtures.at(ms: 0).microseconds)
        let pong = Pong(seq: ping.seq, sent: ping.sent, received: 7_000_000, replied: 7_000_100)
        heartbeat.pongReceived(pong, at: Fixtures.at(ms: 1))
        let expected = ClockSample(t0: ping.sent, t1: 7_000_000, t2: 7_000_100, t3: ping.sent + 1000)
        #expect(heartbeat.clock.estimate == ClockEstimate(offset: expected.offset, roundTrip: 900, medianRoundTrip: 900, samples: 1))
    }

    @Test func microseconds() {
        #expect(NIODeadline.uptimeNanoseconds(0).microseconds == 0)
        #expect(NIODeadline.uptimeNanoseconds(1999).microseconds == 1)
        #expect(NIODeadline.uptimeNanoseconds(1_234_567_890).microseconds == 1_234_567)
    }
}
