/// The Bluetooth routes a browser knows: every address heard advertising, the latest sighting
/// of each, and when each goes quiet. Pure: the caller passes the time of each hearing and of
/// each ``expire(at:)`` tick.
///
/// Bluetooth LE has no goodbye: a host that stops advertising (or dies) is simply not heard any
/// more. A route is therefore lost after ``silentIntervals`` of the advertising interval it was
/// last heard at, and after ``longestSilence`` at most. The interval is the one observed between
/// hearings (the median of the last ``gapsKept`` gaps): what the scanner actually hears, which is
/// every advertisement where the controller reports duplicates and once per scan start where it
/// filters them (BlueZ restarts its scan, see ``BlueZScanner/rescanInterval``). A route heard only
/// once yet is given ``assumedInterval``. One or two missed advertisements leave the median alone
/// and stay under the deadline.
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
    /// Gaps the interval is the median of.
    public static let gapsKept = 5

    /// One address heard advertising.
    struct Route: Sendable {
        /// The latest sighting.
        var sighting: BluetoothHost
        /// When it was last heard.
        var lastHeard: Instant
        /// The latest gaps between hearings, oldest first.
        var gaps: [Duration] = []
    }

    /// The interval assumed for a route heard only once.
    public let assumedInterval: Duration
    private var routes: [String: Route] = [:]

    /// No routes yet; a route heard once is given `assumedInterval`.
    public init(assumedInterval: Duration) { self.assumedInterval = assumedInterval }

    /// The live sightings, by address.
    public var sightings: [BluetoothHost] { routes.values.map(\.sighting).sorted { $0.address < $1.address } }

    /// The live sighting of `address`, if any.
    public func sighting(_ address: String) -> BluetoothHost? { routes[address]?.sighting }

    /// The advertising interval observed for `address`: the median of its latest gaps, or
    /// ``assumedInterval`` before it has any.
    public func interval(of address: String) -> Duration? {
        guard let route = routes[address] else { return nil }
        guard !route.gaps.isEmpty else { return assumedInterval }
        return route.gaps.sorted()[route.gaps.count / 2]
    }

    /// When `address` is lost unless heard before.
    public func deadline(of address: String) -> Instant? {
        guard let route = routes[address], let interval = interval(of: address) else { return nil }
        return route.lastHeard + min(interval * Self.silentIntervals, Self.longestSilence)
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

    /// Removes and returns the routes whose deadline has passed at `now`, by address.
    public mutating func expire(at now: Instant) -> [BluetoothHost] {
        let gone = routes.keys.filter { deadline(of: $0).map { $0 <= now } ?? false }.sorted()
        return gone.compactMap { routes.removeValue(forKey: $0)?.sighting }
    }
}
