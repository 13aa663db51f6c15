import Vocabulary

/// A game's host from game to game, the same for every game: a lobby where players gather until
/// the start rule is met (``Lobby``), a round of the game (its ``GameRules``), and back to the
/// lobby with the round's players first. Pure: every event takes the moment and returns effects
/// for ``GameHost``.
///
/// `lobby -> playing -> (paused -> playing) -> over -> lobby -> ... (rematch: lobby -> playing)`
///
/// The cycle owns what every game had to write again: the countdown and the host's start and
/// rematch commands, kicks, the guards of pause and unpause, the refusal of start while a game
/// runs, and the ending told again to players who were away when it was sent (``MissedEnding``).
/// The rules own the round; ``GameRules/ending(of:at:)`` says when it is over.
///
/// The lobby's status reaches everyone waiting at most once per 50 ms while players come and go
/// or choose teams (one status for a crowd arriving together, not one per arrival); a joiner (and
/// a player who chose a team) is told it alone at once; a countdown starting or stopping, a game
/// starting or ending, and the host's choice of the next quiz are told at once.
public struct LobbyCycle<Rules: GameRules>: GameTable {
    public typealias ClientMessage = Rules.ClientMessage
    public typealias ServerMessage = Rules.ServerMessage
    public typealias Note = Rules.Note

    /// Where the host is.
    public enum State: Sendable {
        /// Between games: players wait in ``LobbyCycle/lobby``.
        case lobby
        /// A round runs (paused or not: ``GameRules/isPaused(_:)``).
        case playing(Rules.Round)
    }

    /// The game's rules (its settings, and what it draws rounds from).
    public internal(set) var rules: Rules
    /// Where the host is.
    public internal(set) var state: State = .lobby
    /// Players waiting for the next game (during a round: those who watch), and the countdown.
    public internal(set) var lobby: Lobby
    /// How many games have started.
    public internal(set) var gamesPlayed = 0
    /// The last game's ending, for players who were away when it was sent.
    var missedEnding = MissedEnding<ServerMessage>()
    /// The lobby's status owed to everyone waiting, told when the batch is due.
    var statusBatch = LobbyStatusBatch()

    /// A host in its lobby admitting at most `capacity` players, whose first game starts by
    /// `startRule` (after a scheduled first game, by ``GameRules/usualStartRule``).
    public init(rules: Rules, startRule: StartRule, capacity: Int) {
        self.rules = rules
        self.lobby = Lobby(rule: startRule, capacity: capacity, minimum: Rules.minimumPlayers, later: Rules.usualStartRule)
    }

    /// The round under way.
    public var round: Rules.Round? {
        if case .playing(let round) = state { return round }
        return nil
    }

    /// The lobby's countdown or its owed status (whichever comes first), or when the round
    /// wants waking.
    public var nextWake: Int64? {
        switch state {
        case .lobby:
            guard let due = statusBatch.due else { return lobby.startsAt }
            return lobby.startsAt.map { min($0, due) } ?? due
        case .playing(let round): return rules.nextWake(of: round)
        }
    }

    public static func logRecord(for effect: Effect) -> GameLogRecord? { Rules.logRecord(for: effect) }
    public var commandKeys: [GameCommandKey] { rules.commandKeys }

    // MARK: Events

    /// A scheduled start's countdown, on the host's screen and the TV from the start.
    public mutating func opened(at moment: GameMoment) -> [Effect] {
        lobby.startsAt == nil ? [] : lobbyStatus(now: moment.now)
    }

    /// In the lobby it waits (a game may start now) and is told the lobby at once, the others
    /// with the next batch; during a round the rules place it.
    public mutating func joined(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        guard case .playing = state else {
            lobby.add(peer)
            return lobbyChanged(at: moment, toldAtOnce: peer.id)
        }
        var waits: [Effect]?
        let played = play(at: moment) { rules, round, at in
            switch rules.arrived(peer, round: &round, at: at) {
            case .plays(let effects): return effects
            case .waits(let effects):
                waits = effects
                return []
            }
        }
        guard let waits else { return played }
        lobby.add(peer)
        return played + waits + toldAlone(peer.id, now: moment.now)
    }

