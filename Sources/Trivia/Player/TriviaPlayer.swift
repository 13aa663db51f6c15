import GameRuntime
import Vocabulary

/// A player's side of a trivia game: ``GamePlayer`` keeps the ``TriviaPlayerState``; this adds
/// its actions, pressing an answer or the buzzer (stamped with this device's clock).
public typealias TriviaPlayer = GamePlayer<TriviaPlayerState>

extension GamePlayer where Model == TriviaPlayerState {
    /// Presses answer `choice` (0-based) now: sends it unless the state says it cannot count.
    @discardableResult
    public func press(_ choice: Int) -> TriviaPlayerState.PressOutcome {
        let outcome = update { $0.press(choice, now: MonotonicClock.now()) }
        if case .send(let answer) = outcome { send(TriviaClientMessage.answer(answer)) }
        return outcome
    }

    /// Presses the buzzer now (buzzer mode): sends it unless the state says it cannot count.
    @discardableResult
    public func buzz() -> TriviaPlayerState.BuzzOutcome {
        let id = me.id
        let outcome = update { $0.buzz(me: id, now: MonotonicClock.now()) }
        if case .send(let pressed) = outcome { send(TriviaClientMessage.buzz(pressed)) }
        return outcome
    }

    /// Chooses team `number` (1-based, in the lobby's order; team mode, `choose`): sends it
    /// unless the state says it cannot count.
    @discardableResult
    public func chooseTeam(_ number: Int) -> TriviaPlayerState.TeamOutcome {
        let outcome = model.chooseTeam(number)
        if case .send(let choice) = outcome { send(TriviaClientMessage.team(choice)) }
        return outcome
    }
}
