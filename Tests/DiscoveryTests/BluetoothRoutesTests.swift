import Foundation
import Testing

@testable import Discovery

/// The ageing of Bluetooth routes, on a clock the tests move (`t0 + seconds`).
@Suite struct BluetoothRoutesTests {
    let t0 = ContinuousClock.now
    let address = "00:AA:01:00:00:00"

    func at(_ seconds: Double) -> ContinuousClock.Instant { t0 + .milliseconds(Int((seconds * 1000).rounded())) }

    func host(players: Int = 0, _ address: String? = nil) -> BluetoothHost {
        let id = UUID(uuidString: "F28964B8-1234-4000-8000-0000000000AA")!
        return BluetoothHost(
            address: address ?? self.address, name: "Kitchen Pi", state: AdvertisedState(serverID: id, capacity: 8, players: players),
            adapter: "hci1")
    }

    /// Heard at `times` (seconds after t0).
    func routes(heardAt times: [Double]) -> BluetoothRoutes {
        var routes = BluetoothRoutes()
        for time in times { _ = routes.heard(host(), at: at(time)) }
        return routes
    }

    /// `count` times, `every` seconds from `start`.
    func times(_ count: Int, every: Double, from start: Double = 0) -> [Double] {
        (0..<count).map { start + Double($0) * every }
    }

    @Test func untilItsRhythmIsKnownARouteGetsTheLongestSilence() {
        // Eight hearings, seven gaps: not enough to trust.
        var routes = routes(heardAt: times(8, every: 1))
        #expect(routes.interval(of: address) == nil)
        #expect(routes.deadline(of: address) == at(7 + 10))
        #expect(routes.expire(at: at(16.9)).isEmpty)
        #expect(routes.expire(at: at(17)) == [host()])
        #expect(routes.sightings.isEmpty && routes.deadline(of: address) == nil)
    }

    @Test func theIntervalIsTheOneObservedAndTheRouteGoesAfterThreeOfThem() {
        // Heard every 1.28 s (BlueZ's default advertising interval): lost 3.84 s after the last.
        var routes = routes(heardAt: times(9, every: 1.28))
        let last = 8 * 1.28
        #expect(routes.interval(of: address) == .milliseconds(1280))
        #expect(routes.expire(at: at(last + 3.83)).isEmpty)
        #expect(routes.expire(at: at(last + 3.84)) == [host()])
    }

    @Test func aMissedAdvertisementOrTwoIsNotSilence() {
        // Every 1 s (a scan round): lost 3 advertising intervals (3.84 s) after the last
        // hearing. Then two rounds missed (a 2.9 s gap): the interval is now the longest gap seen.
        var routes = routes(heardAt: times(9, every: 1))
        #expect(routes.deadline(of: address) == at(8 + 3.84))
        #expect(routes.expire(at: at(10.9)).isEmpty)
        #expect(routes.heard(host(), at: at(10.9)) == false)  // the same sighting: nothing changed
        #expect(routes.interval(of: address) == .milliseconds(2900))
        #expect(routes.deadline(of: address) == at(10.9 + 8.7))
        // Pauses of just under two intervals, again and again, never lose the route.
        for time in stride(from: 10.9 + 5.7, through: 60, by: 5.7) {
            #expect(routes.expire(at: at(time)).isEmpty)
            _ = routes.heard(host(), at: at(time))
        }
        #expect(routes.sightings.count == 1)
    }

    @Test func aScannerFasterThanTheAdvertisingKeepsAHostThroughAPauseOfUnderTwoIntervals() {
        // Heard at every scan round (1.05 s), more often than the host advertises (1.28 s): the
        // interval is the advertising interval. Its advertising pauses for 2.5 s (under two
        // intervals, 2.56 s) just before the next round: it is heard again at the first round
        // after, 3.6 s after the last hearing, not lost (with the rounds' 1.05 s it would have
        // been, at 3.15 s).
        var routes = routes(heardAt: times(9, every: 1.05))
        let last = 8 * 1.05
        #expect(routes.interval(of: address) == BluetoothRoutes.advertisingInterval)
        #expect(routes.expire(at: at(last + 3.6)).isEmpty)
        _ = routes.heard(host(), at: at(last + 3.6))
        #expect(routes.sightings.count == 1)
        // A host heard at 1.28 s and less often is aged by what was heard.
        #expect(self.routes(heardAt: times(9, every: 1.5)).interval(of: address) == .milliseconds(1500))
    }

    @Test func aHostHeardAtRandomKeepsItsLongestQuiet() {
        // Half the scan rounds (1 s) miss it, as in the VM: it is lost only after a silence
        // longer than three of the longest gaps it had lately (10 s at most).
        let routes = routes(heardAt: [0, 1, 3, 4, 7, 8, 9, 11, 12])
        #expect(routes.interval(of: address) == .seconds(3))
        #expect(routes.deadline(of: address) == at(21))
    }

    @Test func tenSecondsIsTheLongestSilenceWhateverTheInterval() {
        var routes = routes(heardAt: times(9, every: 5))
        #expect(routes.interval(of: address) == .seconds(5))
        #expect(routes.deadline(of: address) == at(40 + 10))  // not 40 + 15
        #expect(routes.silences(at: at(49.9)).isEmpty)
        #expect(routes.silences(at: at(50.2)) == [address: .milliseconds(10_200)])  // what expire(at:) removes, and why
        #expect(routes.expire(at: at(50)) == [host()])
    }

    @Test func reportsOfOneAdvertisingEventAreNotGaps() {
        // The advertisement and its scan response, 10 ms apart, every 2 s.
        let routes = routes(heardAt: times(9, every: 2).flatMap { [$0, $0 + 0.01] })
        #expect(routes.interval(of: address) == .milliseconds(1990))
        #expect(routes.deadline(of: address) == at(16.01 + 5.97))
    }

    @Test func aChangedSightingIsReportedAndKept() {
        var routes = routes(heardAt: [0])
        let changed = routes.heard(host(players: 2), at: at(1))
        #expect(changed)
        #expect(routes.sighting(address)?.players == 2)
        #expect(routes.heard(host(players: 2), at: at(2)) == false)
    }

    @Test func eachAddressAgesOnItsOwn() {
        var routes = routes(heardAt: times(9, every: 1))
        let other = host("00:AA:01:01:00:01")
        _ = routes.heard(other, at: at(8))
        #expect(routes.nextDeadline == at(11.84))  // the first one's: 8 + 3 x 1.28 s; the other's is 8 + 10
        #expect(routes.expire(at: at(11.84)) == [host()])
        #expect(routes.sightings == [other])
        #expect(routes.expire(at: at(18)) == [other])
        #expect(routes.nextDeadline == nil)
    }

    @Test func onlyTheLatestGapsCount() {
        // Slow at first (every 3 s), then every 1.5 s: after eight short gaps the interval is 1.5 s.
        var routes = routes(heardAt: times(9, every: 3))
        #expect(routes.interval(of: address) == .seconds(3))
        for time in times(7, every: 1.5, from: 25.5) { _ = routes.heard(host(), at: at(time)) }
        #expect(routes.interval(of: address) == .seconds(3))
        _ = routes.heard(host(), at: at(36))
        #expect(routes.interval(of: address) == .milliseconds(1500))
    }
}
