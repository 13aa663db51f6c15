import Matchmaking

@testable import Trivia

typealias Clocks = [PeerID: ClockEstimate]

extension Array where Element == TriviaGame.Action {
    /// The messages, told or told again, with their recipients.
    var sent: [(message: TriviaServerMessage, to: [PeerID])] {
        compactMap { action in
            switch action {
            case .announce(let message, let to), .send(let message, let to), .retell(let message, let to): (message, to)
            case .note: nil
            }
        }
    }

    /// The messages announced (news for the room), with their recipients.
    var announced: [(message: TriviaServerMessage, to: [PeerID])] {
        compactMap { action in
            if case .announce(let message, let to) = action { (message, to) } else { nil }
        }
    }

    /// The messages told again (no news to the room), with their recipients.
    var retold: [(message: TriviaServerMessage, to: [PeerID])] {
        compactMap { action in
            if case .retell(let message, let to) = action { (message, to) } else { nil }
        }
    }

    /// The notes for the host's screen.
    var notes: [TriviaNote] {
        compactMap { action in
            switch action {
            case .announce, .send, .retell: nil
            case .note(let note): note
            }
        }
    }

    var result: QuestionResult? {
        for (message, _) in sent { if case .result(let result) = message { return result } }
        return nil
    }

    var question: QuestionAsked? {
        for (message, _) in sent { if case .question(let asked) = message { return asked } }
        return nil
    }

    var gameOver: FinalStandings? {
        for (message, _) in sent { if case .gameOver(let final) = message { return final } }
        return nil
    }

    var rejection: RejectReason? {
        for (message, _) in sent { if case .rejected(let rejected) = message { return rejected.reason } }
        return nil
    }

    var accepted: AnswerAccepted? {
        for (message, _) in sent { if case .accepted(let accepted) = message { return accepted } }
        return nil
    }
}

enum Game {
    /// Question 1's correct answer is 2, question 2's is 0, question 3's is 1.
    static let questions = [
        Fixture.question("Q1", correct: 2), Fixture.question("Q2", correct: 0), Fixture.question("Q3", correct: 1),
    ]

    static func settings(_ mode: TriviaMode) -> TriviaSettings {
        var settings = TriviaSettings()
        settings.mode = mode
        settings.questionTime = Fixture.s(10)
        settings.resultTime = Fixture.s(1)
        return settings
    }

    /// A started game (question 1 asked at `t0`) of Ann, Bob and Cy.
    static func started(
        _ mode: TriviaMode, questions: Int = 2, players: [Peer] = [Fixture.ann, Fixture.bob, Fixture.cy], at t0: Int64 = 0,
        clocks: Clocks = [:]
    ) -> TriviaGame {
        var game = TriviaGame(questions: Array(Self.questions.prefix(questions)), players: players, settings: settings(mode))
        _ = game.start(now: t0, clocks: clocks)
        return game
    }

    static func clock(offset: Int64 = 0, rtt: Int64) -> ClockEstimate {
        ClockEstimate(offset: offset, roundTrip: rtt, medianRoundTrip: rtt, samples: 8)
    }
}

extension TriviaGame {
    /// An answer pressed on a device without a clock estimate (judged at arrival).
    mutating func answer(_ question: Int, _ choice: Int, from peer: Peer, at time: Int64, pressedAt: Int64? = nil, clock: ClockEstimate? = nil) -> [Action] {
        answer(AnswerGiven(question: question, choice: choice, pressedAt: pressedAt ?? time), from: peer.id, arrivedAt: time, clock: clock)
    }
}

extension Array where Element == TriviaGame.Action {
    /// The first message sent that `pick` picks.
    func first<Value>(_ pick: (TriviaServerMessage) -> Value?) -> Value? { sent.compactMap { pick($0.message) }.first }

    var buzzed: BuzzerWon? { first { if case .buzzed(let won) = $0 { won } else { nil } } }
    var marked: AnswerMarked? { first { if case .marked(let marked) = $0 { marked } else { nil } } }
    var reopened: BuzzersOpen? { first { if case .buzzersOpen(let open) = $0 { open } else { nil } } }
}

extension TriviaGame {
    /// A buzz pressed on a device without a clock estimate (judged at arrival), unless told.
    mutating func buzz(_ question: Int, from peer: Peer, at time: Int64, pressedAt: Int64? = nil, clock: ClockEstimate? = nil) -> [Action] {
        buzz(BuzzPressed(question: question, pressedAt: pressedAt ?? time), from: peer.id, arrivedAt: time, clock: clock)
    }
}
