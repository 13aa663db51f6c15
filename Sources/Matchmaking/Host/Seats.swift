import NIOCore
import OrderedCollections

/// The host's seats, as one value that owns them and every index over them: the seats by id (in
/// order of admission), by name, by resume token, each seated player's link handle, each seated
/// player's clock estimate, and the next id to give. ``HostMachine`` changes them only through
/// the operations below, each of which keeps every index in step, so no file of the machine has
/// to remember which dictionaries a seat lives in.
///
/// A seat is *seated* (it has a link) or *away* (its link dropped and it waits, with its resume
/// token, until `awayUntil`); see ``Seat``. The rules every operation keeps are listed in
/// ``checkInvariants()``; each operation asserts them for the seat it touched (debug builds), and
/// the tests check them all after every step of a random walk.
///
/// `Link` is the runner's handle for a link (``HostMachine``'s `Link`).
struct Seats<Link: Sendable>: Sendable {
    /// The seats in order of admission (which is the order of their ids).
    private var byID: OrderedDictionary<PeerID, Seat> = [:]
    /// The players by uniqueness key of their name (``PlayerName/uniquenessKey(_:)``).
    private var byName: [String: PeerID] = [:]
    /// The seats that can be taken back, by resume token.
    private var byToken: [String: PeerID] = [:]
    /// Each seated player's link handle: a broadcast reads it without copying every seat.
    private(set) var handles: [PeerID: Link] = [:]
    /// Each seated player's current clock estimate (only those with one), so that a game can take
    /// a snapshot without walking every seat.
    private(set) var clocks: [PeerID: ClockEstimate] = [:]
    /// The listed seats, in order of admission: those admitted while fewer than
    /// ``ServerConfiguration/listedPlayers`` listed seats were held (docs/PROTOCOL.md, "Version 4").
    private(set) var listed: OrderedSet<PeerID> = []
    /// The raw value of the next id to give (ids start at 1 and are never given twice).
    private var nextID: UInt32 = 1

    // MARK: Reading

    /// How many seats there are (seated and away).
    var count: Int { byID.count }

    /// The seat of `id`, if it has one.
    subscript(id: PeerID) -> Seat? { byID[id] }

    /// Every seat, in order of admission.
    var all: OrderedDictionary<PeerID, Seat>.Values { byID.values }

    /// The ids of every seat, in order of admission.
    var ids: [PeerID] { Array(byID.keys) }

    /// The players, in order of admission.
    var players: [Peer] { byID.values.map(\.peer) }

    /// The listed players, in order of admission.
    var listedPlayers: [Peer] { listed.compactMap { byID[$0]?.peer } }

    /// Whether `id` is a listed seat.
    func isListed(_ id: PeerID) -> Bool { listed.contains(id) }

    /// The ids of the seats that are away.
    var awayIDs: [PeerID] { byID.values.filter { $0.link == nil }.map(\.peer.id) }

    /// The id the next admitted player gets.
    var nextPeerID: PeerID { PeerID(rawValue: nextID) }

    /// Whether `id` was ever given to a player (it may have left since).
    func hasIssued(_ id: PeerID) -> Bool { id.rawValue >= 1 && id.rawValue < nextID }

    /// Whether a player present (seated or away) has a name equal to `name` by uniqueness key.
    func isNameTaken(_ name: String) -> Bool { byName[PlayerName.uniquenessKey(name)] != nil }

    /// The seat that `token` takes back, if a seat holds it.
    func holder(ofToken token: String) -> PeerID? { byToken[token] }

    /// How many seats hold a resume token.
    var tokenCount: Int { byToken.count }

    /// The link handle of a seated player.
    func handle(of id: PeerID) -> Link? { handles[id] }

    // MARK: Changing

    /// Seats a new player, `peer`, whose id must be ``nextPeerID`` and whose name must be free,
    /// on `link` (the runner's `handle` for it). `token`: its resume token (nil: the seat is not
    /// kept when the link drops). `listed`: whether every player is told of it by name.
    mutating func admit(
        _ peer: Peer, version: Int, token: String?, on link: LinkID, handle: Link, heartbeat: Heartbeat,
        rosterMark: RosterBatch.Mark, realtime: DatagramPath<SocketAddress>?, listed isListed: Bool = true
    ) {
        precondition(peer.id == nextPeerID && !isNameTaken(peer.name), "admit: a fresh id and a free name")
        nextID += 1
        if isListed { listed.append(peer.id) }
        byID[peer.id] = Seat(
            peer: peer, link: link, version: version, token: token, heartbeat: heartbeat, rosterMark: rosterMark, realtime: realtime)
        byName[PlayerName.uniquenessKey(peer.name)] = peer.id
        if let token { byToken[token] = peer.id }
        handles[peer.id] = handle
        assertInvariants(of: peer.id)
    }

