import GameRuntime
import Vocabulary

extension TriviaGame {
    /// A player's answer arrived at `arrivedAt`; `clock` is that player's clock estimate. The
    /// player is told whether it counts; a refused answer changes nothing else. When it makes
    /// every player taking part answered, the question closes at once.
    public mutating func answer(_ given: AnswerGiven, from id: PeerID, arrivedAt: Int64, clock: ClockEstimate?) -> [Action] {
        func reject(_ reason: RejectReason) -> [Action] {
            [.send(.rejected(AnswerRejected(question: given.question, choice: given.choice, reason: reason)), to: [id])]
        }
        switch state {
        case .ready, .over:
            return reject(.noGame)
        case .showingResult(let number, _):
            return reject(given.question <= number ? .questionClosed : .unknownQuestion)
        case .asking(var round):
            guard players[id] != nil else { return reject(.noGame) }
            guard settings.mode != .buzzer else { return reject(.wrongMode) }
            guard pausedAt == nil else { return reject(.paused) }
            guard given.question == round.number else { return reject(given.question < round.number ? .questionClosed : .unknownQuestion) }
            guard arrivedAt < round.closesAt else { return reject(.questionClosed) }
            guard round.expected.contains(id) else { return reject(.notInThisQuestion) }
            guard round.question.answers.indices.contains(given.choice) else { return reject(.invalidChoice) }
            if settings.mode == .first, round.answers[id] != nil { return reject(.alreadyAnswered) }
            let press = settings.judge.place(Press(peer: id, pressedAt: given.pressedAt, arrivedAt: arrivedAt), clock: clock)
            guard press.time <= round.deadline else { return reject(.tooLate) }

            round.answers[id] = GivenAnswer(choice: given.choice, press: press)
            if settings.mode == .first, round.question.isCorrect(given.choice), round.firstCorrectClose == nil {
                round.firstCorrectClose = arrivedAt + round.window
            }
            let accepted: [Action] = [
                .send(.accepted(AnswerAccepted(question: round.number, choice: given.choice, final: settings.mode == .first)), to: [id])
            ]
            if everyoneHereAnswered(round) {
                return accepted + close(round, because: .everyoneAnswered, now: arrivedAt)
            }
            state = .asking(round)
            return accepted
        }
    }

    /// The collection window's end for the earliest-arriving correct answer still in the round.
    func firstCorrectClose(in round: Round) -> Int64? {
        guard settings.mode == .first else { return nil }
        let arrivals = round.answers.values.filter { round.question.isCorrect($0.choice) }.map(\.press.press.arrivedAt)
        return arrivals.min().map { $0 + round.window }
    }

    /// Asks question `number` of everyone present; they all take part in it.
    mutating func ask(_ number: Int, now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        guard !players.isEmpty else { return finish(.noPlayers) }
        let question = questions[number - 1]
        let limit = settings.timeLimit(of: question.source)
        let ids = playerIDs
        let window = settings.judge.collectionWindow(clocks: ids.compactMap { clocks[$0] })
        let round = Round(
            number: number, question: question, askedAt: now, deadline: now + limit, window: window, expected: Set(ids))
        state = .asking(round)
        let asked = QuestionAsked(
            number: number, of: questions.count, text: question.text, answers: question.answers,
            category: question.source.category, mode: settings.mode, durationMs: limit / 1000, deadline: round.deadline,
            points: question.source.points == .standard ? nil : question.source.points,
            picture: question.source.picture.flatMap { hash in settings.pictureBase.map { $0 + hash } },
            pictureOnPhones: question.source.picture != nil && settings.picturesOnPhones ? true : nil)
        return [.announce(.question(asked), to: ids)]
    }

    /// Scores the round and shows its result.
    mutating func close(_ round: Round, because reason: QuestionEnd, now: Int64) -> [Action] {
        let correct = round.answers.values.filter { round.question.isCorrect($0.choice) }.map(\.press)
        let scored: [PeerID]
        let tie: Bool
        switch settings.mode {
        case .first:
            let judgement = settings.judge.judge(correct)
            scored = judgement.winners
            tie = judgement.isTie
        case .timed:
            scored = settings.judge.judge(correct).order.map(\.peer)
            tie = false
        case .buzzer:
            scored = round.buzzers.right.map { [$0] } ?? []
            tie = false
        }
        for id in scored { players[id]?.points += round.question.source.points.value }
        record.append(Self.record(of: round))
        // Closed while paused (the last player left): the result stays up its whole time after the pause.
        state = .showingResult(number: round.number, until: (pausedAt ?? now) + settings.resultTime)
        let board = BoardCut(scoreboard, question: round.number)
        let result = QuestionResult(
            number: round.number, of: questions.count, correctChoice: round.question.correct[0],
            correctAnswer: round.question.correctAnswers.joined(separator: " / "), correctChoices: round.question.correct,
            scored: Array(scored.prefix(BoardCut.named)), tie: tie, ended: reason, scoreboard: board.lines, teams: teamStandings?.map(\.listed),
            players: board.players, scoredCount: scored.count)
        return board.standings(scoredUnnamed: Set(scored.dropFirst(BoardCut.named))) + [.announce(.result(result), to: playerIDs)]
    }

    /// Ends the game: the players with the most points win (all of them on a tie). The host's
    /// eyes get the game's report.
    mutating func finish(_ reason: GameEnd) -> [Action] {
        let board = finalBoard
        let best = board.first?.points ?? 0
        let report = self.report(board)
        let cut = BoardCut(board, question: nil)
        let winners = board.prefix { $0.points == best }.map(\.id)  // the board is best first
        var standings = FinalStandings(
            standings: cut.lines, winners: Array(winners.prefix(BoardCut.named)), points: best, ended: reason, asked: questionsAsked,
            teams: teamStandings?.map(\.listed), players: cut.players, winnerCount: winners.count)
        standings.hardest = report.hardest.map { HardestQuestion($0) }
        state = .over(standings)
        pausedAt = nil
        return cut.standings() + [.announce(.gameOver(standings), to: playerIDs), .note(.report(report))]
    }

    /// The game's report, from its final board (in team mode, each player's team and the teams'
    /// standings).
    func report(_ board: [ScoreLine]) -> GameReport {
        let lines = zip(board, BoardCut.places(board)).map { line, place in
            GameReport.Line(
                id: line.id, name: line.name, points: line.points, rank: place,
                team: teams.flatMap { roster in roster.team(of: line.id).map { roster.plan.names[$0] } })
        }
        return GameReport(title: settings.quizTitle, mode: settings.mode, players: lines, questions: record, teams: teamStandings)
    }

    /// What happened to a closed question.
    static func record(of round: Round) -> QuestionRecord {
        var given = round.answers.map { id, answer in
            QuestionRecord.Given(
                player: id, choice: answer.choice, right: round.question.isCorrect(answer.choice),
                ms: max(0, answer.press.time - round.askedAt) / 1000)
        }
        if let right = round.buzzers.right { given.append(.init(player: right, choice: nil, right: true, ms: 0)) }
        given += round.buzzers.lockedOut.map { .init(player: $0, choice: nil, right: false, ms: 0) }
        return QuestionRecord(
            number: round.number, text: round.question.text, answers: round.question.answers, correct: round.question.correct,
            players: round.expected.union(given.map(\.player)).sorted(), given: given.sorted { $0.player < $1.player })
    }
}
