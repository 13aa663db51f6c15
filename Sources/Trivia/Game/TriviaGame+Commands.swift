import GameRuntime
import Vocabulary

extension TriviaGame {
    /// Whether the host paused the game.
    public var isPaused: Bool { pausedAt != nil }

    /// The host pauses at `now`: every player is told; nothing is due and answers are refused
    /// until ``unpause(now:)``. Nothing happens when already paused or not under way.
    public mutating func pause(now: Int64) -> [Action] {
        guard pausedAt == nil, isUnderWay else { return [] }
        pausedAt = now
        return [.announce(.pause(PauseStatus(paused: true)), to: playerIDs)]
    }

    /// The game goes on at `now`: every deadline (the open question's, the result's) moves by
    /// the time paused; the players are told, with the open question's new deadline (none while
    /// a buzzer answer awaits the host's mark: the question's clock stands still until then).
    public mutating func unpause(now: Int64) -> [Action] {
        guard let since = pausedAt else { return [] }
        pausedAt = nil
        let shift = max(0, now - since)
        var status = PauseStatus(paused: false)
        switch state {
        case .asking(var round):
            round.askedAt += shift
            round.deadline += shift
            round.firstCorrectClose = round.firstCorrectClose.map { $0 + shift }
            round.buzzers.shift(by: shift)
            state = .asking(round)
            // A buzzer answer awaiting its mark: the question's clock still stands still.
            if round.buzzers.holder == nil {
                status.deadline = round.deadline
                status.leftMs = max(0, round.deadline - now) / 1000
            }
        case .showingResult(let number, let until):
            state = .showingResult(number: number, until: until + shift)
        case .ready, .over:
            break
        }
        return [.announce(.pause(status), to: playerIDs)]
    }

    /// The host skips at `now`: the open question closes at once (`skipped`; the answers given
    /// so far count), or the result shown is cut short (the next question, or the end).
    public mutating func skip(now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        switch state {
        case .asking(let round):
            return close(round, because: .skipped, now: now)
        case .showingResult(let number, _):
            return number < questions.count ? ask(number + 1, now: now, clocks: clocks) : finish(.questionsDone)
        case .ready, .over:
            return []
        }
    }

    /// The host ends the game: game over now, with the standings as they are (`endedByHost`).
    public mutating func end() -> [Action] { isOver ? [] : finish(.endedByHost) }

    /// Between the first question and the end.
    private var isUnderWay: Bool {
        switch state {
        case .asking, .showingResult: true
        case .ready, .over: false
        }
    }
}
