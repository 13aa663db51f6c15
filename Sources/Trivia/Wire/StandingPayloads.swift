import Vocabulary

/// A player's own line and place, for a player below the lines a board lists (``BoardCut``):
/// sent to that player alone, just before the `result` or `gameOver` it belongs to, so that a
/// phone in a room of thousands still says "place 1,234 of 2,000".
public struct YourStanding: Hashable, Sendable, Codable {
    /// The result's question number; absent before the final standings (`gameOver`).
    public var question: Int?
    /// The player's line (with ``ScoreLine/questions`` before the final standings).
    public var line: ScoreLine
    /// Its place: 1 + the players with more points (equal points share a place: 1, 2, 2, 4).
    public var place: Int
    /// How many players are on the board.
    public var players: Int
    /// In a result's standing: true when this player's answer scored (a result names only its
    /// first ``BoardCut/named`` scorers); absent otherwise. A player on the listed lines is sent a
    /// standing only for this.
    public var scored: Bool?

    /// A player's standing.
    public init(question: Int?, line: ScoreLine, place: Int, players: Int) {
        self.question = question
        self.line = line
        self.place = place
        self.players = players
    }
}
