import GameRuntime
import Matchmaking
import Trivia

@testable import Matchmaking

/// A trivia host on a ``TestHost``.
typealias TriviaTestHost = GameTestHost<TriviaTable>
/// A trivia player driven by a test.
typealias ScriptedPlayer = GameTestPlayer<TriviaPlayerState>

extension GameTestHost where Table == TriviaTable {
    /// `capacity` players start a game (`whenFull`); `admitting` (default: the same) are admitted.
    static func start(
        bank: QuestionBank, mode: TriviaMode, capacity: Int, admitting: Int? = nil, rule: StartRule = .whenFull, rounds: Int? = nil,
        questionTime: Double = 1, resultTime: Double = 0.1, judge: PressJudge = PressJudge(), heartbeat: HeartbeatConfiguration = .init(interval: .milliseconds(100), timeout: .seconds(3))
    ) async throws -> TriviaTestHost {
        var settings = TriviaSettings()
        settings.mode = mode
        settings.rounds = rounds
        settings.questionTime = Int64(questionTime * 1_000_000)
        settings.resultTime = Int64(resultTime * 1_000_000)
        settings.judge = judge
        let table = TriviaTable(bank: bank, settings: settings, startRule: rule, capacity: capacity)
        return try await start(table, admitting: admitting ?? capacity, heartbeat: heartbeat)
    }
}

/// A bank whose correct answer is always the one whose text is "right".
func rightOrWrongBank(_ count: Int, answers: Int = 3) -> QuestionBank {
    try! QuestionBank(
        questions: (1...count).map { number in
            TriviaQuestion(text: "Question \(number)", answers: ["right"] + (1..<answers).map { "wrong \($0)" }, correctIndex: 0)
        }, source: "test")
}

extension QuestionAsked {
    /// The index of the answer "right" (the tests' banks know it; players normally do not).
    var right: Int { answers.firstIndex(of: "right")! }
    /// The index of a wrong answer.
    var wrong: Int { answers.firstIndex { $0 != "right" }! }
}

extension GameTestPlayer where Model == TriviaPlayerState {
    /// A player on `session` whose ``TriviaBot`` (seeded with `botSeed`) answers every question.
    convenience init(_ session: PlayerSession, botSeed: UInt64) {
        self.init(session) { TriviaBot(player: $0, rng: SplitMix64(seed: botSeed), thinking: 0.05...0.5) }
    }

    func question(_ number: Int) async -> QuestionAsked? {
        await wait { if case .question(let asked) = $0, asked.number == number { asked } else { nil } }
    }

    func result(_ number: Int, within seconds: Double = 10) async -> QuestionResult? {
        await wait(within: seconds) { if case .result(let result) = $0, result.number == number { result } else { nil } }
    }

    func gameOver(within seconds: Double = 20) async -> FinalStandings? {
        await wait(within: seconds) { if case .gameOver(let final) = $0 { final } else { nil } }
    }

    /// Waits for an acknowledgement of an answer (of this choice, when given).
    func accepted(choice: Int? = nil) async -> AnswerAccepted? {
        await wait { if case .accepted(let a) = $0, choice == nil || a.choice == choice { a } else { nil } }
    }

    /// Waits for a refusal (for this reason, when given) and returns its reason.
    func rejected(_ reason: RejectReason? = nil) async -> RejectReason? {
        await wait { if case .rejected(let r) = $0, reason == nil || r.reason == reason { r.reason } else { nil } }
    }

    var rejections: [AnswerRejected] { all { if case .rejected(let rejected) = $0 { rejected } else { nil } } }

    var accepted: [AnswerAccepted] { all { if case .accepted(let accepted) = $0 { accepted } else { nil } } }

    var results: [QuestionResult] { all { if case .result(let result) = $0 { result } else { nil } } }

    /// Sends a raw answer, bypassing the device's own checks (as a buggy or hostile client would).
    func sendRaw(question: Int, choice: Int, pressedAt: Int64 = MonotonicClock.now()) throws {
        try session.send(TriviaClientMessage.answer(AnswerGiven(question: question, choice: choice, pressedAt: pressedAt)))
    }
}

extension TriviaPlayerState.PressOutcome {
    /// Whether the press went to the host.
    var wasSent: Bool {
        if case .send = self { return true }
        return false
    }
}
