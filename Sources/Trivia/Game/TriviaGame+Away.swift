import Vocabulary

extension TriviaGame {
    /// Whether everyone taking part in `round` who is here (not away) has answered. With nobody
    /// here the question waits for its deadline: someone may come back to answer it.
    func everyoneHereAnswered(_ round: Round) -> Bool {
        let here = round.expected.subtracting(away)
        return !here.isEmpty && here.isSubset(of: round.answers.keys)
    }

    /// A player's link dropped: it keeps its points and its place in the open question, which
    /// no longer waits for it (it closes at once if everyone else here has answered).
    public mutating func playerAway(_ id: PeerID, now: Int64) -> [Action] {
        guard players[id] != nil else { return [] }
        away.insert(id)
        guard case .asking(let round) = state else { return [] }
        if everyoneHereLockedOut(round) { return close(round, because: .allLockedOut, now: now) }
        guard everyoneHereAnswered(round) else { return [] }
        return close(round, because: .everyoneAnswered, now: now)
    }

    /// A player who was away is back: it is told the game so far (its points on the
    /// scoreboard; news to the room, which hears who is back) and told again the open question
    /// with the time left, and its own answer if it gave one (buzzer mode: who is answering, or
    /// who is locked out).
    public mutating func playerBack(_ id: PeerID, now: Int64) -> [Action] {
        guard players[id] != nil, away.remove(id) != nil else { return [] }
        let next: Int
        var open: [Action] = []
        switch state {
        case .ready, .over:
            return []
        case .showingResult(let number, _):
            next = number + 1
        case .asking(let round):
            next = round.expected.contains(id) ? round.number : round.number + 1
            if round.expected.contains(id) {
                let question = round.question
                let asked = QuestionAsked(
                    number: round.number, of: questions.count, text: question.text, answers: question.answers,
                    category: question.source.category, mode: settings.mode,
                    durationMs: (round.buzzers.holder?.left ?? max(0, round.deadline - now)) / 1000, deadline: round.deadline)
                open.append(.retell(.question(asked), to: [id]))
                if let given = round.answers[id] {
                    let accepted = AnswerAccepted(question: round.number, choice: given.choice, final: settings.mode == .first)
                    open.append(.retell(.accepted(accepted), to: [id]))
                }
                if let buzzers = buzzerState(of: round, now: now) { open.append(.retell(buzzers, to: [id])) }
            }
        }
        return toldTeam(id) + [.send(.game(info(firstQuestion: next, resumed: true)), to: [id])] + open
    }
}