    /// Whoever leaves no longer waits; during a round the rules hear it.
    public mutating func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect] {
        let waited = lobby.remove(peer.id)
        missedEnding.playerLeft(peer.id)
        guard case .playing = state else { return waited ? lobbyChanged(at: moment) : [] }
        return play(at: moment) { rules, round, at in rules.left(peer, reason: reason, round: &round, at: at) }
    }

    /// A player's link dropped: it may miss the ending; during a round the rules hear it.
    public mutating func away(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        missedEnding.playerAway(peer.id)
        guard case .playing = state else { return [] }
        return play(at: moment) { rules, round, at in rules.away(peer, round: &round, at: at) }
    }

    /// A player who was away is back: in the lobby it is told the ending it missed (once) and
    /// the lobby; during a round the rules tell it the round.
    public mutating func back(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        let missed = missedEnding.playerBack(peer.id)
        guard case .playing = state else {
            guard lobby.contains(peer.id) else { return [] }
            let ending: [Effect] = missed.map { .retell($0, to: [peer.id]) }
            return ending + toldAlone(peer.id, now: moment.now)
        }
        return play(at: moment) { rules, round, at in rules.back(peer, round: &round, at: at) }
    }

    /// A player's message: between games the rules' answer (when it changed the lobby, its
    /// sender hears the lobby's status at once, everyone waiting with the next batch), during a
    /// round the round's move.
    public mutating func received(_ message: ClientMessage?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect] {
        guard case .playing = state else {
            switch rules.receivedBetweenGames(message, from: id, at: moment) {
            case .answered(let effects): return effects
            case .changed(let effects): return effects + statusOwed(at: moment, toldAtOnce: id)
            }
        }
        return play(at: moment) { rules, round, at in rules.received(message, from: id, arrivedAt: arrivedAt, round: &round, at: at) }
    }

    /// Starts a game when the countdown ends (a countdown over with too few waiting is over all
    /// the same: the lobby says so), else tells the owed status once its batch is due; during a
    /// round the rules move it on.
    public mutating func woke(at moment: GameMoment) -> [Effect] {
        guard case .playing = state else {
            switch lobby.woke(now: moment.now) {
            case .start: return startGame(at: moment)
            case .tooFew: return lobbyStatus(now: moment.now)
            case .notYet: return statusBatch.isDue(now: moment.now) ? batchedStatus(now: moment.now) : []
            }
        }
        return play(at: moment) { rules, round, at in rules.woke(round: &round, at: at) }
    }

    // MARK: The cycle

    /// Runs one event on the round; when the round is over its players are back in the lobby
    /// first, the ending is kept for whoever missed it, and the lobby says what comes next.
    mutating func play(at moment: GameMoment, _ event: (Rules, inout Rules.Round, RoundMoment) -> [Effect]) -> [Effect] {
        guard case .playing(var round) = state else { return [] }
        let at = RoundMoment(moment, waiting: lobby.waiting)
        let effects = event(rules, &round, at)
        guard let ending = rules.ending(of: round, at: at) else {
            state = .playing(round)
            return effects
        }
        if let message = ending.message { missedEnding.gameEnded(with: message, personal: ending.personal, to: ending.audience) }
        rules.roundEnded(round)
        state = .lobby
        lobby.gameEnded(players: ending.players, now: moment.now)
        return effects + [.gameEnded] + lobbyStatus(now: moment.now)
    }

    /// A game starts with the players the rules seat; the others wait on.
    mutating func startGame(at moment: GameMoment) -> [Effect] {
        statusBatch.settled()  // the game is the news now; watchers are told the lobby as it is when it ends
        let (players, waiting) = rules.seat(lobby.start())
        for peer in waiting { lobby.add(peer) }
        gamesPlayed += 1
        missedEnding.gameStarted()
        let (round, effects) = rules.start(players, number: gamesPlayed, at: RoundMoment(moment, waiting: lobby.waiting))
        state = .playing(round)
        let started: [Effect] = [.gameStarted(lateJoinersAllowed: Rules.lateJoinersAllowed)]
        return started + play(at: moment) { _, _, _ in effects }
    }

    /// The players waiting changed: a game starts, or a countdown starting or stopping is told
    /// to everyone at once, or the status is owed (`toldAtOnce`, a joiner, hears it now).
    private mutating func lobbyChanged(at moment: GameMoment, toldAtOnce id: PeerID? = nil) -> [Effect] {
        let countdown = lobby.startsAt
        if lobby.playersChanged(now: moment.now) { return startGame(at: moment) }
        guard lobby.startsAt == countdown else {
            let status = lobbyStatus(now: moment.now)  // the rules hear who waits (a joiner placed) first
            return (id.map(rules.lobbyFacts(for:)) ?? []) + status
        }
        return statusOwed(at: moment, toldAtOnce: id)
    }

    /// The lobby changed in a way that can wait: everyone waiting hears it with the batch
    /// (``LobbyStatusBatch``); `id`, if any, hears it alone now. The rules hear who waits now
    /// all the same (trivia places a joiner on a team before anything else can happen).
    private mutating func statusOwed(at moment: GameMoment, toldAtOnce id: PeerID?) -> [Effect] {
        rules.lobbyChanged(lobby.waiting)
        statusBatch.changed(now: moment.now, waiting: lobby.waiting.count)
        guard let id else { return [] }
        statusBatch.told(id)
        return rules.lobbyFacts(for: id) + [.send(rules.lobbyMessage(lobby.status(now: moment.now)), to: [id])]
    }

    /// The lobby's status to player `id` alone, after what the rules tell it alone beside it (a
    /// terminal prints the status as it comes: the player's own facts must be there already).
    private mutating func toldAlone(_ id: PeerID, now: Int64) -> [Effect] {
        let status = lobbyMessage(now: now)  // the rules hear who waits first
        return rules.lobbyFacts(for: id) + [.send(status, to: [id])]
    }

    /// The lobby's status, to everyone waiting (to nobody when nobody waits: the host's screen
    /// still shows it), at once: nothing is owed any more.
    mutating func lobbyStatus(now: Int64) -> [Effect] {
        statusBatch.settled()
        return [.announce(lobbyMessage(now: now), to: lobby.waiting.map(\.id))]
    }

    /// The owed status, to everyone waiting but those told it alone since the last change.
    private mutating func batchedStatus(now: Int64) -> [Effect] {
        let recipients = statusBatch.recipients(lobby.waiting)
        statusBatch.settled()
        return [.announce(lobbyMessage(now: now), to: recipients)]
    }

    /// The lobby's status as the game tells it, the rules told first who waits.
    mutating func lobbyMessage(now: Int64) -> ServerMessage {
        rules.lobbyChanged(lobby.waiting)
        return rules.lobbyMessage(lobby.status(now: now))
    }
}
