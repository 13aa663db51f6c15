import Matchmaking
import Testing

@testable import Trivia

/// "you scored X of N, place P of M" at game over: N the questions asked (a late joiner's, those
/// it could answer), P shared on equal points, M the players in the standings.
@Suite struct SummaryTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy, dee = Fixture.dee
    func ms(_ value: Double) -> Int64 { Fixture.ms(value) }

    static func final(_ lines: [(Peer, Int, Int?)], asked: Int?) -> FinalStandings {
        let board = lines.map { ScoreLine(id: $0.0.id, name: $0.0.name, points: $0.1, questions: $0.2) }
        return FinalStandings(standings: board, winners: [board[0].id], points: board[0].points, ended: .questionsDone, asked: asked)
    }

    @Test func theGameCountsTheQuestionsEachPlayerCouldAnswer() throws {
        var game = Game.started(.first, questions: 3, players: [ann, bob])
        _ = game.answer(1, 2, from: ann, at: ms(10))  // correct
        _ = game.tick(now: ms(100), clocks: [:])
        _ = game.tick(now: ms(100) + Fixture.s(1), clocks: [:])  // question 2 asked
        _ = game.playerJoined(cy)  // during question 2: Cy plays from question 3
        _ = game.answer(2, 0, from: bob, at: Fixture.s(2))  // correct
        _ = game.tick(now: Fixture.s(2) + ms(100), clocks: [:])
        _ = game.tick(now: Fixture.s(4), clocks: [:])  // question 3 asked
        _ = game.answer(3, 1, from: cy, at: Fixture.s(5))  // correct
        _ = game.tick(now: Fixture.s(5) + ms(100), clocks: [:])
        let final = try #require(game.tick(now: Fixture.s(7), clocks: [:]).gameOver)
        #expect(final.asked == 3)
        #expect(final.standings.map(\.questions) == [3, 3, 1])  // Ann, Bob, Cy (1 point each, by id)
        let cys = try #require(TriviaSummary(final, for: cy.id))
        #expect(TriviaText.summary(cys) == "you scored 1 of 1, place 1 of 3 (you joined at question 3)")
        #expect(TriviaText.summary(try #require(TriviaSummary(final, for: ann.id))) == "you scored 1 of 3, place 1 of 3")
    }

    @Test func aQuestionOpenWhenTheHostEndsCountsForNobody() throws {
        var game = Game.started(.first, questions: 3, players: [ann, bob])
        _ = game.answer(1, 2, from: ann, at: ms(10))
        _ = game.tick(now: ms(100), clocks: [:])
        _ = game.tick(now: ms(100) + Fixture.s(1), clocks: [:])  // question 2 open
        _ = game.playerJoined(cy)
        let final = try #require(game.end().gameOver)
        #expect(final.asked == 1)
        #expect(final.standings.map(\.questions) == [1, 1, 0])
        #expect(TriviaText.summary(try #require(TriviaSummary(final, for: cy.id))) == "you scored 0 of 0, place 2 of 3 (you joined after the last question)")
    }

    @Test func playersOnTheSamePointsShareAPlace() throws {
        let final = Self.final([(ann, 4, 5), (bob, 4, 5), (cy, 2, 5), (dee, 0, 2)], asked: 5)
        let places = try [ann, bob, cy, dee].map { try #require(TriviaSummary(final, for: $0.id)) }
        #expect(places.map(\.place) == [1, 1, 3, 4])
        #expect(places.map(TriviaText.summary) == [
            "you scored 4 of 5, place 1 of 4", "you scored 4 of 5, place 1 of 4", "you scored 2 of 5, place 3 of 4",
            "you scored 0 of 2, place 4 of 4 (you joined at question 4)",
        ])
        #expect(TriviaSummary(final, for: PeerID(rawValue: 9)) == nil)  // not in the standings
        #expect(TriviaSummary(Self.final([(ann, 1, nil)], asked: nil), for: ann.id) == nil)  // an older host: no count
        #expect(TriviaSummary(Self.final([(ann, 1, nil)], asked: 2), for: ann.id)?.questions == 2)  // no line count: all of them
    }

    @Test func theCountsTravelInGameOver() throws {
        let final = Self.final([(ann, 1, 3), (dee, 0, 1)], asked: 3)
        let json = try JSONValue(encoding: TriviaServerMessage.gameOver(final))
        guard case .object(let body) = json, case .array(let lines)? = body["standings"], case .object(let first)? = lines.first else {
            Issue.record("not an object: \(json)"); return
        }
        #expect(body["asked"] == .integer(3))
        #expect(first["questions"] == .integer(3))
        let plain = try JSONValue(encoding: ScoreLine(id: ann.id, name: "Ann", points: 1))
        #expect(plain == .object(["id": .integer(1), "name": .string("Ann"), "points": .integer(1)]))  // a scoreboard line has no count
    }
}
