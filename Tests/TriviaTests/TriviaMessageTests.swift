import GameRuntime
import Foundation
import Matchmaking
import Testing

@testable import Trivia

@Suite struct TriviaMessageTests {
    static func object(_ message: TriviaServerMessage) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(message)) as! [String: Any]
    }

    static let asked = QuestionAsked(
        number: 3, of: 10, text: "Q?", answers: ["a", "b"], category: "Science", mode: .timed, durationMs: 15_000, deadline: 123_456)

    @Test func aQuestionIsAFlatObjectWithAKindAndNoCorrectAnswer() throws {
        let object = try Self.object(.question(Self.asked))
        #expect(object["kind"] as? String == "question")
        #expect(object["number"] as? Int == 3)
        #expect(object["answers"] as? [String] == ["a", "b"])
        #expect(object["mode"] as? String == "timed")
        #expect(Set(object.keys) == ["kind", "number", "of", "text", "answers", "category", "mode", "durationMs", "deadline"])
    }

    @Test func everyServerMessageRoundTrips() throws {
        let board = [ScoreLine(id: PeerID(rawValue: 2), name: "Bob", points: 3)]
        let messages: [TriviaServerMessage] = [
            .lobby(LobbyStatus(players: 2, capacity: 8, startRule: "after", startsInMs: 4_000)),
            .game(GameInfo(mode: .first, questions: 5, firstQuestion: 2, scoreboard: board)),
            .question(Self.asked),
            .accepted(AnswerAccepted(question: 1, choice: 2, final: true)),
            .rejected(AnswerRejected(question: 1, choice: 9, reason: .invalidChoice)),
            .rejected(AnswerRejected(question: nil, choice: nil, reason: .malformed)),
            .result(QuestionResult(number: 1, of: 5, correctChoice: 2, correctAnswer: "c", correctChoices: [2], scored: [PeerID(rawValue: 2)], tie: false, ended: .firstCorrect, scoreboard: board)),
            .gameOver(FinalStandings(standings: board, winners: [PeerID(rawValue: 2)], points: 3, ended: .questionsDone)),
            .buzzed(BuzzerWon(question: 2, player: PeerID(rawValue: 2), name: "Bob", leftMs: 7_300, lockedOut: [PeerID(rawValue: 1)])),
            .marked(AnswerMarked(question: 2, player: PeerID(rawValue: 2), name: "Bob", right: false)),
            .buzzersOpen(BuzzersOpen(question: 2, lockedOut: [PeerID(rawValue: 1), PeerID(rawValue: 2)], deadline: 99_000_000, leftMs: 7_300)),
            .rejected(AnswerRejected(question: 2, choice: nil, reason: .lockedOut)),
        ]
        for message in messages {
            let data = try JSONEncoder().encode(message)
            #expect(try JSONDecoder().decode(TriviaServerMessage.self, from: data) == message)
        }
    }

    @Test func anAnswerDecodesFromLiteralJSON() throws {
        let json = #"{"kind":"answer","question":4,"choice":1,"pressedAt":987654321}"#
        #expect(try JSONDecoder().decode(TriviaClientMessage.self, from: Data(json.utf8)) == .answer(AnswerGiven(question: 4, choice: 1, pressedAt: 987_654_321)))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(TriviaClientMessage.answer(AnswerGiven(question: 4, choice: 1, pressedAt: 5)))) as! [String: Any]
        #expect(encoded["kind"] as? String == "answer")
        #expect(encoded["pressedAt"] as? Int == 5)
    }

    @Test func aBuzzAndTheBuzzerMessagesReadAsDocumented() throws {
        let json = #"{"kind":"buzz","question":3,"pressedAt":81234567890}"#
        #expect(try JSONDecoder().decode(TriviaClientMessage.self, from: Data(json.utf8)) == .buzz(BuzzPressed(question: 3, pressedAt: 81_234_567_890)))
        let buzzed = try Self.object(.buzzed(BuzzerWon(question: 3, player: PeerID(rawValue: 1), name: "Ann", leftMs: 6_500, lockedOut: [])))
        #expect(Set(buzzed.keys) == ["kind", "question", "player", "name", "leftMs", "lockedOut"])
        #expect(buzzed["kind"] as? String == "buzzed")
        let marked = try Self.object(.marked(AnswerMarked(question: 3, player: PeerID(rawValue: 1), name: "Ann", right: true)))
        #expect(Set(marked.keys) == ["kind", "question", "player", "name", "right"])
        let open = try Self.object(.buzzersOpen(BuzzersOpen(question: 3, lockedOut: [PeerID(rawValue: 1)], deadline: 5, leftMs: 6_500)))
        #expect(open["kind"] as? String == "buzzersOpen")
        #expect(open["lockedOut"] as? [Int] == [1])
    }

    @Test func unknownKindsAndMissingFieldsDoNotDecode() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TriviaClientMessage.self, from: Data(#"{"kind":"chat","text":"hi"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TriviaClientMessage.self, from: Data(#"{"kind":"answer","question":1}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TriviaServerMessage.self, from: Data(#"{"kind":"cheat"}"#.utf8)) }
    }

    @Test func aResultFromAHostBeforeSeveralCorrectAnswersReadsItsOneChoice() throws {
        let old = #"{"kind":"result","number":1,"of":2,"correctChoice":3,"correctAnswer":"d","scored":[],"tie":false,"ended":"deadline","scoreboard":[]}"#
        guard case .result(let result) = try JSONDecoder().decode(TriviaServerMessage.self, from: Data(old.utf8)) else {
            Issue.record("not a result")
            return
        }
        #expect(result.correctChoices == [3])
    }
}
