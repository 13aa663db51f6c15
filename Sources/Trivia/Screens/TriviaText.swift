import GameRuntime
import Vocabulary

/// The lines the host's and the players' screens print, one fact per line, so that a person
/// reads them and a test parses them.
public enum TriviaText {
    /// `question 1/4 [Category]: Text`, then one `  N) answer` line per answer.
    public static func question(_ asked: QuestionAsked) -> [String] {
        let category = asked.category.map { " [\($0)]" } ?? ""
        return ["question \(asked.number)/\(asked.of)\(category): \(asked.text)"]
            + asked.answers.enumerated().map { "  \($0.offset + 1)) \($0.element)" }
    }

    /// How many names a line lists before `and N more` (as many as the host names).
    static let namesListed = BoardCut.named

    /// `result 1/4 (firstCorrect): correct 2) Text | scored: Ann`, then the standings. A scorer
    /// not on the board is named by `name` (the roster), else `#id`; past ``namesListed``
    /// scorers the line says `and N more`.
    public static func result(_ result: QuestionResult, name: (PeerID) -> String? = { _ in nil }) -> [String] {
        let names = Dictionary(result.scoreboard.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let scored = result.scored.isEmpty ? "nobody"
            : listed(result.scored.prefix(namesListed).map { names[$0] ?? name($0) ?? "#\($0)" }, of: result.scorers)
        var lines = [
            "result \(result.number)/\(result.of) (\(result.ended.rawValue)): correct \(result.correctChoices.map { "\($0 + 1))" }.joined(separator: " / ")) \(result.correctAnswer) | scored: \(scored)\(result.tie ? " (tie)" : "")",
            standings(result.scoreboard, players: result.players),
        ]
        if let teams = result.teams { lines.append(teamStandings(teams)) }
        return lines
    }

    /// Team mode's standings: `teams: 1. Red 2.5 (Ann, Cy), 2. Blue 1.0 (Bob, Dee)` (a team's
    /// mean of its members' points, one decimal; equal means share a rank).
    public static func teamStandings(_ standings: [TeamStanding]) -> String {
        "teams: " + (standings.isEmpty ? "nobody"
            : standings.map { "\($0.rank). \($0.name) \(mean($0.mean)) (\(listed($0.members.map(\.name), of: $0.size)))" }.joined(separator: ", "))
    }

    /// Team mode's lobby: `teams: 1) Red: Ann, Cy | 2) Blue: nobody yet | choosing: Dee` (the
    /// numbers are a terminal player's keys to choose with; `Ann, Cy and 40 more` in a big room).
    public static func teams(_ lines: [TeamLine], choosing: [Peer]?, stillChoosing: Int? = nil) -> String {
        let teams = lines.enumerated().map { "\($0.offset + 1)) \($0.element.name): \($0.element.size == 0 ? "nobody yet" : listed($0.element.members.map(\.name), of: $0.element.size))" }
        let names = (choosing ?? []).map(\.name), count = max(stillChoosing ?? 0, names.count)
        let undecided = count == 0 ? [] : ["choosing: " + listed(names, of: count)]
        return "teams: " + (teams + undecided).joined(separator: " | ")
    }

