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
    /// The players, in order of arrival.
    public private(set) var members: [Member] = []

    /// No player yet.
    public init(plan: TeamPlan) { self.plan = plan }

    /// The team of player `id` (nil: not here, or not chosen yet).
    public func team(of id: PeerID) -> Int? { members.first { $0.peer.id == id }?.team }

    /// A player arrived: placed at once unless players choose. Nothing changes for one here.
    public mutating func arrived(_ peer: Peer) {
        guard !members.contains(where: { $0.peer.id == peer.id }) else { return }
        members.append(Member(peer: peer, team: plan.placement == .placed ? smallestTeam : nil))
    }

    /// A player arrived who plays at once (a late joiner): placed, unless it has a team.
    public mutating func joinedGame(_ peer: Peer) {
        arrived(peer)
        placeEveryone()
    }

    /// A player left: it is off its team.
    public mutating func left(_ id: PeerID) { members.removeAll { $0.peer.id == id } }

    /// Only `players` stay (in their order); those not here yet arrive (``arrived(_:)``).
    public mutating func keep(_ players: [Peer]) {
        let ids = Set(players.map(\.id))
        members.removeAll { !ids.contains($0.peer.id) }
        for peer in players { arrived(peer) }
    }

    /// Player `id` picks the team called `name` (ignoring case): false when it was on it already.
    /// Refused `teamsPlaced` when the host places players, `unknownTeam` when no team has the
    /// name, `noGame` when the player is not here.
    public mutating func choose(_ name: String, for id: PeerID) throws(RejectReason) -> Bool {
        guard plan.placement == .choose else { throw .teamsPlaced }
        guard let team = plan.index(of: name) else { throw .unknownTeam }
        guard let at = members.firstIndex(where: { $0.peer.id == id }) else { throw .noGame }
        guard members[at].team != team else { return false }
        members[at].team = team
        return true
    }

    /// Everyone without a team is placed, in order of arrival (a game starts).
    public mutating func placeEveryone() {
        for at in members.indices where members[at].team == nil { members[at].team = smallestTeam }
    }

    /// The host chose another plan (the next game's): players keep a team of the same name
    /// (ignoring case); the others are placed as they would be on arriving.
    public mutating func replan(_ plan: TeamPlan) {
        let (old, before) = (self.plan, members)
        self.plan = plan
        members = before.map { member in Member(peer: member.peer, team: member.team.flatMap { plan.index(of: old.names[$0]) }) }
        if plan.placement == .placed { placeEveryone() }
    }

    /// The teams and their members, in the plan's order (the lobby's, a game's start).
    public var lines: [TeamLine] {
        plan.names.indices.map { team in
            TeamLine(name: plan.names[team], colour: plan.colours[team], members: members.filter { $0.team == team }.map(\.peer))
        }
    }

    /// The players who have not chosen a team.
    public var choosing: [Peer] { members.filter { $0.team == nil }.map(\.peer) }

    /// The teams ranked by the mean of their members' `points` (a player without points has 0),
    /// rounded to one decimal: the mean is what the room sees, so equal shown means share a rank.
    /// A team without members has no mean and is left out. Members are listed best first.
    public func standings(points: [PeerID: Int]) -> [TeamStanding] {
        var standings: [TeamStanding] = []
        for team in plan.names.indices {
            let peers = members.filter { $0.team == team }.map(\.peer)
            guard !peers.isEmpty else { continue }
            let total = peers.reduce(0) { $0 + (points[$1.id] ?? 0) }
            let ranked = peers.sorted { (points[$1.id] ?? 0, $0.id) < (points[$0.id] ?? 0, $1.id) }
            let tenths = Self.tenths(total, of: peers.count)
            standings.append(
                TeamStanding(team: team, name: plan.names[team], colour: plan.colours[team], mean: Double(tenths) / 10, rank: 0, members: ranked))
        }
        standings.sort { ($1.mean, $0.team) < ($0.mean, $1.team) }
        for at in standings.indices { standings[at].rank = 1 + standings.count { $0.mean > standings[at].mean } }
        return standings
    }

    /// The mean of `total` points over `count` members in tenths, rounded half up (points are
    /// never negative): 7 over 3 is 23 (2.3), 5 over 2 is 25.
    static func tenths(_ total: Int, of count: Int) -> Int { (20 * total + count) / (2 * count) }

    /// The team with the fewest members; on a tie, the first in the plan.
    private var smallestTeam: Int {
        let sizes = plan.names.indices.map { team in members.count { $0.team == team } }
        return sizes.indices.min { (sizes[$0], $0) < (sizes[$1], $1) } ?? 0
    }
}
