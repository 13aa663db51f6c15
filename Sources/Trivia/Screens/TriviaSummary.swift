import Vocabulary

/// One player's game in numbers, from the final standings: "you scored 3 of 10, place 2 of 4"
/// (``TriviaText/summary(_:)``; the phone page works it out the same way).
public struct TriviaSummary: Hashable, Sendable {
    /// Its points.
    public var points: Int
    /// The questions it could answer: every question asked, or for a late joiner those from
    /// the one after it joined.
    public var questions: Int
    /// Its place: 1 + the players with more points (players on the same points share a place:
    /// 1, 2, 2, 4).
    public var place: Int
    /// The players in the standings.
    public var players: Int
    /// For a late joiner: the first question it could answer (nil when it played them all).
    public var joinedAt: Int?

    /// The summary of player `id`, from its line in the standings or, below the lines they list,
    /// from its own `standing` (sent just before them); nil when it is in neither, or the host
    /// did not say how many questions were asked (an older host).
    public init?(_ final: FinalStandings, for id: PeerID, standing: YourStanding? = nil) {
        guard let asked = final.asked else { return nil }
        let own = standing.flatMap { $0.question == nil && $0.line.id == id ? $0 : nil }
        if let mine = final.standings.first(where: { $0.id == id }) {
            points = mine.points
            questions = min(asked, mine.questions ?? asked)
            place = 1 + final.standings.count(where: { $0.points > mine.points })
        } else if let own {
            points = own.line.points
            questions = min(asked, own.line.questions ?? asked)
            place = own.place
        } else {
            return nil
        }
        players = final.players ?? final.standings.count
        joinedAt = questions < asked ? asked - questions + 1 : nil
    }
}
