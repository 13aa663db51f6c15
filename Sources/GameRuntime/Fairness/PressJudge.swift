import Vocabulary

/// Decides who pressed first, fairly: by when each player pressed on its own device, converted
/// to the host's clock with that player's measured clock offset, not by when the presses
/// arrived. A player on a slow link who pressed first is judged first. Pure: no clock is read.
///
/// **Correction.** A press stamped `p` on the player's clock becomes `p - offset` on the host's
/// clock (``/Vocabulary/ClockEstimate/localTime(fromPeerTime:)``). To bound cheating and bad estimates the
/// result is clamped into `[arrival - slack, arrival]`, where the slack is the player's median
/// round trip (at least ``Configuration/minimumSlack``): a press cannot have happened after it
/// arrived, nor longer before than a message takes to cross that player's link. Without any
/// clock estimate the arrival time is used.
///
/// **Tie rule.** Presses whose corrected times lie within ``Configuration/tieTolerance`` (1 ms)
/// of the earliest one form the *tie group*: the clock estimates are good to about half a round
/// trip (a few hundred microseconds on a LAN), so the host cannot honestly tell them apart. The
/// judge returns the whole group, ordered by corrected time and then by ``/Vocabulary/PeerID``; each game
/// says what a tie means. Trivia gives every member of the group the point (nobody loses to
/// measurement noise); a game that needs exactly one winner takes the group's first member.
///
/// **Collection window.** A later-arriving press can still be the earlier one, so a game must
/// not judge at the first arrival: it waits ``collectionWindow(roundTrips:)`` after the first
/// press arrives, then judges everything that came in.
public struct PressJudge: Hashable, Sendable {
    /// The judge's tolerances, in microseconds.
    public struct Configuration: Hashable, Sendable {
        /// Presses within this of the earliest are tied (1 ms).
        public var tieTolerance: Int64 = 1_000
        /// The least slack allowed between a press and its arrival (2 ms): covers the client's
        /// own time from stamping a press to sending it when the link's round trip is tiny.
        public var minimumSlack: Int64 = 2_000
        /// The longest collection window (150 ms): a link slower than this loses its fairness
        /// correction rather than keep everyone waiting.
        public var windowCap: Int64 = 150_000
        /// The shortest collection window (5 ms).
        public var windowFloor: Int64 = 5_000

        /// The defaults above.
        public init() {}
    }

    /// The result of judging a set of presses.
    public struct Judgement: Hashable, Sendable {
        /// Every press, earliest first (ties broken by ``/Vocabulary/PeerID``).
        public var order: [JudgedPress]
        /// The presses within the tie tolerance of the earliest (empty when there were none).
        public var tieGroup: [JudgedPress]

        /// The players in the tie group, in order.
        public var winners: [PeerID] { tieGroup.map(\.peer) }
        /// Whether more than one press shares first place.
        public var isTie: Bool { tieGroup.count > 1 }
    }

    /// The tolerances.
    public var configuration: Configuration

    /// Creates a judge.
    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    /// Places one press on the host's clock with its player's clock estimate (nil: none yet).
    public func place(_ press: Press, clock: ClockEstimate?) -> JudgedPress {
        guard let clock else { return JudgedPress(press: press, time: press.arrivedAt, basis: .arrival) }
        let converted = clock.localTime(fromPeerTime: press.pressedAt)
        let earliest = press.arrivedAt - max(clock.medianRoundTrip, configuration.minimumSlack)
        if converted > press.arrivedAt { return JudgedPress(press: press, time: press.arrivedAt, basis: .clamped) }
        if converted < earliest { return JudgedPress(press: press, time: earliest, basis: .clamped) }
        return JudgedPress(press: press, time: converted, basis: .clock)
    }

    /// Orders presses already placed, and finds the tie group.
    public func judge(_ presses: [JudgedPress]) -> Judgement {
        let order = presses.sorted { ($0.time, $0.peer) < ($1.time, $1.peer) }
        guard let first = order.first else { return Judgement(order: [], tieGroup: []) }
        let tieGroup = order.prefix { $0.time - first.time <= configuration.tieTolerance }
        return Judgement(order: order, tieGroup: Array(tieGroup))
    }

    /// Places and judges presses, with each player's clock estimate.
    public func judge(_ presses: [Press], clocks: [PeerID: ClockEstimate]) -> Judgement {
        judge(presses.map { place($0, clock: clocks[$0.peer]) })
    }

    /// How long to keep collecting after the first press arrives, in microseconds: the largest
    /// median round trip among the players (a round trip, not half of one, so that jitter and
    /// asymmetric links are covered), within ``Configuration/windowFloor`` and
    /// ``Configuration/windowCap``. Players with no estimate yet are judged by arrival and so
    /// need no wait.
    public func collectionWindow(roundTrips: some Sequence<Int64>) -> Int64 {
        let slowest = roundTrips.max() ?? 0
        return min(configuration.windowCap, max(configuration.windowFloor, slowest))
    }

    /// ``collectionWindow(roundTrips:)`` from the players' clock estimates.
    public func collectionWindow(clocks: some Sequence<ClockEstimate>) -> Int64 {
        collectionWindow(roundTrips: clocks.map(\.medianRoundTrip))
    }
}
