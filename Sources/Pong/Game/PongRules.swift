import GameRuntime
import Vocabulary

/// Pong's rules, and the authority on the court: a game (``PongMatch``) simulated at
/// ``Court/ticksPerSecond``. The lobby around it is ``LobbyCycle``'s.
///
/// The first two players waiting play (left, then right, in order of arrival); everyone else
/// present watches: watchers, and whoever joins during a game, are told the roles and get every
/// court state, and wait in the lobby for the next game. Players send only intents (where they
/// want their paddle): the host clamps them and moves each paddle at most ``Court/paddleSpeed``
/// a tick, so no client can teleport its paddle. While a game runs the table wakes every tick
/// (``nextWake(of:)``), simulates the ticks due and sends the court to everyone present. A
/// player leaving (or removed by the host) forfeits: the other wins. A player who is away keeps
/// its seat and its paddle stays where it was. The host may pause (nothing moves, no court is
/// sent), go on (the clock goes on from where it stopped) and end (the one ahead wins, none when
/// level); Pong has no turn to skip nor answer to mark.
public struct PongRules: GameRules {
    public typealias ClientMessage = PongClientMessage
    public typealias ServerMessage = PongServerMessage
    /// Pong keeps no notes for the host.
    public typealias Note = Never

    /// The most ticks simulated at one wake-up: a host that fell further behind (a stalled
    /// process) drops the time rather than rushing the ball.
    public static let maxCatchUp = 6
    public static let minimumPlayers = 2
    public static var usualStartRule: StartRule { PongSettings.defaultStartRule }
    /// Whoever joins during a game watches it.
    public static let lateJoinersAllowed = true

    /// The rules.
    public let settings: PongSettings
    private var seeds: SplitMix64

    /// Pong by `settings`; each game's serves are drawn from the next seed of `seed`.
    public init(settings: PongSettings, seed: UInt64) {
        self.settings = settings
        self.seeds = SplitMix64(seed: seed)
    }

    /// The first two waiting play; the others watch (and wait for the next game).
    public func seat(_ waiting: [Peer]) -> (players: [Peer], waiting: [Peer]) {
        (Array(waiting.prefix(2)), Array(waiting.dropFirst(2)))
    }

    public mutating func start(_ players: [Peer], number: Int, at moment: RoundMoment) -> (Round, [Effect]) {
        let roles = Roles(game: number, left: players[0], right: players[1], points: settings.points)
        let round = Round(match: PongMatch(roles: roles, seed: seeds.next()), epoch: moment.now)
        return (round, [.announce(.roles(roles), to: audience(of: round, at: moment)), court(round, at: moment)])
    }

    /// While a game runs: the next tick's time (nil while paused).
    public func nextWake(of round: Round) -> Int64? {
        round.pausedAt == nil ? Court.time(ofTick: round.match.tick + 1, epoch: round.epoch) : nil
    }

    /// Everyone who hears the game: its players still here (after a forfeit, the winner only)
    /// and the watchers.
    public func audience(of round: Round, at moment: RoundMoment) -> [PeerID] {
        let game = round.match
        let sides = game.ended == .forfeit ? game.winner.map { [$0] } ?? [] : Side.allCases
        return sides.map { game.roles[$0].id } + moment.waiting.map(\.id)
    }

    public func isPaused(_ round: Round) -> Bool { round.pausedAt != nil }

    /// Over: the result to everyone (sent with the last court by ``over(_:at:)``).
    public func ending(of round: Round, at moment: RoundMoment) -> RoundEnding<ServerMessage>? {
        guard let final = Self.final(round.match) else { return nil }
        let everyone = audience(of: round, at: moment)
        let players = [round.match.roles.left, round.match.roles.right].filter { everyone.contains($0.id) }
        return RoundEnding(message: .gameOver(final), audience: everyone, players: players)
    }

    // MARK: Events

