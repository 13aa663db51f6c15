import GameRuntime
import Vocabulary

/// Buzzer mode (the quiz-night buzzer). The question is asked as in every mode; then:
///
/// `open -> judging (collection window) -> held (the winner answers aloud) -> marked right: result`
/// `                                               -> marked wrong: locked out, open again (or: result, all locked out)`
///
/// - **Who buzzed first** is judged as `first` mode judges answers (``PressJudge``): the host
///   waits the collection window after the first buzz arrives, then the earliest *press* wins
///   (a tie within 1 ms goes to the earliest, then the lowest id: one player answers).
/// - **The time stands still** while the winner answers and the host marks: the question's
///   clock stops at the winner's press. After a wrong answer the buzzers reopen for the players
///   not locked out with the time that was left then, but at least
///   ``TriviaSettings/reopenTime`` (or the question's whole time, if shorter).
/// - Right: the winner scores one point and the result shows (`rightAnswer`). Wrong: no
///   penalty, but that player is locked out of this question. When every player taking part
///   who is here is locked out, or the time runs out, the result shows with nobody scoring.
extension TriviaGame {
    /// The buzzers of the open question (buzzer mode).
    public struct Buzzers: Hashable, Sendable {
        /// The player who won the buzzer and answers aloud, awaiting the host's mark.
        public struct Holder: Hashable, Sendable {
            /// Who.
            public var peer: PeerID
            /// The question's time left at its press (the clock stands still meanwhile).
            public var left: Int64
        }

        /// Buzzes in the collection window, not judged yet.
        public var presses: [JudgedPress] = []
        /// When the collection window after the first of ``presses`` ends: they are judged then.
        public var judgeAt: Int64?
        /// Who answers now, if anyone.
        public var holder: Holder?
        /// Players marked wrong: they sit this question out.
        public var lockedOut: Set<PeerID> = []
        /// The player marked right (the question then closes).
        public var right: PeerID?

        /// The game went on after a pause of `shift`: the buzzes being judged moved with the
        /// question's deadline (the time left at a press stays what it was).
        mutating func shift(by shift: Int64) {
            judgeAt = judgeAt.map { $0 + shift }
            for index in presses.indices { presses[index].time += shift }
        }

        /// A player left: its buzz and its lockout go (its answering is for the caller to end).
        mutating func forget(_ id: PeerID) {
            presses.removeAll { $0.peer == id }
            if presses.isEmpty { judgeAt = nil }
            lockedOut.remove(id)
        }
    }

    /// Whether a player won the buzzer and its answer awaits the host's mark.
    public var awaitsMark: Bool {
        if case .asking(let round) = state { return round.buzzers.holder != nil }
        return false
    }

    /// A buzz arrived at `arrivedAt`; `clock` is that player's clock estimate. Nobody is told
    /// at once: the first buzz starts the collection window, and when it has passed everyone is
    /// told who won (``judgeBuzzer(_:)``). A refused buzz is answered to its sender only.
    public mutating func buzz(_ pressed: BuzzPressed, from id: PeerID, arrivedAt: Int64, clock: ClockEstimate?) -> [Action] {
        func reject(_ reason: RejectReason) -> [Action] {
            [.send(.rejected(AnswerRejected(question: pressed.question, choice: nil, reason: reason)), to: [id])]
        }
        guard case .asking(var round) = state else {
            if case .showingResult(let number, _) = state { return reject(pressed.question <= number ? .questionClosed : .unknownQuestion) }
            return reject(.noGame)
        }
        guard players[id] != nil else { return reject(.noGame) }
        guard settings.mode == .buzzer else { return reject(.wrongMode) }
        guard pausedAt == nil else { return reject(.paused) }
        guard pressed.question == round.number else { return reject(pressed.question < round.number ? .questionClosed : .unknownQuestion) }
        guard round.expected.contains(id) else { return reject(.notInThisQuestion) }
        guard !round.buzzers.lockedOut.contains(id) else { return reject(.lockedOut) }
        // The window passed before this buzz arrived (its wake-up is still on its way): judge first.
        var judged: [Action] = []
        if let judgeAt = round.buzzers.judgeAt, arrivedAt >= judgeAt {
            judged = judgeBuzzer(round)
            guard case .asking(let now) = state else { return judged }
            round = now
        }
        if let holder = round.buzzers.holder { return judged + reject(holder.peer == id ? .alreadyBuzzed : .buzzerTaken) }
        guard arrivedAt < round.closesAt else { return judged + reject(.questionClosed) }
        guard !round.buzzers.presses.contains(where: { $0.peer == id }) else { return judged + reject(.alreadyBuzzed) }
        let press = settings.judge.place(Press(peer: id, pressedAt: pressed.pressedAt, arrivedAt: arrivedAt), clock: clock)
        guard press.time <= round.deadline else { return judged + reject(.tooLate) }
        round.buzzers.presses.append(press)
        if round.buzzers.judgeAt == nil { round.buzzers.judgeAt = arrivedAt + round.window }
        state = .asking(round)
        return judged
    }

