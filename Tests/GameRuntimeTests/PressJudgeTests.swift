import Testing

@testable import GameRuntime
import Vocabulary

@Suite struct PressJudgeTests {
    let judge = PressJudge()

    static func clock(offset: Int64 = 0, medianRoundTrip: Int64) -> ClockEstimate {
        ClockEstimate(offset: offset, roundTrip: medianRoundTrip, medianRoundTrip: medianRoundTrip, samples: 8)
    }

    @Test func withoutAnEstimateThePressIsJudgedByArrival() {
        let placed = judge.place(Press(peer: PeerID(rawValue: 1), pressedAt: 5, arrivedAt: 1_000_000), clock: nil)
        #expect(placed.time == 1_000_000)
        #expect(placed.basis == .arrival)
    }

    @Test func thePeersStampIsConvertedWithItsOffset() {
        // The peer's clock reads 7 s more than ours; it pressed 30 ms before the press arrived.
        let clock = Self.clock(offset: 7_000_000, medianRoundTrip: 80_000)
        let placed = judge.place(Press(peer: PeerID(rawValue: 1), pressedAt: 7_000_000 + 970_000, arrivedAt: 1_000_000), clock: clock)
        #expect(placed.time == 970_000)
        #expect(placed.basis == .clock)
    }

    @Test func aPressCannotHappenAfterItArrived() {
        let clock = Self.clock(offset: 0, medianRoundTrip: 10_000)
        let placed = judge.place(Press(peer: PeerID(rawValue: 1), pressedAt: 1_000_500, arrivedAt: 1_000_000), clock: clock)
        #expect(placed.time == 1_000_000)
        #expect(placed.basis == .clamped)
    }

    @Test func aPressCannotClaimMoreThanTheLinksRoundTripBeforeItArrived() {
        // A cheater stamping its press 1 s early gains at most one median round trip.
        let clock = Self.clock(offset: 0, medianRoundTrip: 30_000)
        let placed = judge.place(Press(peer: PeerID(rawValue: 1), pressedAt: 0, arrivedAt: 1_000_000), clock: clock)
        #expect(placed.time == 970_000)
        #expect(placed.basis == .clamped)
    }

    @Test func theSlackIsAtLeastTheMinimum() {
        // A 100 µs loopback round trip still allows 2 ms between stamping and arrival.
        let clock = Self.clock(offset: 0, medianRoundTrip: 100)
        let inside = judge.place(Press(peer: PeerID(rawValue: 1), pressedAt: 998_500, arrivedAt: 1_000_000), clock: clock)
        #expect(inside.time == 998_500)
        #expect(inside.basis == .clock)
        let outside = judge.place(Press(peer: PeerID(rawValue: 1), pressedAt: 990_000, arrivedAt: 1_000_000), clock: clock)
        #expect(outside.time == 998_000)
    }

    @Test func anEarlierPressOnASlowerLinkWinsOverAnEarlierArrival() {
        let slow = PeerID(rawValue: 1), fast = PeerID(rawValue: 2)
        let clocks = [slow: Self.clock(offset: 0, medianRoundTrip: 80_000), fast: Self.clock(offset: 0, medianRoundTrip: 500)]
        let judgement = judge.judge(
            [
                Press(peer: fast, pressedAt: 1_020_000, arrivedAt: 1_020_300),
                Press(peer: slow, pressedAt: 1_000_000, arrivedAt: 1_040_000),
            ], clocks: clocks)
        #expect(judgement.order.map(\.peer) == [slow, fast])
        #expect(judgement.winners == [slow])
        #expect(!judgement.isTie)
    }

    @Test func pressesWithinOneMillisecondOfTheEarliestTie() {
        let a = PeerID(rawValue: 3), b = PeerID(rawValue: 1), c = PeerID(rawValue: 2)
        let placed = [
            JudgedPress(press: Press(peer: a, pressedAt: 0, arrivedAt: 0), time: 10_000, basis: .clock),
            JudgedPress(press: Press(peer: b, pressedAt: 0, arrivedAt: 0), time: 11_000, basis: .clock),  // exactly 1 ms: tie
            JudgedPress(press: Press(peer: c, pressedAt: 0, arrivedAt: 0), time: 11_001, basis: .clock),  // just over: not
        ]
        let judgement = judge.judge(placed)
        #expect(judgement.winners == [a, b])
        #expect(judgement.isTie)
        #expect(judgement.order.map(\.peer) == [a, b, c])
    }

    @Test func equalTimesAreOrderedByPeerID() {
        let placed = [PeerID(rawValue: 9), PeerID(rawValue: 2), PeerID(rawValue: 5)].map {
            JudgedPress(press: Press(peer: $0, pressedAt: 0, arrivedAt: 0), time: 500, basis: .arrival)
        }
        #expect(judge.judge(placed).winners == [PeerID(rawValue: 2), PeerID(rawValue: 5), PeerID(rawValue: 9)])
    }

    @Test func theTieGroupIsMeasuredFromTheEarliestNotChained() {
        // 0, 0.9 ms, 1.8 ms: the third is within 1 ms of the second but not of the first.
        let placed = [0, 900, 1_800].enumerated().map { index, time in
            JudgedPress(press: Press(peer: PeerID(rawValue: UInt32(index + 1)), pressedAt: 0, arrivedAt: 0), time: Int64(time), basis: .clock)
        }
        #expect(judge.judge(placed).winners == [PeerID(rawValue: 1), PeerID(rawValue: 2)])
    }

    @Test func noPressesNoWinners() {
        let judgement = judge.judge([])
        #expect(judgement.order.isEmpty)
        #expect(judgement.winners.isEmpty)
        #expect(!judgement.isTie)
    }

    @Test func theCollectionWindowIsTheSlowestRoundTripWithinItsBounds() {
        #expect(judge.collectionWindow(roundTrips: [Int64]()) == 5_000)
        #expect(judge.collectionWindow(roundTrips: [300, 1_000]) == 5_000)
        #expect(judge.collectionWindow(roundTrips: [300, 80_000, 20_000]) == 80_000)
        #expect(judge.collectionWindow(roundTrips: [900_000]) == 150_000)
        #expect(judge.collectionWindow(clocks: [Self.clock(medianRoundTrip: 42_000)]) == 42_000)
    }
}
