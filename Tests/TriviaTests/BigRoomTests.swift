import Matchmaking
import Testing
import Vocabulary

@testable import Trivia

/// A room of thousands: the boards the room is sent list the best ``BoardCut/listed``, each
/// player below them is told its own line and place just before, and every message fits in a
/// frame (a whole board of 2,000 did not: 73,860 bytes).
@Suite struct BigRoomTests {
    @Test func aCutKeepsTheBestLinesAndGivesEveryoneBelowItsSharedPlace() {
        let points = [5, 5, 3, 3, 3, 1]
        let board = points.enumerated().map { ScoreLine(id: PeerID(rawValue: UInt32($0.offset + 1)), name: "P\($0.offset + 1)", points: $0.element) }
        let cut = BoardCut(board, question: 4, listing: 2)
        #expect(cut.lines == Array(board.prefix(2)))
        #expect(cut.players == 6)
        #expect(cut.below.map(\.place) == [3, 3, 3, 6])
        #expect(cut.below.map(\.line.id.rawValue) == [3, 4, 5, 6])
        #expect(cut.below.allSatisfy { $0.question == 4 && $0.players == 6 })
        #expect(BoardCut(board, question: nil, listing: 20).below.isEmpty, "a small room is listed whole")
        #expect(BoardCut([], question: nil).players == 0)
        #expect(BoardCut.places(board) == [1, 1, 3, 3, 3, 6], "the report's ranks are the same places")
        let many = (0..<3_000).map { ScoreLine(id: PeerID(rawValue: UInt32($0 + 1)), name: "P\($0)", points: 10 - $0 / 300) }
        let places = BoardCut.places(many)
        #expect(places.first == 1 && places[299] == 1 && places[300] == 301 && places.last == 2_701)
    }

    /// 3,000 players with 32-character names, half scoring each question.
    @Test func everyMessageOfAGameOf3000FitsInAFrameAndEachPlayerLearnsItsPlace() throws {
        let peers = (1...3_000).map { Peer(id: PeerID(rawValue: UInt32($0)), name: "Player number \($0) " + String(repeating: "x", count: 32 - 15 - String($0).count)) }
        #expect(peers.allSatisfy { $0.name.count == 32 })
        var game = TriviaGame(questions: Array(Game.questions.prefix(2)), players: peers, settings: Game.settings(.timed))
        var actions = game.start(now: 0, clocks: [:])
        for (number, correct) in [(1, 2), (2, 0)] {
            for peer in peers {
                let choice = peer.id.rawValue % 2 == 0 ? correct : (correct + 1) % 4
                actions += game.answer(number, choice, from: peer, at: Fixture.ms(Double(100 + peer.id.rawValue % 1000)))
            }
            actions += game.tick(now: Fixture.s(Double(11 * number)), clocks: [:])
            actions += game.tick(now: Fixture.s(Double(11 * number + 2)), clocks: [:])
        }
        let limit = WireCodec.defaultMaxFrame
        for (message, to) in actions.sent {
            let size = AppPayload.size(body: try RawJSON(encoding: message).bytes.count, from: .host)
            #expect(size <= limit, "\(message) to \(to.count) is \(size) bytes")
        }
        let final = try #require(actions.gameOver)
        #expect(final.standings.count == BoardCut.listed)
        #expect(final.players == 3_000)
        #expect(final.winnerCount == 1_500 && final.winners.count == BoardCut.named, "the even ids scored both questions: the first 10 named")
        #expect(final.winners == (1...10).map { PeerID(rawValue: UInt32(2 * $0)) })

        // A result names its first 10 scorers and counts them all; every other scorer is told so in
        // its standing (those on the board too), nobody else is.
        let second = try #require(actions.sent.compactMap { if case .result(let r) = $0.message, r.number == 2 { r } else { nil } }.first)
        #expect(second.scored.count == BoardCut.named && second.scoredCount == 1_500)
        let told = actions.sent.compactMap { sent -> PeerID? in
            if case .standing(let s) = sent.message, s.question == 2, s.scored == true { sent.to.first } else { nil }
        }
        #expect(Set(told) == Set(peers.map(\.id).filter { $0.rawValue % 2 == 0 }).subtracting(second.scored) && told.count == 1_490)
        #expect(TriviaText.result(second).first?.hasSuffix(" and 1490 more") == true, "the terminals count them all")
        // `join` says +1 to a scorer not named, from its standing, and no point to the others.
        let unnamed = PeerID(rawValue: 1_998), missed = PeerID(rawValue: 1_999)  // 1998 pressed late: not among the first 10
        #expect(!second.scored.contains(unnamed))
        let resultAt = try #require(actions.sent.firstIndex { if case .result(let r) = $0.message { r.number == 2 } else { false } })
        for (id, scored) in [(unnamed, true), (missed, false), (second.scored[0], true)] {
            var state = TriviaPlayerState()
            for sent in actions.sent[...resultAt] where sent.to == [id] || sent.to.count > 1 { state.received(sent.message, at: 0, hostClock: nil) }
            #expect(state.scored(in: second, me: id) == scored, "\(id)")
        }

        // Each player below the board is told its place once, just before the final standings.
        let standings = actions.sent.compactMap { sent -> (YourStanding, [PeerID])? in
            if case .standing(let standing) = sent.message, standing.question == nil { (standing, sent.to) } else { nil }
        }
        #expect(standings.count == 3_000 - BoardCut.listed)
        #expect(standings.allSatisfy { $0.1 == [$0.0.line.id] })
        let odd = try #require(standings.first { $0.0.line.id.rawValue % 2 == 1 }?.0)
        #expect(odd.place == 1_501 && odd.line.points == 0 && odd.line.questions == 2)
        let even = try #require(standings.first { $0.0.line.id.rawValue % 2 == 0 }?.0)
        #expect(even.place == 1 && even.line.points == 2)
        let overAt = try #require(actions.sent.firstIndex { if case .gameOver = $0.message { true } else { false } })
        let lastStandingAt = try #require(actions.sent.lastIndex { if case .standing(let s) = $0.message { s.question == nil } else { false } })
        #expect(lastStandingAt < overAt, "a player's standing comes before the standings it completes")
    }

    @Test func aPlayerBelowTheBoardSaysItsPlaceFromItsStanding() throws {
        let me = PeerID(rawValue: 77)
        var model = TriviaPlayerState()
        let mine = YourStanding(question: nil, line: ScoreLine(id: me, name: "Zed", points: 1, questions: 3), place: 31, players: 40)
        model.received(.standing(mine), at: 0, hostClock: nil)
        let board = (1...20).map { ScoreLine(id: PeerID(rawValue: UInt32($0)), name: "P\($0)", points: 3, questions: 3) }
        let final = FinalStandings(standings: board, winners: board.map(\.id), points: 3, ended: .questionsDone, asked: 3, players: 40)
        model.received(.gameOver(final), at: 1, hostClock: nil)
        let summary = try #require(TriviaSummary(final, for: me, standing: model.standing))
        #expect(TriviaText.summary(summary) == "you scored 1 of 3, place 31 of 40")
        #expect(TriviaText.gameOver(final).last == "and 20 more players")
        #expect(TriviaText.gameOver(final).first == "game over: tied winners P1, P2, P3, P4, P5, P6, P7, P8, P9, P10 and 10 more with 3 points")
    }
}
