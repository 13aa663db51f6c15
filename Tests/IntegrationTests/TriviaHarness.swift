import Logging
import Matchmaking
import Synchronization
import Trivia

@testable import Matchmaking

/// A trivia host on a ``TestHost``: its table runs in a ``TriviaHost``; every event it reports is kept.
/// `capacity` players start a game (`whenFull`); `admitting` (default: the same) are admitted.
struct TriviaTestHost {
    let host: TestHost
    let events: Box<[TriviaHostEvent]>
    let task: Task<Void, Never>

    static func start(
        bank: QuestionBank, mode: TriviaMode, capacity: Int, admitting: Int? = nil, rule: TriviaTable.StartRule = .whenFull, rounds: Int? = nil,
        questionTime: Double = 1, resultTime: Double = 0.1, judge: PressJudge = PressJudge(), heartbeat: HeartbeatConfiguration = .init(interval: .milliseconds(100), timeout: .seconds(3))
    ) async throws -> TriviaTestHost {
        let host = try await TestHost.start(capacity: admitting ?? capacity, heartbeat: heartbeat)
        var settings = TriviaSettings()
        settings.mode = mode
        settings.rounds = rounds
        settings.questionTime = Int64(questionTime * 1_000_000)
        settings.resultTime = Int64(resultTime * 1_000_000)
        settings.judge = judge
        let table = TriviaTable(bank: bank, settings: settings, startRule: rule, capacity: capacity)
        var logger = Logger(label: "test.trivia")
        logger.logLevel = .critical
        let events = Box<[TriviaHostEvent]>([])
        let trivia = TriviaHost(session: host.server.session, table: table, logger: logger) { event in
            events.mutate { $0.append(event) }
        }
        return TriviaTestHost(host: host, events: events, task: Task { await trivia.run() })
    }

    /// Messages the host sent, in order, with their recipients.
    var sent: [(message: TriviaServerMessage, to: [PeerID])] {
        events.mutate { events in
            events.compactMap { event in
                if case .sent(let message, let to) = event { return (message, to) }
                return nil
            }
        }
    }

    func stop() async {
        await host.server.shutdown()
        await task.value
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

/// A player driven by a test: its updates are collected, and it can wait for one.
final class ScriptedPlayer: Sendable {
    let session: PlayerSession
    let player: TriviaPlayer
    let seen = Box<[TriviaServerMessage]>([])
    private let feeding: Task<Void, Never>

    /// A player on `session`; with `botSeed`, a ``TriviaBot`` answers every question.
    init(_ session: PlayerSession, botSeed: UInt64? = nil) {
        self.session = session
        let player = TriviaPlayer(session: session)
        self.player = player
        let bot = botSeed.map { TriviaBot(player: player, rng: SplitMix64(seed: $0), thinking: 0.05...0.5) }
        let seen = self.seen
        let reader = Task { _ = await player.run() }
        feeding = Task {
            for await update in player.updates {
                seen.mutate { $0.append(update) }
                bot?.react(to: update)
            }
            await reader.value
        }
    }

    var id: PeerID { session.me.id }

    /// Waits for the first update (from the start, or after `skipping` updates) that `match` accepts.
    func wait<T: Sendable>(within seconds: Double = 10, skipping: Int = 0, _ match: @escaping @Sendable (TriviaServerMessage) -> T?) async -> T? {
        let found = Box<T?>(nil)
        _ = await eventually(within: seconds) {
            let hit = self.seen.mutate { $0.dropFirst(skipping).lazy.compactMap(match).first }
            found.mutate { $0 = hit }
            return hit != nil
        }
        return found.mutate { $0 }
    }

    func question(_ number: Int) async -> QuestionAsked? {
        await wait { if case .question(let asked) = $0, asked.number == number { asked } else { nil } }
    }

    func result(_ number: Int) async -> QuestionResult? {
        await wait { if case .result(let result) = $0, result.number == number { result } else { nil } }
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

    var rejections: [AnswerRejected] {
        seen.mutate { $0.compactMap { if case .rejected(let rejected) = $0 { rejected } else { nil } } }
    }

    var accepted: [AnswerAccepted] {
        seen.mutate { $0.compactMap { if case .accepted(let accepted) = $0 { accepted } else { nil } } }
    }

    var results: [QuestionResult] {
        seen.mutate { $0.compactMap { if case .result(let result) = $0 { result } else { nil } } }
    }

    /// Sends a raw answer, bypassing the device's own checks (as a buggy or hostile client would).
    func sendRaw(question: Int, choice: Int, pressedAt: Int64 = Press.now()) throws {
        try session.send(TriviaClientMessage.answer(AnswerGiven(question: question, choice: choice, pressedAt: pressedAt)))
    }

    func quit() async {
        await session.quit()
        await feeding.value
    }
}

extension TriviaPlayerState.PressOutcome {
    /// Whether the press went to the host.
    var wasSent: Bool {
        if case .send = self { return true }
        return false
    }
}
