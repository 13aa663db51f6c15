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

    /// The summary of player `id`; nil when it is not in the standings, or the host did not say
    /// how many questions were asked (an older host).
    public init?(_ final: FinalStandings, for id: PeerID) {
        guard let asked = final.asked, let mine = final.standings.first(where: { $0.id == id }) else { return nil }
        points = mine.points
        questions = min(asked, mine.questions ?? asked)
        place = 1 + final.standings.count(where: { $0.points > mine.points })
        players = final.standings.count
        joinedAt = questions < asked ? asked - questions + 1 : nil
    }
}
