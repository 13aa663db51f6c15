import GameRuntime
import Vocabulary

/// A player picks a team in the lobby (player to host): `{"kind":"team","team":"Red"}`. Refused
/// (`rejected`, to the sender alone) when no team has that name (`unknownTeam`, with the names
/// there are), when the host places players (`teamsPlaced`), without team mode (`noTeams`), or
/// during a game (`gameUnderWay`).
public struct TeamChoice: Hashable, Sendable, Codable {
    /// The team's name (ignoring case).
    public var team: String

    /// A choice of the team `team`.
    public init(team: String) { self.team = team }
}

/// One team and who is on it, in the plan's order: the lobby's teams, and a game's at its start.
public struct TeamLine: Hashable, Sendable, Codable {
    /// The team's name.
    public var name: String
    /// Its colour on the pages (``TeamPlan/colours``).
    public var colour: Int
    /// Its members, in order of arrival.
    public var members: [Peer]

    /// A line.
    public init(name: String, colour: Int, members: [Peer]) {
        self.name = name
        self.colour = colour
        self.members = members
    }
}

/// A team's place in the standings (`result`, `gameOver`): best first.
public struct TeamStanding: Hashable, Sendable, Codable {
    /// Its index in the plan (0-based): its shape on the pages.
    public var team: Int
    /// Its name.
    public var name: String
    /// Its colour on the pages (``TeamPlan/colours``).
    public var colour: Int
    /// Its score: the mean of its members' points, rounded to one decimal (half up).
    public var mean: Double
    /// 1 + the teams with a higher ``mean`` (equal means share a rank: 1, 1, 3).
    public var rank: Int
    /// Its members (the players on it in the game now, here or reconnecting), best first.
    public var members: [Peer]

    /// A standing.
    public init(team: Int, name: String, colour: Int, mean: Double, rank: Int, members: [Peer]) {
        self.team = team
        self.name = name
        self.colour = colour
        self.mean = mean
        self.rank = rank
        self.members = members
    }
}

/// The lobby as trivia tells it (kind `lobby`): the status every game's lobby has, and in team
/// mode its teams with their members, how players get into them, and who has not chosen yet.
/// `{"kind":"lobby","players":3,…,"teams":[{"name":"Red","members":[{"id":1,"name":"Ann"}]},…],
/// "teamPlacement":"choose","choosing":[{"id":3,"name":"Cy"}]}`.
public struct TriviaLobby: Hashable, Sendable, Codable {
    /// The status every lobby has.
    public var status: LobbyStatus
    /// The teams, in the plan's order (absent without team mode).
    public var teams: [TeamLine]?
    /// How players get into them (absent without team mode).
    public var teamPlacement: TeamPlacement?
    /// `choose`: the players waiting who have not chosen a team (placed when the game starts).
    public var choosing: [Peer]?

    /// A lobby without teams.
    public init(_ status: LobbyStatus) { self.status = status }

    enum CodingKeys: String, CodingKey { case teams, teamPlacement, choosing }

    /// Reads the status and, when there, the teams.
    public init(from decoder: any Decoder) throws {
        status = try LobbyStatus(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        teams = try container.decodeIfPresent([TeamLine].self, forKey: .teams)
        teamPlacement = try container.decodeIfPresent(TeamPlacement.self, forKey: .teamPlacement)
        choosing = try container.decodeIfPresent([Peer].self, forKey: .choosing)
    }

    /// Writes the status's fields and the teams' beside them, as one object.
    public func encode(to encoder: any Encoder) throws {
        try status.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(teams, forKey: .teams)
        try container.encodeIfPresent(teamPlacement, forKey: .teamPlacement)
        try container.encodeIfPresent(choosing, forKey: .choosing)
    }
}
