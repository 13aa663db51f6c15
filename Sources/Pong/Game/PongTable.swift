import GameRuntime
import Matchmaking

/// The Pong host from game to game, and the authority on the court: a lobby where players gather
/// until the start rule is met, a game (``PongMatch``) simulated at ``Court/ticksPerSecond``,
/// and back to the lobby. Pure: every event takes the moment (host monotonic microseconds) and
/// returns effects for ``GameHost``.
///
/// The first two players waiting play (left, then right, in order of arrival); everyone else
/// present watches: watchers, and whoever joins during a game, are told the roles and get every
/// court state, and wait in the lobby for the next game. Players send only intents (where they
/// want their paddle): the host clamps them and moves each paddle at most ``Court/paddleSpeed``
/// a tick, so no client can teleport its paddle. While a game runs the table wakes every tick
/// (``nextWake``), simulates the ticks due and sends the court to everyone present. A player
/// leaving (or removed by the host) forfeits: the other wins. A player who is away keeps its
/// seat and its paddle stays where it was. The host's commands are in `PongTable+Commands`.
public struct PongTable: GameTable {
    public typealias ClientMessage = PongClientMessage
    public typealias ServerMessage = PongServerMessage
    /// Pong keeps no notes for the host.
    public typealias Note = Never

    /// Where the host is.
    public enum State: Hashable, Sendable {
        /// Between games: players wait in ``PongTable/lobby``.
        case lobby
        /// A game runs; its tick 0 was at `epoch` (host microseconds, moved on by the time paused).
        case playing(PongMatch, epoch: Int64)
    }

    /// The most ticks simulated at one wake-up: a host that fell further behind (a stalled
    /// process) drops the time rather than rushing the ball.
    public static let maxCatchUp = 6

    /// The rules.
    public let settings: PongSettings
    /// Where the host is.
    public internal(set) var state: State = .lobby
    /// Players waiting for the next game (during a game: the watchers), and the countdown.
    public internal(set) var lobby: Lobby
    /// Games started.
    public internal(set) var gamesPlayed = 0
    /// The last game's result, for players and watchers who were away when it ended.
    var missedEnding = MissedEnding<PongServerMessage>()
    /// When the host paused the game (nil: it runs). While paused nothing moves and no court is sent.
    public internal(set) var pausedAt: Int64?
    private var seeds: SplitMix64

    /// A host in its lobby admitting at most `capacity` people (2 play, the rest watch); each
    /// game's serves are drawn from the next seed of `seed`.
    public init(settings: PongSettings, capacity: Int, seed: UInt64) {
        self.settings = settings
        self.lobby = Lobby(rule: settings.startRule, capacity: capacity, minimum: 2, later: PongSettings.defaultStartRule)
        self.seeds = SplitMix64(seed: seed)
    }

    /// The game under way.
    public var game: PongMatch? {
        if case .playing(let game, _) = state { return game }
        return nil
    }

    /// While a game runs: the next tick's time; in the lobby: the countdown's end.
    public var nextWake: Int64? {
        switch state {
        case .lobby: lobby.startsAt
        case .playing(let game, let epoch): pausedAt == nil ? Court.time(ofTick: game.tick + 1, epoch: epoch) : nil
        }
    }

    /// Everyone who hears the game: its players still here (after a forfeit, the winner only)
    /// and the watchers.
    func audience(_ game: PongMatch) -> [PeerID] {
        let sides = game.ended == .forfeit ? game.winner.map { [$0] } ?? [] : Side.allCases
        return sides.map { game.roles[$0].id } + lobby.waiting.map(\.id)
    }

    // MARK: Events

    /// A scheduled start's countdown, on the host's screen and the TV from the start.
    public func opened(at moment: GameMoment) -> [Effect] {
        lobby.startsAt == nil ? [] : lobbyStatus(now: moment.now)
    }

    /// In the lobby: it waits for the next game. During a game it watches: it is told the roles
    /// (the court follows at the next tick) and the lobby.
    public mutating func joined(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        lobby.add(peer)
        guard let game else { return lobbyChanged(now: moment.now) }
        return [.send(.roles(game.roles), to: [peer.id]), .send(.lobby(lobby.status(now: moment.now)), to: [peer.id])]
    }

