import GameRuntime
import Matchmaking

/// The Snap! host from game to game, and the judge of who snapped first: a lobby where players
/// gather until the start rule is met, a game (``SnapMatch``), and back to the lobby. Pure: every
/// event takes the moment (host monotonic microseconds and the players' clock estimates), and
/// returns effects for ``GameHost``; the replay log's entries are its notes.
///
/// **Judging.** The first snap to arrive opens a collection window (``PressJudge``'s: the
/// largest median round trip among the players, 5-150 ms). Until it closes the table is frozen
/// (flips are refused with `judging`) and every player may snap once. Each snap's time is the
/// player's press stamp converted to the host's clock with its clock offset (``PressJudge/place(_:clock:)``),
/// minus half that player's median round trip: the time the table took to reach them. So what is
/// compared is each player's reaction from seeing the card, and a player on a slow link is not
/// penalised for it. The earliest wins; within the judge's 1 ms tie tolerance the judge's order
/// decides (earlier corrected time, then lower player id). A valid snap is applied for the first
/// in order only (the others were late, not false); when the table shows no match, every snap in
/// the window was false and each pays, in judged order.
///
/// After a game its players stay: they are back in the lobby for the next game
/// (``Lobby/gameEnded(players:now:)``). The host's commands (start now, skip the player whose
/// turn it is, pause, end, rematch, kick) are in `SnapTable+Commands`.
public struct SnapTable: GameTable {
    public typealias ClientMessage = SnapClientMessage
    public typealias ServerMessage = SnapServerMessage
    /// An entry for the replay log.
    public typealias Note = SnapLogEntry

    /// Snaps being collected.
    public struct Window: Hashable, Sendable {
        /// When judging happens.
        public var closesAt: Int64
        /// The presses so far, in arrival order.
        public var presses: [Press]
    }

    /// Where the host is.
    public enum State: Sendable {
        /// Between games: players wait in ``SnapTable/lobby``.
        case lobby
        /// A game runs; `window` while snaps are being collected. Games take no late joiners.
        case playing(SnapMatch, window: Window?)
    }

    /// The rules.
    public let settings: SnapSettings
    /// Where the host is.
    public internal(set) var state: State = .lobby
    /// Players waiting for the next game (a game needs two), and the countdown.
    public internal(set) var lobby: Lobby
    /// Games started.
    public internal(set) var gamesPlayed = 0
    /// The last game's result, for players who were away when it ended.
    var missedEnding = MissedEnding<SnapServerMessage>()
    /// When the host paused the game (nil: it runs). While paused flips and snaps are refused
    /// `paused` and judging waits; going on moves the collection window by the time paused.
    public internal(set) var pausedAt: Int64?
    private var seeds: SplitMix64

    /// A host in its lobby admitting at most `capacity` players; each game's deck is shuffled
    /// with the next seed drawn from `seed`. After a scheduled first game (``StartRule/at(_:)``)
    /// games start by ``SnapSettings/defaultStartRule``.
    public init(settings: SnapSettings, capacity: Int, seed: UInt64) {
        self.settings = settings
        self.lobby = Lobby(rule: settings.startRule, capacity: capacity, minimum: 2, later: SnapSettings.defaultStartRule)
        self.seeds = SplitMix64(seed: seed)
    }

    /// The game under way.
    public var game: SnapMatch? {
        if case .playing(let game, _) = state { return game }
        return nil
    }

    /// When the countdown ends, or the collection window closes.
    public var nextWake: Int64? {
        guard pausedAt == nil else { return nil }
        return switch state {
        case .lobby: lobby.startsAt
        case .playing(_, let window): window?.closesAt
        }
    }

    // MARK: Events

    /// A scheduled start's countdown, on the host's screen and the TV from the start.
    public func opened(at moment: GameMoment) -> [Effect] {
        lobby.startsAt == nil ? [] : lobbyStatus(now: moment.now)
    }

