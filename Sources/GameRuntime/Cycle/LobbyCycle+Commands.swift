import Vocabulary

extension LobbyCycle {
    /// The host's commands. In the lobby: start now (or rematch, once a game was played) with
    /// the players waiting, kick one of them; the game's own commands go to the rules
    /// (``GameRules/commandBetweenGames(_:at:)``; one done may change what the lobby says, trivia's
    /// teams, so everyone waiting hears its status again, and each its own facts, ``GameRules/lobbyFacts(for:)``); the rest are refused (`noGame`). During a round:
    /// start and rematch are refused (`gameUnderWay`); pause (refused `alreadyPaused`), unpause
    /// (refused `notPaused`) and end go to the rules; kick removes a player who hears the round
    /// or waits; the game's own commands (skip, and those it declares) are the rules' to do or
    /// refuse. A game command the game did not declare is refused `unknownCommand` in any state.
    public mutating func command(_ command: HostCommand, at moment: GameMoment) -> [Effect] {
        func refuse(_ reason: CommandRefusal.Reason) -> [Effect] { [.refused(CommandRefusal(command, reason))] }
        if case .game(let own) = command, !commandKeys.contains(where: { $0.command.name == own.name }) {
            var known: [String] = []
            for key in commandKeys where !known.contains(key.command.name) { known.append(key.command.name) }
            return refuse(.unknownCommand(known: known))
        }
        guard case .playing(let round) = state else {
            if case .game(let own) = command {
                let effects = rules.commandBetweenGames(own, at: moment)
                let refused = effects.contains { if case .refused = $0 { true } else { false } }
                guard !refused else { return effects }
                let status = lobbyStatus(now: moment.now)  // the rules hear who waits before they tell each its facts
                return effects + lobby.waiting.flatMap { rules.lobbyFacts(for: $0.id) } + status
            }
            switch lobby.answer(command, gamesPlayed: gamesPlayed) {
            case .start: return startGame(at: moment)
            case .kick(let id): return [.kick(id)]
            case .refused(let refusal): return [.refused(refusal)]
            }
        }
        let paused = rules.isPaused(round)
        switch command {
        case .startNow, .rematch:
            return refuse(.gameUnderWay)
        case .pause:
            guard !paused else { return refuse(.alreadyPaused) }
            return play(at: moment) { rules, round, at in rules.pause(round: &round, at: at) }
        case .unpause:
            guard paused else { return refuse(.notPaused) }
            return play(at: moment) { rules, round, at in rules.unpause(round: &round, at: at) }
        case .end:
            return play(at: moment) { rules, round, at in rules.end(round: &round, at: at) }
        case .kick(let id):
            let here = lobby.contains(id) || rules.audience(of: round, at: RoundMoment(moment, waiting: lobby.waiting)).contains(id)
            return [Self.kick(id, present: here)]
        case .skip, .game:
            return play(at: moment) { rules, round, at in rules.command(command, round: &round, at: at) }
        }
    }
}