    /// The collection window passed: the earliest press wins the buzzer. Everyone is told who
    /// (`buzzed`); the host's screen is told the correct answer, to mark it.
    mutating func judgeBuzzer(_ round: Round) -> [Action] {
        var round = round
        let first = settings.judge.judge(round.buzzers.presses).order.first
        round.buzzers.presses = []
        round.buzzers.judgeAt = nil
        guard let first, let name = players[first.peer]?.peer.name else {
            state = .asking(round)
            return []
        }
        let left = max(0, round.deadline - first.time)
        round.buzzers.holder = Buzzers.Holder(peer: first.peer, left: left)
        state = .asking(round)
        let won = BuzzerWon(question: round.number, player: first.peer, name: name, leftMs: left / 1000, lockedOut: round.buzzers.lockedOut.sorted())
        let awaiting = AwaitingMark(
            question: round.number, player: first.peer, name: name, correct: round.question.correctLine)
        return [.announce(.buzzed(won), to: playerIDs), .note(.awaitingMark(awaiting))]
    }

    /// The host marks the answer of the player holding the buzzer (nothing happens when no
    /// answer awaits: the table refuses that). Everyone is told the mark; right: that player
    /// scores and the result shows; wrong: it is locked out and the buzzers reopen.
    public mutating func mark(right: Bool, now: Int64) -> [Action] {
        guard case .asking(var round) = state, let holder = round.buzzers.holder, let name = players[holder.peer]?.peer.name else { return [] }
        let marked: [Action] = [
            .announce(.marked(AnswerMarked(question: round.number, player: holder.peer, name: name, right: right)), to: playerIDs)
        ]
        if right {
            round.buzzers.right = holder.peer
            return marked + close(round, because: .rightAnswer, now: now)
        }
        round.buzzers.lockedOut.insert(holder.peer)
        return marked + reopen(round, now: now)
    }

    /// The buzzers open again (after a wrong answer, or the answering player left): the clock
    /// goes on with the time left at the holder's press, at least the reopen time (or the
    /// question's whole time, if shorter). When nobody here may buzz, the question closes.
    mutating func reopen(_ round: Round, now: Int64) -> [Action] {
        var round = round
        let left = round.buzzers.holder?.left ?? max(0, round.deadline - now)
        round.buzzers.holder = nil
        if everyoneHereLockedOut(round) { return close(round, because: .allLockedOut, now: now) }
        let time = max(left, min(settings.timeLimit(of: round.question.source), settings.reopenTime))
        round.deadline = now + time
        state = .asking(round)
        let open = BuzzersOpen(question: round.number, lockedOut: round.buzzers.lockedOut.sorted(), deadline: round.deadline, leftMs: time / 1000)
        return [.announce(.buzzersOpen(open), to: playerIDs)]
    }

    /// Buzzer mode: whether every player taking part who is here (not away) is locked out.
    func everyoneHereLockedOut(_ round: Round) -> Bool {
        guard settings.mode == .buzzer, round.buzzers.holder == nil else { return false }
        let here = round.expected.subtracting(away)
        return !here.isEmpty && here.isSubset(of: round.buzzers.lockedOut)
    }

    /// What a player coming back must know of the buzzers after the question: who is answering,
    /// or who is locked out.
    func buzzerState(of round: Round, now: Int64) -> TriviaServerMessage? {
        let lockedOut = round.buzzers.lockedOut.sorted()
        if let holder = round.buzzers.holder, let name = players[holder.peer]?.peer.name {
            return .buzzed(BuzzerWon(question: round.number, player: holder.peer, name: name, leftMs: holder.left / 1000, lockedOut: lockedOut))
        }
        guard !lockedOut.isEmpty else { return nil }
        return .buzzersOpen(BuzzersOpen(question: round.number, lockedOut: lockedOut, deadline: round.deadline, leftMs: max(0, round.deadline - now) / 1000))
    }
}