    public mutating func joined(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        lobby.add(peer)
        guard case .lobby = state else { return [.send(.lobby(lobby.status(now: moment.now)), to: [peer.id])] }
        return lobbyChanged(now: moment.now)
    }

    public mutating func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect] {
        let (id, now) = (peer.id, moment.now)
        lobby.remove(id)
        missedEnding.playerLeft(id)
        switch state {
        case .lobby:
            return lobbyChanged(now: now)
        case .playing(var game, var window):
            guard game.leave(id) else { return [] }
            window?.presses.removeAll { $0.peer == id }
            if window?.presses.isEmpty == true { window = nil }
            return [.note(.leave(player: id))] + after(game, window: window, event: TableEvent(type: "leave", player: id), now: now)
        }
    }

    /// A flip or a snap (nil: not a Snap! message, refused as `malformed`).
    public mutating func received(_ message: SnapClientMessage?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect] {
        func refuse(_ reason: SnapRefusal, _ action: String?) -> [Effect] { [.send(.refused(Refused(action: action, reason: reason)), to: [id])] }
        guard let message else { return refuse(.malformed, nil) }
        let action = message == .flip ? "flip" : "snap"
        guard case .playing(var game, var window) = state else { return refuse(.noGame, action) }
        guard let seat = game.seat(of: id), game.seats[seat].isPlaying else { return refuse(.notPlaying, action) }
        guard pausedAt == nil else { return refuse(.paused, action) }
        switch message {
        case .flip:
            guard window == nil else { return refuse(.judging, action) }
            switch game.flip(by: id) {
            case .failure(let refusal): return refuse(refusal == .notYourTurn ? .notYourTurn : .notPlaying, action)
            case .success(let card):
                return [.note(.flip(player: id, card: card))]
                    + after(game, window: nil, event: TableEvent(type: "flip", player: id, card: card), now: arrivedAt)
            }
        case .snap(let press):
            if press.seq != game.seq, press.seq > game.seq || !game.hasMatch { return refuse(.stale, action) }
            let entry = Press(peer: id, pressedAt: press.pressedAt, arrivedAt: arrivedAt)
            if var open = window {
                guard !open.presses.contains(where: { $0.peer == id }) else { return refuse(.alreadySnapped, action) }
                open.presses.append(entry)
                window = open
            } else {
                let players = game.playing.map { game.seats[$0].peer.id }
                let span = settings.judge.collectionWindow(clocks: players.compactMap { moment.clocks[$0] })
                window = Window(closesAt: arrivedAt + span, presses: [entry])
            }
            state = .playing(game, window: window)
            return []
        }
    }

    /// Starts a game, or judges the snaps, when due. A countdown over with too few waiting (a
    /// scheduled start) is over all the same: the lobby says so, and waits for a second player.
    public mutating func woke(at moment: GameMoment) -> [Effect] {
        switch state {
        case .lobby:
            switch lobby.woke(now: moment.now) {
            case .start: return startGame(now: moment.now)
            case .tooFew: return lobbyStatus(now: moment.now)
            case .notYet: return []
            }
        case .playing(let game, let window):
            guard pausedAt == nil, let window, moment.now >= window.closesAt else { return [] }
            return judge(window, in: game, now: moment.now, clocks: moment.clocks)
        }
    }

    /// Orders the window's snaps and applies them.
    private mutating func judge(_ window: Window, in game: SnapMatch, now: Int64, clocks: [PeerID: ClockEstimate]) -> [Effect] {
        var game = game
        let placed = window.presses.map { press -> JudgedPress in
            guard settings.clockCorrection else { return JudgedPress(press: press, time: press.arrivedAt, basis: .arrival) }
            var judged = settings.judge.place(press, clock: clocks[press.peer])
            judged.time -= (clocks[press.peer]?.medianRoundTrip ?? 0) / 2
            return judged
        }
        let order = settings.judge.judge(placed).order.map(\.peer)
        var effects: [Effect] = []
        if game.hasMatch {
            let winner = order[0]
            guard case .won(let cards, let from) = game.snap(by: winner) else { preconditionFailure("a snap on a match wins") }
            effects.append(.note(.snap(player: winner, snappers: order, valid: true)))
            return effects + after(
                game, window: nil, event: TableEvent(type: "snap", player: winner, cards: cards, players: from, snappers: order), now: now)
        }
        for snapper in order where !game.isOver {
            guard case .paid(let to) = game.snap(by: snapper) else { continue }
            effects.append(.note(.snap(player: snapper, snappers: order, valid: false)))
            effects += after(game, window: nil, event: TableEvent(type: "falseSnap", player: snapper, players: to, snappers: order), now: now)
            guard case .playing(let next, _) = state else { break }
            game = next
        }
        if case .playing(let next, _) = state { state = .playing(next, window: nil) }
        return effects
    }

    // MARK: Helpers

    /// After an event: tell everyone the table, and end the game when it is over (its players
    /// still here are back in the lobby).
    mutating func after(_ game: SnapMatch, window: Window?, event: TableEvent, now: Int64) -> [Effect] {
        let everyone = game.seats.filter { $0.status != .left }.map(\.peer.id)
        var effects: [Effect] = [.send(.table(Self.view(game, event: event)), to: everyone)]
        guard let outcome = game.outcome else {
            state = .playing(game, window: window)
            return effects
        }
        let standings = Self.seats(game).sorted { ($0.cards, $1.id) > ($1.cards, $0.id) }
        let final = SnapServerMessage.gameOver(SnapFinal(winners: outcome.winners, ended: outcome.ended, standings: standings, flips: game.flips))
        effects.append(.send(final, to: everyone))
        missedEnding.gameEnded(with: final, to: everyone)
        effects.append(.note(.end(
            outcome, flips: game.flips, cards: game.seats.map { PlayerCards(id: $0.peer.id, cards: $0.cards) }, removed: game.removed.count)))
        effects.append(.gameEnded)
        state = .lobby
        pausedAt = nil
        lobby.gameEnded(players: game.seats.filter { $0.status != .left }.map(\.peer), now: now)
        return effects + lobbyStatus(now: now)
    }

    private mutating func lobbyChanged(now: Int64) -> [Effect] {
        if lobby.playersChanged(now: now) { return startGame(now: now) }
        return lobbyStatus(now: now)
    }

    /// The lobby's status, to everyone waiting (to nobody when nobody waits: the host's screen
    /// still shows it).
    private func lobbyStatus(now: Int64) -> [Effect] {
        [.send(.lobby(lobby.status(now: now)), to: lobby.waiting.map(\.id))]
    }

    mutating func startGame(now: Int64) -> [Effect] {
        let seed = seeds.next()
        let players = lobby.start()
        gamesPlayed += 1
        missedEnding.gameStarted()
        let game = SnapMatch(seed: seed, players: players, maxFlips: settings.maxFlips)
        state = .playing(game, window: nil)
        return [.gameStarted(lateJoinersAllowed: false), .note(.deal(seed: seed, maxFlips: settings.maxFlips, players: players)),
                .send(.table(Self.view(game, event: TableEvent(type: "deal"))), to: players.map(\.id))]
    }

    /// Every seat as players see it.
    static func seats(_ game: SnapMatch) -> [SeatView] {
        game.seats.map {
            SeatView(
                id: $0.peer.id, name: $0.peer.name, top: $0.top, faceDown: $0.faceDown.count, faceUp: $0.faceUp.count, status: $0.status,
                away: game.away.contains($0.peer.id) ? true : nil)
        }
    }

    /// The table as players see it.
    public static func view(_ game: SnapMatch, event: TableEvent) -> TableState {
        TableState(seq: game.seq, turn: game.turnPlayer, seats: seats(game), flips: game.flips, maxFlips: game.maxFlips, event: event)
    }
}
