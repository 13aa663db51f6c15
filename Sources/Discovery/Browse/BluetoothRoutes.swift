/// The Bluetooth routes a browser knows: every address heard advertising, the latest sighting
/// of each, and when each goes quiet. Pure: the caller passes the time of each hearing and of
/// each ``expire(at:)`` tick.
///
/// Bluetooth LE has no goodbye: a host that stops advertising (or dies) is simply not heard any
/// more. A route is therefore lost after ``silentIntervals`` of the advertising interval it was
/// last heard at, and after ``longestSilence`` at most. The interval is the one observed between
/// hearings: the longest of the last ``gapsKept`` gaps. That is the advertising interval where
/// the scanner hears every advertisement, and the scanner's round where the controller reports
/// an advertiser once per scan start (``BlueZScanner/rescanInterval``); where hearings are lost
/// at random (the emulated controllers of the VM test bed miss about half the scan starts), it
/// is the longest quiet seen lately, so a host is not lost for a silence it already had. A
/// missed advertisement or two lengthen the interval rather than lose the route. The interval is
/// never shorter than ``advertisingInterval``, the one every host advertises at: a scanner whose
/// round is shorter hears a host more often than it advertises, and a pause of under two
/// advertising intervals must not lose it. Until a route has ``gapsKept`` gaps its rhythm is not
/// known yet: it gets the longest silence.
public struct BluetoothRoutes: Sendable {
    /// A point in monotonic time.
    public typealias Instant = ContinuousClock.Instant

    /// Intervals without a hearing after which a route is lost.
    public static let silentIntervals = 3
    /// The longest silence a route survives, whatever its interval.
    public static let longestSilence: Duration = .seconds(10)
    /// Hearings closer than this are one advertising event (the advertisement and its scan
    /// response; BlueZ's RSSI and ManufacturerData signals of one report): no gap is counted.
    public static let sameEvent: Duration = .milliseconds(200)
    /// Gaps the interval is the longest of.
    public static let gapsKept = 8
    /// The shortest interval: the one a host advertises at (BlueZ's default, 1.28 s, which
    /// `BlueZHost`'s advertisement cannot change). A scanner heard it more often than that
    /// (once a scan round, 1 s) still allows a pause of under two of these: the silence around
    /// it is at most the pause plus a round, under three of these.
    public static let advertisingInterval: Duration = .milliseconds(1280)

    /// One address heard advertising.
    struct Route: Sendable {
        /// The latest sighting.
        var sighting: BluetoothHost
        /// When it was last heard.
        var lastHeard: Instant
        /// The latest gaps between hearings, oldest first.
        var gaps: [Duration] = []
    }

    private var routes: [String: Route] = [:]

    /// No routes yet.
    public init() {}

    /// The live sightings, by address.
    public var sightings: [BluetoothHost] { routes.values.map(\.sighting).sorted { $0.address < $1.address } }

    /// The live sighting of `address`, if any.
    public func sighting(_ address: String) -> BluetoothHost? { routes[address]?.sighting }

    /// The advertising interval observed for `address`: the longest of its last ``gapsKept``
    /// gaps, and ``advertisingInterval`` at least; nil while it has fewer (or for an unknown
    /// address).
    public func interval(of address: String) -> Duration? {
        guard let route = routes[address], route.gaps.count >= Self.gapsKept, let longest = route.gaps.max() else { return nil }
        return max(longest, Self.advertisingInterval)
    }

    /// When `address` is lost unless heard before; nil for an unknown address.
    public func deadline(of address: String) -> Instant? {
        guard let route = routes[address] else { return nil }
        let silence = interval(of: address).map { min($0 * Self.silentIntervals, Self.longestSilence) }
        return route.lastHeard + (silence ?? Self.longestSilence)
    }

    /// The earliest deadline of all routes (when the next ``expire(at:)`` may lose one).
    public var nextDeadline: Instant? { routes.keys.compactMap { deadline(of: $0) }.min() }

    /// Records that `sighting` was heard advertising at `now`; true when its address is new or
    /// the sighting changed (name, state).
    public mutating func heard(_ sighting: BluetoothHost, at now: Instant) -> Bool {
        guard var route = routes[sighting.address] else {
            routes[sighting.address] = Route(sighting: sighting, lastHeard: now)
            return true
        }
        let gap = route.lastHeard.duration(to: now)
        if gap >= Self.sameEvent {
            route.gaps.append(gap)
            if route.gaps.count > Self.gapsKept { route.gaps.removeFirst() }
        }
        route.lastHeard = max(route.lastHeard, now)
        let changed = route.sighting != sighting
        route.sighting = sighting
        routes[sighting.address] = route
        return changed
    }

    /// How long each route whose deadline has passed at `now` has gone unheard, by address: the
    /// routes ``expire(at:)`` removes, and why.
    public func silences(at now: Instant) -> [String: Duration] {
        routes.filter { deadline(of: $0.key).map { $0 <= now } ?? false }.mapValues { $0.lastHeard.duration(to: now) }
    }

    /// Removes and returns the routes whose deadline has passed at `now`, by address.
    public mutating func expire(at now: Instant) -> [BluetoothHost] {
        let gone = routes.keys.filter { deadline(of: $0).map { $0 <= now } ?? false }.sorted()
        return gone.compactMap { routes.removeValue(forKey: $0)?.sighting }
    }
}
