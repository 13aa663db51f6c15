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
    func routes(heardAt times: [Double], assumed: Duration = .seconds(3)) -> BluetoothRoutes {
        var routes = BluetoothRoutes(assumedInterval: assumed)
        for time in times { _ = routes.heard(host(), at: at(time)) }
        return routes
    }

    @Test func aRouteHeardOnceIsGivenTheAssumedInterval() {
        var routes = routes(heardAt: [0])
        #expect(routes.interval(of: address) == .seconds(3))
        #expect(routes.deadline(of: address) == at(9))
        #expect(routes.expire(at: at(8.9)).isEmpty)
        #expect(routes.expire(at: at(9)) == [host()])
        #expect(routes.sightings.isEmpty && routes.deadline(of: address) == nil)
    }

    @Test func theIntervalIsTheOneObservedAndTheRouteGoesAfterThreeOfThem() {
        // Heard every 1.28 s (BlueZ's default advertising interval): lost 3.84 s after the last.
        var routes = routes(heardAt: [0, 1.28, 2.56, 3.84])
        #expect(routes.interval(of: address) == .milliseconds(1280))
        #expect(routes.expire(at: at(3.84 + 3.83)).isEmpty)
        #expect(routes.expire(at: at(3.84 + 3.84)) == [host()])
    }

    @Test func aMissedAdvertisementOrTwoIsNotSilence() {
        // Every 1 s, then two advertisements missed (a 3 s gap), then every 1 s again.
        var routes = routes(heardAt: [0, 1, 2, 3])
        #expect(routes.expire(at: at(5.9)).isEmpty)  // 2.9 s quiet: under three intervals
        #expect(routes.heard(host(), at: at(6)) == false)  // the same sighting: nothing changed
        #expect(routes.interval(of: address) == .seconds(1))  // the median ignores the one long gap
        #expect(routes.deadline(of: address) == at(9))
        // A pause of just under two intervals, repeatedly, never loses the route.
        for time in stride(from: 7.9, through: 30, by: 1.9) {
            #expect(routes.expire(at: at(time)).isEmpty)
            _ = routes.heard(host(), at: at(time))
        }
        #expect(routes.sightings.count == 1)
    }

    @Test func tenSecondsIsTheLongestSilenceWhateverTheInterval() {
        var routes = routes(heardAt: [0, 5, 10, 15])
        #expect(routes.interval(of: address) == .seconds(5))
        #expect(routes.deadline(of: address) == at(25))  // not 15 + 15
        #expect(routes.expire(at: at(25)) == [host()])
    }

    @Test func reportsOfOneAdvertisingEventAreNotGaps() {
        // The advertisement and its scan response, 10 ms apart, every 2 s.
        let routes = routes(heardAt: [0, 0.01, 2, 2.01, 4, 4.01])
        #expect(routes.interval(of: address) == .milliseconds(1990))
        #expect(routes.deadline(of: address) == at(4.01 + 5.97))
    }

    @Test func aChangedSightingIsReportedAndKept() {
        var routes = routes(heardAt: [0])
        let changed = routes.heard(host(players: 2), at: at(1))
        #expect(changed)
        #expect(routes.sighting(address)?.players == 2)
        #expect(routes.heard(host(players: 2), at: at(2)) == false)
    }

    @Test func eachAddressAgesOnItsOwn() {
        var routes = routes(heardAt: [0, 1, 2])
        let other = host("00:AA:01:01:00:01")
        _ = routes.heard(other, at: at(2))
        #expect(routes.nextDeadline == at(5))  // the first one's: 2 + 3 x 1 s; the other's is 2 + 9
        #expect(routes.expire(at: at(5)) == [host()])
        #expect(routes.sightings == [other])
        #expect(routes.expire(at: at(11)) == [other])
        #expect(routes.nextDeadline == nil)
    }

    @Test func onlyTheLatestGapsCount() {
        // Slow at first (every 3 s), then every 1 s: after five short gaps the interval is 1 s.
        var routes = routes(heardAt: [0, 3, 6, 9])
        #expect(routes.interval(of: address) == .seconds(3))
        for time in [10.0, 11, 12, 13, 14] { _ = routes.heard(host(), at: at(time)) }
        #expect(routes.interval(of: address) == .seconds(1))
    }
}
