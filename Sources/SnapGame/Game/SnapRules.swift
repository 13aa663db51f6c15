import GameRuntime
import Vocabulary

/// Snap!'s rules, and the judge of who snapped first. The lobby around a game is
/// ``LobbyCycle``'s; the replay log's entries are the notes.
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
/// Games take no late joiners: whoever comes during one waits for the next. A player who is
/// away has its turns skipped until it is back. The host may skip the player whose turn it is
/// (the turn passes on; a `skip` replay entry), pause (flips and snaps are refused `paused`,
/// judging waits), go on, and end (the most cards win); Snap! has no answer to mark.
public struct SnapRules: GameRules {
    public typealias ClientMessage = SnapClientMessage
    public typealias ServerMessage = SnapServerMessage
    /// An entry for the replay log.
    public typealias Note = SnapLogEntry

    public static let minimumPlayers = 2
    public static var usualStartRule: StartRule { SnapSettings.defaultStartRule }
    public static let lateJoinersAllowed = false

    /// The rules.
    public let settings: SnapSettings
    private var seeds: SplitMix64

    /// Snap! by `settings`; each game's deck is shuffled with the next seed drawn from `seed`.
    public init(settings: SnapSettings, seed: UInt64) {
        self.settings = settings
        self.seeds = SplitMix64(seed: seed)
    }

    public mutating func start(_ players: [Peer], number: Int, at moment: RoundMoment) -> (Round, [Effect]) {
        let seed = seeds.next()
        let game = SnapMatch(seed: seed, players: players, maxFlips: settings.maxFlips)
        return (Round(match: game), [
            .note(.deal(seed: seed, maxFlips: settings.maxFlips, players: players)),
            .announce(.table(Self.view(game, event: TableEvent(type: "deal"))), to: players.map(\.id)),
        ])
    }

    /// When the collection window closes (nil while paused).
    public func nextWake(of round: Round) -> Int64? {
        round.pausedAt == nil ? round.window?.closesAt : nil
    }

    /// The players still at the table.
    public func audience(of round: Round, at moment: RoundMoment) -> [PeerID] {
        round.match.seats.filter { $0.status != .left }.map(\.peer.id)
    }

    public func isPaused(_ round: Round) -> Bool { round.pausedAt != nil }

    /// Over: the result (sent by ``told(_:event:at:)``); its players still at the table play the next game.
    public func ending(of round: Round, at moment: RoundMoment) -> RoundEnding<ServerMessage>? {
        guard let final = Self.final(round.match) else { return nil }
        let seated = round.match.seats.filter { $0.status != .left }.map(\.peer)
        return RoundEnding(message: final, audience: seated.map(\.id), players: seated)
    }

    // MARK: Events

