import Vocabulary

/// A board as the room is sent it: its best ``listed`` lines and how many players it has, and
/// for each player below those lines its own ``YourStanding``.
///
/// A whole board does not fit in a message in a big room (a frame is at most 64 KiB: about 1,770
/// lines), sending it to everyone costs the room's Wi-Fi N² bytes, and no screen shows more than
/// a few lines (a phone 6, the TV 5). A player on the listed lines finds itself there; one below
/// them gets its line and place on its own, a few dozen bytes. Pure.
public struct BoardCut: Hashable, Sendable {
    /// How many lines a board sent to the room lists.
    public static let listed = 20
    /// How many players a message to the room names in a list of scorers or of tied winners (a
    /// screen names this many, then "and N more"); a scorer not named is told so alone.
    public static let named = 10

    /// The best lines, in the board's order.
    public var lines: [ScoreLine]
    /// How many players the whole board has.
    public var players: Int
    /// Each player below ``lines``, with its place, best first.
    public var below: [YourStanding]
    /// The places of ``lines``, in their order.
    var listedPlaces: [Int]
    /// The result's number the standings belong to (nil: the final standings).
    var question: Int?

    /// Cuts `board` (best first, as ``TriviaGame/scoreboard`` orders it) after `listing` lines;
    /// `question` is the result's number the standings belong to (nil: the final standings).
    public init(_ board: [ScoreLine], question: Int?, listing: Int = BoardCut.listed) {
        let count = min(listing, board.count)
        lines = Array(board.prefix(count))
        players = board.count
        below = []
        below.reserveCapacity(board.count - count)
        let places = Self.places(board)
        listedPlaces = Array(places.prefix(count))
        self.question = question
        for (index, place) in places.enumerated() where index >= count {
            below.append(YourStanding(question: question, line: board[index], place: place, players: board.count))
        }
    }

    /// Each line's place on `board` (best first), shared on equal points: 1, 2, 2, 4. One pass.
    static func places(_ board: [ScoreLine]) -> [Int] {
        var places: [Int] = []
        places.reserveCapacity(board.count)
        for index in board.indices {
            places.append(index > 0 && board[index].points == board[index - 1].points ? places[index - 1] : index + 1)
        }
        return places
    }

    /// Each player below the listed lines, told its standing alone; and each of `scoredUnnamed`
    /// (players whose answer scored, not named in the result) told so in its standing, those on
    /// the listed lines included.
    func standings(scoredUnnamed: Set<PeerID> = []) -> [TriviaGame.Action] {
        var told: [TriviaGame.Action] = []
        told.reserveCapacity(below.count)
        for (index, line) in lines.enumerated() where scoredUnnamed.contains(line.id) {
            var mine = YourStanding(question: question, line: line, place: listedPlaces[index], players: players)
            mine.scored = true
            told.append(.send(.standing(mine), to: [line.id]))
        }
        for var mine in below {
            if scoredUnnamed.contains(mine.line.id) { mine.scored = true }
            told.append(.send(.standing(mine), to: [mine.line.id]))
        }
        return told
    }
}