    /// A team's mean as the room reads it, one decimal: `2.5`, `1.0`.
    public static func mean(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `standings: Ann 2, Bob 1`; when the board lists the best of more `players`, `... and N more`.
    public static func standings(_ board: [ScoreLine], players: Int? = nil) -> String {
        "standings: " + (board.isEmpty ? "nobody" : listed(board.map { "\($0.name) \($0.points)" }, of: players ?? board.count))
    }

    /// `Ann, Bob`, or `Ann, Bob and 3 more` when `names` are the first of `count`.
    static func listed(_ names: [String], of count: Int) -> String {
        names.joined(separator: ", ") + (count > names.count ? " and \(count - names.count) more" : "")
    }

    /// `game over: winner Ann with 3 points` (or tied winners, or no players left), then one
    /// `final: N. NAME POINTS` line per player listed (`and N more players` below them). Past
    /// ``namesListed`` tied winners: `and N more`.
    public static func gameOver(_ final: FinalStandings) -> [String] {
        let names = Dictionary(final.standings.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let winners = final.winners.prefix(namesListed).map { names[$0] ?? "#\($0)" }
        let headline: String
        switch final.winnerTotal {
        case 0: headline = "game over: no players left"
        case 1: headline = "game over: winner \(winners[0]) with \(final.points) \(points(final.points))"
        default: headline = "game over: tied winners \(listed(winners, of: final.winnerTotal)) with \(final.points) \(points(final.points))"
        }
        let why = final.ended == .endedByHost ? " (ended by the host)" : ""
        var lines = [headline + why]
        lines += final.standings.enumerated().map { "final: \($0.offset + 1). \($0.element.name) \($0.element.points)" }
        if let players = final.players, players > final.standings.count { lines.append("and \(players - final.standings.count) more players") }
        if let teams = final.teams { lines.append(teamStandings(teams)) }
        return lines
    }

    /// A player's team at game over (or after a result): `your team Red: place 1 of 2, mean 2.5`;
    /// `team` is its index in the plan (``YourTeam``).
    public static func myTeam(_ standings: [TeamStanding], team: Int?) -> String? {
        guard let mine = standings.first(where: { $0.team == team }) else { return nil }
        return "your team \(mine.name): place \(mine.rank) of \(standings.count), mean \(mean(mine.mean))"
    }

    /// A player's own game at game over: `you scored 3 of 10, place 2 of 4`; a late joiner's
    /// counts the questions it could answer, `you scored 1 of 3, place 3 of 4 (you joined at
    /// question 8)` (`(you joined after the last question)` when it could answer none).
    public static func summary(_ summary: TriviaSummary) -> String {
        let late = summary.joinedAt.map { summary.questions == 0 ? " (you joined after the last question)" : " (you joined at question \($0))" } ?? ""
        return "you scored \(summary.points) of \(summary.questions), place \(summary.place) of \(summary.players)\(late)"
    }

    /// A player below the listed standings: `you: place 1234 of 2000, 3 points`.
    public static func place(_ standing: YourStanding) -> String {
        "you: place \(standing.place) of \(standing.players), \(standing.line.points) \(points(standing.line.points))"
    }

    /// `lobby: 2/8 players, game starts in 5 s` (or `..., waiting for players`).
    public static func lobby(_ status: LobbyStatus) -> String { LobbyText.status(status, waiting: "waiting for players") }

    /// `game: first mode, 4 questions` (`, you play from question N` for a late joiner, `, you
    /// play on from question N` for a player back from a dropped link; `, you are back after the
    /// last question: the standings follow` when no question is left).
    public static func game(_ info: GameInfo) -> String {
        let over = info.firstQuestion > info.questions
        let late = over ? (info.resumed == true ? ", you are back" : ", you joined") + " after the last question: the standings follow"
            : info.resumed == true ? ", you play on from question \(info.firstQuestion)"
            : info.firstQuestion <= 1 ? "" : ", you play from question \(info.firstQuestion)"
        return "game: \(info.mode.rawValue) mode, \(info.questions) \(info.questions == 1 ? "question" : "questions")\(late)"
    }

    /// `game: …` for a player on team `team` (its index in the plan, ``YourTeam``), with the
    /// team's name in team mode (`, you play for Red`).
    public static func game(_ info: GameInfo, team: Int?) -> String {
        let line = team.flatMap { team in info.teams.flatMap { $0.indices.contains(team) ? $0[team] : nil } }
        return game(info) + (line.map { ", you play for \($0.name)" } ?? "")
    }

    /// `buzzer: Ann buzzed first`.
    public static func buzzed(_ won: BuzzerWon) -> String { "buzzer: \(won.name) buzzed first" }

    /// `mark: Ann is right`, or `mark: Ann is wrong, locked out of this question`.
    public static func marked(_ marked: AnswerMarked) -> String {
        "mark: \(marked.name) is \(marked.right ? "right" : "wrong, locked out of this question")"
    }

    /// `buzzers open again, 7 s left (locked out: Ann)`; `names` are the locked-out players'.
    public static func buzzersOpen(_ open: BuzzersOpen, names: [String]) -> String {
        "buzzers open again, \((open.leftMs + 999) / 1000) s left (locked out: \(names.isEmpty ? "nobody" : names.joined(separator: ", ")))"
    }

    /// The host's line (never a player's): `Ann answers aloud; correct: 2) Mercury; mark it: y/right or x/wrong`.
    public static func awaitingMark(_ awaiting: AwaitingMark) -> String {
        "\(awaiting.name) answers aloud; correct: \(awaiting.correct); mark it: y/right or x/wrong"
    }

    static func points(_ count: Int) -> String { count == 1 ? "point" : "points" }
}
