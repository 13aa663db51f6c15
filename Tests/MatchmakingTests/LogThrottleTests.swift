import NIOCore
import Testing

@testable import Matchmaking

@Suite struct LogThrottleTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    @Test func theFirstOccurrenceIsLogged() {
        var throttle = LogThrottle(interval: .seconds(10))
        #expect(throttle.occurred(now: Self.start) == (true, 0))
    }

    @Test func repeatsWithinTheIntervalAreHeldBackAndCounted() {
        var throttle = LogThrottle(interval: .seconds(10))
        _ = throttle.occurred(now: Self.start)
        for second in 1...9 {
            #expect(throttle.occurred(now: Self.start + .seconds(Int64(second))) == (false, 0))
        }
        #expect(throttle.occurred(now: Self.start + .seconds(10)) == (true, 9))
        #expect(throttle.occurred(now: Self.start + .seconds(11)) == (false, 0))
        #expect(throttle.occurred(now: Self.start + .seconds(25)) == (true, 1))
    }
}
