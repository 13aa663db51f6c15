import OrderedCollections
import Vocabulary

/// Who is on which team of a ``TeamPlan``: a pure value that the lobby (``TriviaRules``) and each
/// game (``TriviaGame``) keep. A player's team belongs to its seat, as its points do: a player
/// whose link drops and who comes back keeps it; one who leaves is off its team.
///
/// Placing puts a player on the team with the fewest members, on a tie the first in the plan.
/// With ``TeamPlacement/placed`` each player is placed as it arrives; with
/// ``TeamPlacement/choose`` it picks (``choose(_:for:)``) and whoever has not picked when the
/// game starts is placed then, in order of arrival (``placeEveryone()``).
public struct TeamRoster: Hashable, Sendable {
    /// A player and its team.
    public struct Member: Hashable, Sendable {
        /// The player.
        public var peer: Peer
        /// Its team's index in the plan; nil while it has not chosen.
        public var team: Int?
    }

    /// The teams.
    public private(set) var plan: TeamPlan
    /// The players by id, in order of arrival (a room of thousands looks one up at each join).
    private var byID: OrderedDictionary<PeerID, Member> = [:]

    /// No player yet.
    public init(plan: TeamPlan) { self.plan = plan }

    /// The players, in order of arrival.
    public var members: [Member] { byID.values.elements }

    /// The team of player `id` (nil: not here, or not chosen yet).
    public func team(of id: PeerID) -> Int? { byID[id]?.team }

    /// A player arrived: placed at once unless players choose. Nothing changes for one here.
    public mutating func arrived(_ peer: Peer) {
        guard byID[peer.id] == nil else { return }
        byID[peer.id] = Member(peer: peer, team: plan.placement == .placed ? smallestTeam : nil)
    }

    /// A player arrived who plays at once (a late joiner): placed, unless it has a team.
    public mutating func joinedGame(_ peer: Peer) {
        arrived(peer)
        placeEveryone()
    }

    /// A player left: it is off its team.
    public mutating func left(_ id: PeerID) { byID.removeValue(forKey: id) }

    /// Only `players` stay (in their order); those not here yet arrive (``arrived(_:)``).
    public mutating func keep(_ players: [Peer]) {
        let ids = Set(players.map(\.id))
        byID.removeAll { !ids.contains($0.key) }
        for peer in players { arrived(peer) }
    }

    /// Player `id` picks the team called `name` (ignoring case): false when it was on it already.
    /// Refused `teamsPlaced` when the host places players, `unknownTeam` when no team has the
    /// name, `noGame` when the player is not here.
    public mutating func choose(_ name: String, for id: PeerID) throws(RejectReason) -> Bool {
        guard plan.placement == .choose else { throw .teamsPlaced }
        guard let team = plan.index(of: name) else { throw .unknownTeam }
        guard let member = byID[id] else { throw .noGame }
        guard member.team != team else { return false }
        byID[id]?.team = team
        return true
    }

    /// Everyone without a team is placed, in order of arrival (a game starts).
    public mutating func placeEveryone() {
        guard byID.values.contains(where: { $0.team == nil }) else { return }
        var sizes = self.sizes
        for at in byID.values.indices where byID.values[at].team == nil {
            let team = Self.smallest(sizes)
            byID.values[at].team = team
            sizes[team] += 1
        }
    }

    /// The host chose another plan (the next game's): players keep a team of the same name
    /// (ignoring case); the others are placed as they would be on arriving.
    public mutating func replan(_ plan: TeamPlan) {
        let old = self.plan
        self.plan = plan
        for at in byID.values.indices { byID.values[at].team = byID.values[at].team.flatMap { plan.index(of: old.names[$0]) } }
        if plan.placement == .placed { placeEveryone() }
    }

    /// The teams, in the plan's order (the lobby's, a game's start): each names its first
    /// members (``TeamLine/listed``) and counts them all. One pass over the players.
    public var lines: [TeamLine] {
        var named = plan.names.map { _ in [Peer]() }
        let sizes = self.sizes
        for member in byID.values {
            if let team = member.team, named[team].count < TeamLine.listed { named[team].append(member.peer) }
        }
        return plan.names.indices.map { team in TeamLine(name: plan.names[team], colour: plan.colours[team], members: named[team], size: sizes[team]) }
    }

    /// The players who have not chosen a team: the first ``TeamLine/listed`` of them, and how many.
    public var choosing: (first: [Peer], count: Int) {
        let undecided = byID.values.filter { $0.team == nil }
        return (undecided.prefix(TeamLine.listed).map(\.peer), undecided.count)
    }

    /// The teams ranked by the mean of their members' `points` (a player without points has 0),
    /// rounded to one decimal: the mean is what the room sees, so equal shown means share a rank.
    /// A team without members has no mean and is left out. Members are listed best first.
    public func standings(points: [PeerID: Int]) -> [TeamStanding] {
        var standings: [TeamStanding] = []
        var onTeam = plan.names.map { _ in [Peer]() }
        for member in byID.values { if let team = member.team { onTeam[team].append(member.peer) } }
        for team in plan.names.indices {
            let peers = onTeam[team]
            guard !peers.isEmpty else { continue }
            let total = peers.reduce(0) { $0 + (points[$1.id] ?? 0) }
            let ranked = peers.sorted { (points[$1.id] ?? 0, $0.id) < (points[$0.id] ?? 0, $1.id) }
            let tenths = Self.tenths(total, of: peers.count)
            standings.append(
                TeamStanding(team: team, name: plan.names[team], colour: plan.colours[team], mean: Double(tenths) / 10, rank: 0, members: ranked))
        }
        standings.sort { ($1.mean, $0.team) < ($0.mean, $1.team) }
        for at in standings.indices { standings[at].rank = at > 0 && standings[at].mean == standings[at - 1].mean ? standings[at - 1].rank : at + 1 }
        return standings
    }

    /// The mean of `total` points over `count` members in tenths, rounded half up (points are
    /// never negative): 7 over 3 is 23 (2.3), 5 over 2 is 25.
    static func tenths(_ total: Int, of count: Int) -> Int { (20 * total + count) / (2 * count) }

    /// How many players each team has, in the plan's order.
    private var sizes: [Int] {
        var sizes = plan.names.map { _ in 0 }
        for member in byID.values { if let team = member.team { sizes[team] += 1 } }
        return sizes
    }

    /// The team with the fewest members; on a tie, the first in the plan.
    private var smallestTeam: Int { Self.smallest(sizes) }

    /// The index of the smallest of `sizes`; on a tie, the first.
    private static func smallest(_ sizes: [Int]) -> Int { sizes.indices.min { (sizes[$0], $0) < (sizes[$1], $1) } ?? 0 }
}
