extension TriviaGame {
    /// The questions asked so far: those whose result was given (a question still open when
    /// the game ends, the host ending it, counts for nobody).
    var questionsAsked: Int {
        switch state {
        case .ready: 0
        case .asking(let round): round.number - 1
        case .showingResult(let number, _): number
        case .over(let final): final.asked ?? 0
        }
    }

    /// The final standings: the ``scoreboard`` with, on each line, how many of the questions
    /// asked the player could answer (all of them, or for a late joiner those from the one
    /// after it joined; a player who was away for some keeps its seat, so they count).
    var finalBoard: [ScoreLine] {
        let asked = questionsAsked
        return scoreboard.map { line in
            var line = line
            line.questions = max(0, asked - (players[line.id]?.firstQuestion ?? 1) + 1)
            return line
        }
    }
}