    /// The player leaves: its seat, name and resume token are free at once. Returns the seat it
    /// had (nil: it had none).
    mutating func leave(_ id: PeerID) -> Seat? {
        guard let seat = byID.removeValue(forKey: id) else { return nil }
        listed.remove(id)
        byName[PlayerName.uniquenessKey(seat.peer.name)] = nil
        if let token = seat.token { byToken[token] = nil }
        handles[id] = nil
        clocks[id] = nil
        assertInvariants(of: id)
        return seat
    }

    /// A seated player's link dropped and its seat is kept (it must hold a resume token) until
    /// `until`: it has no link, handle or clock estimate meanwhile.
    mutating func markAway(_ id: PeerID, until: NIODeadline) {
        guard var seat = byID[id] else { return }
        precondition(seat.token != nil, "markAway: only a seat with a resume token is kept")
        seat.link = nil
        seat.awayUntil = until
        byID[id] = seat
        handles[id] = nil
        clocks[id] = nil
        assertInvariants(of: id)
    }

    /// The seat `id` is taken back (its resume token was shown) on `link`: a new client, so a new
    /// heartbeat, roster mark and real-time path, and no clock estimate yet. Whether it was away
    /// or its old link was still open is the caller's to read first.
    mutating func resume(
        _ id: PeerID, version: Int, on link: LinkID, handle: Link, heartbeat: Heartbeat, rosterMark: RosterBatch.Mark,
        realtime: DatagramPath<SocketAddress>?
    ) {
        guard var seat = byID[id] else { return }
        seat.link = link
        seat.version = version
        seat.awayUntil = nil
        seat.heartbeat = heartbeat
        seat.rosterMark = rosterMark
        seat.realtime = realtime
        byID[id] = seat
        handles[id] = handle
        clocks[id] = nil
        assertInvariants(of: id)
    }

    /// A frame arrived from a seated player at `now`.
    mutating func heard(from id: PeerID, at now: NIODeadline) {
        byID[id]?.heartbeat.heard(at: now)
    }

    /// A seated player's link was checked after a silence and the host's bytes are still on
    /// their way to it: the silence is excused until `until`.
    mutating func excuse(_ id: PeerID, until: NIODeadline) {
        byID[id]?.heartbeat.excuse(until: until)
    }

    /// A seated player answered a ping: its clock estimate is updated.
    mutating func pongReceived(_ pong: Pong, from id: PeerID, at now: NIODeadline) {
        guard byID[id]?.link != nil else { return }
        byID[id]?.heartbeat.pongReceived(pong, at: now)
        clocks[id] = byID[id]?.heartbeat.clock.estimate
    }

    /// Stores a seat's real-time path as it is now (a version 3 seat's; others have none).
    mutating func storePath(_ path: DatagramPath<SocketAddress>, of id: PeerID) {
        guard byID[id]?.realtime != nil else { return }
        byID[id]?.realtime = path
    }

    /// Lets `body` change a version 3 seat's real-time path in place; nil when it has none.
    mutating func withPath<Value>(of id: PeerID, _ body: (inout DatagramPath<SocketAddress>) -> Value) -> Value? {
        guard byID[id]?.realtime != nil else { return nil }
        return body(&byID[id]!.realtime!)
    }

    /// What a tick finds: seated players to ping, links silent past the heartbeat timeout, and
    /// away seats whose grace is over.
    struct Due {
        /// The link handles of the seated players whose ping is due.
        var pings: [Link] = []
        /// The links of the seated players silent past the heartbeat timeout, to be checked: are
        /// the host's bytes still on their way to them?
        var silent: [(LinkID, Link)] = []
        /// The links of the seated players silent past the backlog limit: gone.
        var gone: [LinkID] = []
        /// The away seats whose resume grace ended.
        var graceOver: [PeerID] = []
    }

