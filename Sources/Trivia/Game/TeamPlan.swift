import Vocabulary

/// How players get into their teams (team mode, ``TeamPlan``).
public enum TeamPlacement: String, Hashable, Sendable, Codable, CaseIterable {
    /// Each player picks a team in the lobby and may change it until the game starts; whoever
    /// has not chosen by then is placed as ``placed`` places.
    case choose
    /// The host places them: each player goes, as it arrives, to the team with the fewest
    /// members (on a tie, the first of them in the plan).
    case placed
}

/// Team mode's plan: the teams' names, in the order the host gave them, and how players get into
/// them. A team's score is the mean of its members' points (``TeamRoster/standings(points:)``).
public struct TeamPlan: Hashable, Sendable {
    /// How many teams a plan has.
    public static let sizes = 2...8
    /// The longest name a team may have, in characters (a button on a phone, a line on the TV).
    public static let longestName = 16

    /// The colours the pages tell teams apart by (with a shape), in order, each with the words
    /// that name it: a team's colour is an index into them.
    public static let colourWords = [
        ["red", "crimson"], ["blue", "navy"], ["yellow", "gold", "orange", "amber"], ["green", "lime"], ["purple", "violet"],
        ["pink", "magenta"], ["teal", "cyan", "turquoise"], ["grey", "gray", "silver", "black", "white"],
    ]

    /// The teams' names, as given (white space around them trimmed).
    public let names: [String]
    /// How players get into them.
    public let placement: TeamPlacement
    /// Each team's colour (an index into ``colourWords``): the one its name says ("Red", "Gold"),
    /// unless a team before it took it, else the first one left.
    public let colours: [Int]

    /// A plan of these teams; an error says which name breaks which rule, and what is allowed.
    public init(names: [String], placement: TeamPlacement = .choose) throws(TeamPlanError) {
        let trimmed = names.map { $0.trimmingWhitespaceAndNewlines() }
        guard Self.sizes.contains(trimmed.count) else { throw .count(trimmed.count) }
        var seen: Set<String> = []
        for (index, name) in trimmed.enumerated() {
            guard !name.isEmpty else { throw .empty(team: index + 1) }
            guard name.count <= Self.longestName else { throw .tooLong(name) }
            guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .control(team: index + 1) }
            guard seen.insert(name.lowercased()).inserted else { throw .twice(name) }
        }
        self.names = trimmed
        self.placement = placement
        var colours = trimmed.map { name in Self.colourWords.firstIndex { $0.contains(name.lowercased()) } }
        for at in colours.indices where colours[at].map({ colours[..<at].contains($0) }) == true { colours[at] = nil }
        for at in colours.indices where colours[at] == nil {
            colours[at] = Self.colourWords.indices.first { !colours.contains($0) }
        }
        self.colours = colours.map { $0 ?? 0 }
    }

    /// A plan of the teams named in `list`, separated by commas (`Red, Blue`: the command line's
    /// and the config file's form).
    public init(list: String, placement: TeamPlacement = .choose) throws(TeamPlanError) {
        try self.init(names: list.split(separator: ",", omittingEmptySubsequences: false).map(String.init), placement: placement)
    }

    /// The index of the team called `name` (ignoring case and white space around it); nil when no
    /// team is.
    public func index(of name: String) -> Int? {
        let wanted = name.trimmingWhitespaceAndNewlines().lowercased()
        return names.firstIndex { $0.lowercased() == wanted }
    }
}

/// Why team names cannot make a plan: each sentence names what was wrong and what is allowed.
public enum TeamPlanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not 2 to 8 names.
    case count(Int)
    /// The `team`th name (1-based) is empty.
    case empty(team: Int)
    /// A name longer than ``TeamPlan/longestName``.
    case tooLong(String)
    /// The `team`th name has a control character (a tab, a line break).
    case control(team: Int)
    /// Two teams of this name (ignoring case).
    case twice(String)

    /// The sentence, e.g. `2 to 8 team names; got 1`.
    public var description: String {
        let allowed = "\(TeamPlan.sizes.lowerBound) to \(TeamPlan.sizes.upperBound) team names"
        return switch self {
        case .count(let count): "\(allowed); got \(count)"
        case .empty(let team): "team \(team)'s name is empty; a name is 1 to \(TeamPlan.longestName) characters"
        case .tooLong(let name): "\"\(name)\" is \(name.count) characters; a team's name is 1 to \(TeamPlan.longestName)"
        case .control(let team): "team \(team)'s name has a control character (a tab or a line break); a name is one line of text"
        case .twice(let name): "\"\(name)\" names two teams (ignoring case); each team needs a name of its own"
        }
    }
}