    /// During a game it watches: it is told the roles (the court follows at the next tick).
    public func arrived(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> Arrival<Effect> {
        .waits([.send(.roles(round.match.roles), to: [peer.id])])
    }

    /// A watcher leaving changes nothing; a player leaving forfeits the game.
    public func left(_ peer: Peer, reason: ByeReason, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard let side = round.match.roles.side(of: peer.id) else { return [] }
        round.match.end(.forfeit, winner: side.opposite)
        return over(round, at: moment)
    }

    /// An away player's paddle stays where it is.
    public func away(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard let side = round.match.roles.side(of: peer.id) else { return [] }
        round.match.hold(side)
        return []
    }

    /// A player or watcher back is told the roles.
    public func back(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] {
        audience(of: round, at: moment).contains(peer.id) ? [.send(.roles(round.match.roles), to: [peer.id])] : []
    }

    /// A paddle intent (nil: not a Pong message, refused as `malformed`). While paused it is
    /// kept, and the paddle moves when the game goes on.
    public func received(_ message: PongClientMessage?, from id: PeerID, arrivedAt: Int64, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard case .paddle(let intent) = message else { return Self.refuse(.malformed, id) }
        guard let side = round.match.roles.side(of: id) else { return Self.refuse(.notPlaying, id) }
        round.match.want(side, at: intent.y)
        return []
    }

    public func refusedBetweenGames(_ message: PongClientMessage?, from id: PeerID) -> [Effect] {
        Self.refuse(message == nil ? .malformed : .noGame, id)
    }

    /// Simulates the ticks due (at most ``maxCatchUp``), telling everyone each point and then
    /// the court.
    public func woke(round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard round.pausedAt == nil else { return [] }
        var due = Court.tick(at: moment.now, epoch: round.epoch)
        if due - round.match.tick > Self.maxCatchUp {
            round.epoch += Court.time(ofTick: due - round.match.tick - Self.maxCatchUp, epoch: 0)
            due = round.match.tick + Self.maxCatchUp
        }
        var effects: [Effect] = []
        while round.match.tick < due, !round.match.isOver {
            if let side = round.match.step() {
                let point = PointScored(scorer: round.match.roles[side].id, side: side, score: round.match.score)
                effects.append(.announce(.point(point), to: audience(of: round, at: moment)))
            }
        }
        if round.match.isOver { return effects + over(round, at: moment) }
        return effects + [court(round, at: moment)]
    }

    // MARK: Commands

    /// Nothing moves and no court is sent.
    public func pause(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.pausedAt = moment.now
        return [.announce(.pause(PauseStatus(paused: true)), to: audience(of: round, at: moment))]
    }

    /// The clock goes on from where it stopped.
    public func unpause(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.epoch += max(0, moment.now - (round.pausedAt ?? moment.now))
        round.pausedAt = nil
        return [.announce(.pause(PauseStatus(paused: false)), to: audience(of: round, at: moment))]
    }

    /// Game over now: the one ahead wins, none when level.
    public func end(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.match.end(.endedByHost)
        return over(round, at: moment)
    }

    /// Skip (`nothingToSkip`: no turn or question) and mark (`nothingToMark`) are refused.
    public func command(_ command: HostCommand, round: inout Round, at moment: RoundMoment) -> [Effect] {
        [.refused(CommandRefusal(command, command == .skip ? .nothingToSkip : .nothingToMark))]
    }

    // MARK: Helpers

    private static func refuse(_ reason: PongRefusal, _ id: PeerID) -> [Effect] { [.send(.refused(Refused(reason: reason)), to: [id])] }

    /// The court, to everyone who hears the game, as the latest state of key `court` (over
    /// datagrams where they pass, else coalesced on the link: only the newest matters).
    func court(_ round: Round, at moment: RoundMoment) -> Effect {
        .state(.court(round.match.view), key: "court", to: audience(of: round, at: moment))
    }

    /// The game is over: the last court and the result to everyone.
    func over(_ round: Round, at moment: RoundMoment) -> [Effect] {
        guard let final = Self.final(round.match) else { return [] }
        return [court(round, at: moment), .announce(.gameOver(final), to: audience(of: round, at: moment))]
    }

    /// The result of a game that is over.
    static func final(_ game: PongMatch) -> PongFinal? {
        guard game.isOver else { return nil }
        return PongFinal(winner: game.winner.map { game.roles[$0].id }, ended: game.ended ?? .endedByHost, score: game.score, roles: game.roles)
    }
}