    /// Time passes: every seated player's heartbeat is ticked (in place: no copy of the seats);
    /// returns what is due. Nothing leaves here: the caller acts on ``Due``.
    mutating func tick(now: NIODeadline) -> Due {
        var due = Due()
        for index in byID.values.indices {
            guard let link = byID.values[index].link else {
                if let until = byID.values[index].awayUntil, now >= until { due.graceOver.append(byID.keys[index]) }
                continue
            }
            switch byID.values[index].heartbeat.tick(now: now) {
            case .none:
                continue
            case .pingDue:
                if let handle = handles[byID.keys[index]] { due.pings.append(handle) }
            case .silent:
                if let handle = handles[byID.keys[index]] { due.silent.append((link, handle)) } else { due.gone.append(link) }
            case .timedOut:
                due.gone.append(link)
            }
        }
        return due
    }
}

extension Seats {
    /// Every rule the seats keep, as the sentences of those broken (empty: all kept). O(seats);
    /// for tests, which call it after every step of a walk.
    ///
    /// 1. Ids are given in order, from 1, never twice: the seats are in ascending id order, each
    ///    below the next id to give.
    /// 2. Names are unique by uniqueness key, and the name index is exactly the seats' names.
    /// 3. The token index is exactly the seats' tokens; a token only from version 2.
    /// 4. A seat is away exactly when it has no link; only a seat with a token is away.
    /// 5. No two seats share a link; the handles are exactly the seated players'.
    /// 6. Clock estimates only for seated players.
    /// 7. A real-time path exactly from version 3.
    func checkInvariants() -> [String] {
        var broken: [String] = []
        var previous: UInt32 = 0
        var links: Set<LinkID> = []
        for (id, seat) in byID {
            broken += check(id)
            if id.rawValue <= previous { broken.append("\(id): out of admission order") }
            previous = id.rawValue
            if let link = seat.link, !links.insert(link).inserted { broken.append("\(id): shares link \(link)") }
        }
        if byName.count != byID.count { broken.append("\(byName.count) names for \(byID.count) seats") }
        if byToken.count != byID.values.filter({ $0.token != nil }).count { broken.append("\(byToken.count) tokens indexed") }
        if handles.count != links.count { broken.append("\(handles.count) handles for \(links.count) seated") }
        if !Set(clocks.keys).isSubset(of: Set(handles.keys)) { broken.append("a clock estimate for a player not seated") }
        if !listed.allSatisfy({ byID[$0] != nil }) { broken.append("a listed id without a seat") }
        return broken
    }

    /// The rules for the one seat `id` (or, when it has none, that no index still names it).
    func check(_ id: PeerID) -> [String] {
        guard let seat = byID[id] else {
            var broken: [String] = []
            if byName.values.contains(id) { broken.append("\(id): gone, still named") }
            if byToken.values.contains(id) { broken.append("\(id): gone, token still indexed") }
            if handles[id] != nil || clocks[id] != nil { broken.append("\(id): gone, still has a handle or clock") }
            if listed.contains(id) { broken.append("\(id): gone, still listed") }
            return broken
        }
        var broken: [String] = []
        if seat.peer.id != id { broken.append("\(id): seat of \(seat.peer.id)") }
        if !hasIssued(id) { broken.append("\(id): never issued") }
        if byName[PlayerName.uniquenessKey(seat.peer.name)] != id { broken.append("\(id): name not indexed") }
        if let token = seat.token, byToken[token] != id { broken.append("\(id): token not indexed") }
        if seat.token != nil, seat.version < WireCodec.resumeVersion { broken.append("\(id): token below version 2") }
        if (seat.link == nil) != (seat.awayUntil != nil) { broken.append("\(id): away is not exactly unlinked") }
        if seat.awayUntil != nil, seat.token == nil { broken.append("\(id): away without a token") }
        if (seat.link != nil) != (handles[id] != nil) { broken.append("\(id): handle is not exactly seated") }
        if seat.link == nil, clocks[id] != nil { broken.append("\(id): clock estimate while away") }
        if (seat.realtime != nil) != (seat.version >= WireCodec.realtimeVersion) { broken.append("\(id): real-time path is not exactly v3") }
        return broken
    }

    /// Asserts the rules for the seat just changed, and the sizes of the indexes (debug builds;
    /// constant time, so a crowd's joins stay cheap).
    func assertInvariants(of id: PeerID) {
        assert(check(id).isEmpty, "seats: \(check(id))")
        assert(byName.count == byID.count && byToken.count <= byID.count && handles.count <= byID.count, "seats: index sizes")
    }
}
