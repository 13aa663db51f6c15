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
///
/// A line names at most ``listed`` members: the lobby's status goes to every player waiting, so
/// naming everyone would cost a room of N players N² bytes (and past about 1,500 players would
/// not fit in a frame). ``size`` counts them all; each player learns its own team alone
/// (``YourTeam``).
public struct TeamLine: Hashable, Sendable, Codable {
    /// How many members a line names (a board on the TV shows about this many).
    public static let listed = 8

    /// The team's name.
    public var name: String
    /// Its colour on the pages (``TeamPlan/colours``).
    public var colour: Int
    /// Its first ``listed`` members, in order of arrival.
    public var members: [Peer]
    /// How many members it has (``members`` names the first of them).
    public var size: Int

    /// A line naming the first ``listed`` of `members`, of `size` in all (nil: `members` are all).
    public init(name: String, colour: Int, members: [Peer], size: Int? = nil) {
        self.name = name
        self.colour = colour
        self.members = Array(members.prefix(Self.listed))
        self.size = size ?? members.count
    }

    /// A line as sent: `size` from hosts before it was counted is the members named.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        colour = try container.decode(Int.self, forKey: .colour)
        members = try container.decode([Peer].self, forKey: .members)
        size = try container.decodeIfPresent(Int.self, forKey: .size) ?? members.count
    }
}

/// Your team (host to one player, kind `yourTeam`): `{"kind":"yourTeam","team":1}`, its index in
/// the plan (the lines' order); without `team`, none yet (the player has not chosen). Told with the
/// lobby's status sent to the player alone (on joining, choosing, coming back), to every player
/// when a game starts and when the next quiz's teams change, and to a player joining or coming back
/// during a game. Team lines name only their first members, so a player finds itself here.
public struct YourTeam: Hashable, Sendable, Codable {
    /// The team's index in the plan; nil: none yet.
    public var team: Int?

    /// On team `team` (nil: none yet).
    public init(team: Int?) { self.team = team }
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
    /// Its members (the players on it in the game now, here or reconnecting), best first: all of
    /// them in the game's report; in a message to the room only the best ``TeamLine/listed``.
    public var members: [Peer]
    /// How many members it has (``members`` may name only the best of them).
    public var size: Int

    /// A standing naming all of `members`.
    public init(team: Int, name: String, colour: Int, mean: Double, rank: Int, members: [Peer]) {
        self.team = team
        self.name = name
        self.colour = colour
        self.mean = mean
        self.rank = rank
        self.members = members
        self.size = members.count
    }

    /// The standing as the room is sent it: its best ``TeamLine/listed`` members, and its size.
    public var listed: TeamStanding {
        var cut = self
        cut.members = Array(members.prefix(TeamLine.listed))
        return cut
    }

    /// A standing as sent: `size` from hosts before it was counted is the members named.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        team = try container.decode(Int.self, forKey: .team)
        name = try container.decode(String.self, forKey: .name)
        colour = try container.decode(Int.self, forKey: .colour)
        mean = try container.decode(Double.self, forKey: .mean)
        rank = try container.decode(Int.self, forKey: .rank)
        members = try container.decode([Peer].self, forKey: .members)
        size = try container.decodeIfPresent(Int.self, forKey: .size) ?? members.count
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
    /// `choose`: the first ``TeamLine/listed`` players waiting who have not chosen a team (placed
    /// when the game starts).
    public var choosing: [Peer]?
    /// `choose`: how many players waiting have not chosen (``choosing`` names the first of them).
    public var stillChoosing: Int?

    /// A lobby without teams.
    public init(_ status: LobbyStatus) { self.status = status }

    enum CodingKeys: String, CodingKey { case teams, teamPlacement, choosing, stillChoosing }

    /// Reads the status and, when there, the teams.
    public init(from decoder: any Decoder) throws {
        status = try LobbyStatus(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        teams = try container.decodeIfPresent([TeamLine].self, forKey: .teams)
        teamPlacement = try container.decodeIfPresent(TeamPlacement.self, forKey: .teamPlacement)
        choosing = try container.decodeIfPresent([Peer].self, forKey: .choosing)
        stillChoosing = try container.decodeIfPresent(Int.self, forKey: .stillChoosing) ?? choosing?.count
    }

    /// Writes the status's fields and the teams' beside them, as one object.
    public func encode(to encoder: any Encoder) throws {
        try status.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(teams, forKey: .teams)
        try container.encodeIfPresent(teamPlacement, forKey: .teamPlacement)
        try container.encodeIfPresent(choosing, forKey: .choosing)
        try container.encodeIfPresent(stillChoosing, forKey: .stillChoosing)
    }
}
