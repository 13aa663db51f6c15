import Matchmaking

@testable import Trivia

/// Helpers shared by the trivia unit tests.
enum Fixture {
    static let ann = Peer(id: PeerID(rawValue: 1), name: "Ann")
    static let bob = Peer(id: PeerID(rawValue: 2), name: "Bob")
    static let cy = Peer(id: PeerID(rawValue: 3), name: "Cy")
    static let dee = Peer(id: PeerID(rawValue: 4), name: "Dee")

    /// Seconds to microseconds.
    static func s(_ seconds: Double) -> Int64 { Int64(seconds * 1_000_000) }
    /// Milliseconds to microseconds.
    static func ms(_ milliseconds: Double) -> Int64 { Int64(milliseconds * 1000) }

    /// A question whose correct answer is `correct` in the shown order.
    static func question(_ text: String, answers: [String] = ["A", "B", "C", "D"], correct: Int = 0) -> DealtQuestion {
        DealtQuestion(source: TriviaQuestion(text: text, answers: answers, correct: [correct]), answers: answers, correct: [correct])
    }
}