    /// Whoever comes during a game waits for the next.
    public func arrived(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> Arrival<Effect> { .waits([]) }

    /// A player leaving is removed: its cards leave play, its snap in the window too.
    public func left(_ peer: Peer, reason: ByeReason, round: inout Round, at moment: RoundMoment) -> [Effect] {
        let id = peer.id
        guard round.match.leave(id) else { return [] }
        round.window?.presses.removeAll { $0.peer == id }
        if round.window?.presses.isEmpty == true { round.window = nil }
        return [.note(.leave(player: id))] + told(round, event: TableEvent(type: "leave", player: id), at: moment)
    }

    /// A player's link dropped: its turns are skipped until it is back; everyone sees the table.
    public func away(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] {
        seatChanged(peer.id, away: true, round: &round, at: moment)
    }

    /// A player who was away is back: told the table (its cards with it).
    public func back(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] {
        seatChanged(peer.id, away: false, round: &round, at: moment)
    }

    private func seatChanged(_ id: PeerID, away: Bool, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard round.match.setAway(id, away) else { return [] }
        let entry: SnapLogEntry = away ? .away(player: id) : .back(player: id)
        return [.note(entry)] + told(round, event: TableEvent(type: away ? "away" : "back", player: id), at: moment)
    }

    /// A flip or a snap (nil: not a Snap! message, refused as `malformed`).
    public func received(_ message: SnapClientMessage?, from id: PeerID, arrivedAt: Int64, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard let message else { return Self.refuse(.malformed, nil, id) }
        let action = message == .flip ? "flip" : "snap"
        let game = round.match
        guard let seat = game.seat(of: id), game.seats[seat].isPlaying else { return Self.refuse(.notPlaying, action, id) }
        guard round.pausedAt == nil else { return Self.refuse(.paused, action, id) }
        switch message {
        case .flip:
            guard round.window == nil else { return Self.refuse(.judging, action, id) }
            switch round.match.flip(by: id) {
            case .failure(let refusal): return Self.refuse(refusal == .notYourTurn ? .notYourTurn : .notPlaying, action, id)
            case .success(let card):
                return [.note(.flip(player: id, card: card))]
                    + told(round, event: TableEvent(type: "flip", player: id, card: card), at: moment)
            }
        case .snap(let press):
            if press.seq != game.seq, press.seq > game.seq || !game.hasMatch { return Self.refuse(.stale, action, id) }
            let entry = Press(peer: id, pressedAt: press.pressedAt, arrivedAt: arrivedAt)
            if var open = round.window {
                guard !open.presses.contains(where: { $0.peer == id }) else { return Self.refuse(.alreadySnapped, action, id) }
                open.presses.append(entry)
                round.window = open
            } else {
                let players = game.playing.map { game.seats[$0].peer.id }
                let span = settings.judge.collectionWindow(clocks: players.compactMap { moment.clocks[$0] })
                round.window = Window(closesAt: arrivedAt + span, presses: [entry])
            }
            return []
        }
    }

    public func refusedBetweenGames(_ message: SnapClientMessage?, from id: PeerID) -> [Effect] {
        guard let message else { return Self.refuse(.malformed, nil, id) }
        return Self.refuse(.noGame, message == .flip ? "flip" : "snap", id)
    }

    /// Judges the snaps when the window closes.
    public func woke(round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard round.pausedAt == nil, let window = round.window, moment.now >= window.closesAt else { return [] }
        round.window = nil
        return judge(window, round: &round, at: moment)
    }

    /// Orders the window's snaps and applies them.
    private func judge(_ window: Window, round: inout Round, at moment: RoundMoment) -> [Effect] {
        let placed = window.presses.map { press -> JudgedPress in
            guard settings.clockCorrection else { return JudgedPress(press: press, time: press.arrivedAt, basis: .arrival) }
            var judged = settings.judge.place(press, clock: moment.clocks[press.peer])
            judged.time -= (moment.clocks[press.peer]?.medianRoundTrip ?? 0) / 2
            return judged
        }
        let order = settings.judge.judge(placed).order.map(\.peer)
        if round.match.hasMatch {
            let winner = order[0]
            guard case .won(let cards, let from) = round.match.snap(by: winner) else { preconditionFailure("a snap on a match wins") }
            return [.note(.snap(player: winner, snappers: order, valid: true))]
                + told(round, event: TableEvent(type: "snap", player: winner, cards: cards, players: from, snappers: order), at: moment)
        }
        var effects: [Effect] = []
        for snapper in order where !round.match.isOver {
            guard case .paid(let to) = round.match.snap(by: snapper) else { continue }
            effects.append(.note(.snap(player: snapper, snappers: order, valid: false)))
            effects += told(round, event: TableEvent(type: "falseSnap", player: snapper, players: to, snappers: order), at: moment)
        }
        return effects
    }

    // MARK: Commands

    /// Flips and snaps are refused `paused`, judging waits.
    public func pause(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.pausedAt = moment.now
        return [.announce(.pause(PauseStatus(paused: true)), to: audience(of: round, at: moment))]
    }

    /// The collection window moves by the time paused.
    public func unpause(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.window?.closesAt += max(0, moment.now - (round.pausedAt ?? moment.now))
        round.pausedAt = nil
        return [.announce(.pause(PauseStatus(paused: false)), to: audience(of: round, at: moment))]
    }

    /// Game over now: the most cards win.
    public func end(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.match.end()
        round.window = nil
        return told(round, event: TableEvent(type: "end"), at: moment)
    }

    /// Skip: the turn passes on (refused `paused` while paused); mark: `nothingToMark`.
    public func command(_ command: HostCommand, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard command == .skip else { return [.refused(CommandRefusal(command, .nothingToMark))] }
        guard round.pausedAt == nil else { return [.refused(CommandRefusal(command, .paused))] }
        guard let skipped = round.match.skipTurn() else { return [] }
        return [.note(.skip(player: skipped))] + told(round, event: TableEvent(type: "skip", player: skipped), at: moment)
    }

    // MARK: Helpers

    private static func refuse(_ reason: SnapRefusal, _ action: String?, _ id: PeerID) -> [Effect] {
        [.send(.refused(Refused(action: action, reason: reason)), to: [id])]
    }

    /// After an event: tell everyone the table; when the game is over, the result and the
    /// replay log's end entry too.
    func told(_ round: Round, event: TableEvent, at moment: RoundMoment) -> [Effect] {
        let game = round.match
        let everyone = audience(of: round, at: moment)
        let table: Effect = .announce(.table(Self.view(game, event: event)), to: everyone)
        guard let outcome = game.outcome, let final = Self.final(game) else { return [table] }
        let cards = game.seats.map { PlayerCards(id: $0.peer.id, cards: $0.cards) }
        return [table, .announce(final, to: everyone), .note(.end(outcome, flips: game.flips, cards: cards, removed: game.removed.count))]
    }

    /// The result of a game that is over.
    static func final(_ game: SnapMatch) -> SnapServerMessage? {
        guard let outcome = game.outcome else { return nil }
        let standings = seats(game).sorted { ($0.cards, $1.id) > ($1.cards, $0.id) }
        return .gameOver(SnapFinal(winners: outcome.winners, ended: outcome.ended, standings: standings, flips: game.flips))
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