    /// A watcher leaving changes nothing but the lobby; a player leaving forfeits the game.
    public mutating func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect] {
        lobby.remove(peer.id)
        missedEnding.playerLeft(peer.id)
        guard case .playing(var game, _) = state else { return lobbyChanged(now: moment.now) }
        guard let side = game.roles.side(of: peer.id) else { return [] }
        game.end(.forfeit, winner: side.opposite)
        return over(game, now: moment.now)
    }

    /// An away player's paddle stays where it is.
    public mutating func away(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        missedEnding.playerAway(peer.id)
        guard case .playing(var game, let epoch) = state, let side = game.roles.side(of: peer.id) else { return [] }
        game.hold(side)
        state = .playing(game, epoch: epoch)
        return []
    }

    /// A player or watcher back: told the roles (during a game) or the lobby.
    public mutating func back(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        let missed = missedEnding.playerBack(peer.id)
        if let game, audience(game).contains(peer.id) { return [.send(.roles(game.roles), to: [peer.id])] }
        guard lobby.contains(peer.id) else { return [] }
        let ending: [Effect] = missed.map { [.retell($0, to: [peer.id])] } ?? []
        return ending + [.send(.lobby(lobby.status(now: moment.now)), to: [peer.id])]
    }

    /// A paddle intent (nil: not a Pong message, refused as `malformed`). While paused it is
    /// kept, and the paddle moves when the game goes on.
    public mutating func received(_ message: PongClientMessage?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect] {
        func refuse(_ reason: PongRefusal) -> [Effect] { [.send(.refused(Refused(reason: reason)), to: [id])] }
        guard case .paddle(let intent) = message else { return refuse(.malformed) }
        guard case .playing(var game, let epoch) = state else { return refuse(.noGame) }
        guard let side = game.roles.side(of: id) else { return refuse(.notPlaying) }
        game.want(side, at: intent.y)
        state = .playing(game, epoch: epoch)
        return []
    }

    /// Starts a game when the countdown ends; during a game simulates the ticks due (at most
    /// ``maxCatchUp``), telling everyone each point and then the court.
    public mutating func woke(at moment: GameMoment) -> [Effect] {
        let now = moment.now
        switch state {
        case .lobby:
            switch lobby.woke(now: now) {
            case .start: return startGame(now: now)
            case .tooFew: return lobbyStatus(now: now)
            case .notYet: return []
            }
        case .playing(var game, var epoch):
            guard pausedAt == nil else { return [] }
            var due = Court.tick(at: now, epoch: epoch)
            if due - game.tick > Self.maxCatchUp {
                epoch += Court.time(ofTick: due - game.tick - Self.maxCatchUp, epoch: 0)
                due = game.tick + Self.maxCatchUp
            }
            var effects: [Effect] = []
            while game.tick < due, !game.isOver {
                if let side = game.step() {
                    let point = PointScored(scorer: game.roles[side].id, side: side, score: game.score)
                    effects.append(.send(.point(point), to: audience(game)))
                }
            }
            if game.isOver { return effects + over(game, now: now) }
            state = .playing(game, epoch: epoch)
            return effects + [court(game)]
        }
    }

    // MARK: Helpers

    /// The court, to everyone who hears the game, as the latest state of key `court` (over
    /// datagrams where they pass, else coalesced on the link: only the newest matters).
    func court(_ game: PongMatch) -> Effect {
        .state(.court(game.view), key: "court", to: audience(game))
    }

    /// The game is over: the last court and the result to everyone, its players still here back
    /// in the lobby first.
    mutating func over(_ game: PongMatch, now: Int64) -> [Effect] {
        let final = PongFinal(winner: game.winner.map { game.roles[$0].id }, ended: game.ended ?? .endedByHost, score: game.score, roles: game.roles)
        let everyone = audience(game)
        let effects: [Effect] = [court(game), .send(.gameOver(final), to: everyone), .gameEnded]
        missedEnding.gameEnded(with: .gameOver(final), to: everyone)
        state = .lobby
        pausedAt = nil
        let players = [game.roles.left, game.roles.right].filter { peer in everyone.contains(peer.id) }
        lobby.gameEnded(players: players, now: now)
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

    /// The first two waiting play; the others watch (and wait for the next game).
    mutating func startGame(now: Int64) -> [Effect] {
        let waiting = lobby.start()
        for watcher in waiting.dropFirst(2) { lobby.add(watcher) }
        gamesPlayed += 1
        missedEnding.gameStarted()
        let roles = Roles(game: gamesPlayed, left: waiting[0], right: waiting[1], points: settings.points)
        let game = PongMatch(roles: roles, seed: seeds.next())
        state = .playing(game, epoch: now)
        return [.gameStarted(lateJoinersAllowed: true), .send(.roles(roles), to: audience(game)), court(game)]
    }
}
