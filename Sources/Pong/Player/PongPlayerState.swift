import GameRuntime
import Vocabulary

/// What a player's (or a watcher's) device knows of Pong: the roles, the newest court (a court
/// of an older tick, or of another game, is ignored: states may come out of order once they go
/// over datagrams), the last point, whether the host paused and, once it came, the end. Pure. A
/// player stays from game to game: the next game's roles start it afresh.
public struct PongPlayerState: PlayerModel, Hashable {
    /// Who plays which side in the current game.
    public private(set) var roles: Roles?
    /// The newest court.
    public private(set) var court: CourtState?
    /// The last point scored in this game.
    public private(set) var lastPoint: PointScored?
    /// The end of the game, once it came (until the next game's roles).
    public private(set) var final: PongFinal?
    /// The host paused the game.
    public private(set) var paused = false
    /// Where this player last asked for its paddle (nil: not yet in this game).
    public var wanted: Double?

    /// Nothing seen yet.
    public init() {}

    /// The game is over (its result came).
    public var isOver: Bool { final != nil }

    public mutating func received(_ message: PongServerMessage, at receivedAt: Int64, hostClock: ClockEstimate?) {
        switch message {
        case .roles(let roles):
            guard roles.game != self.roles?.game || final != nil else { return }  // told again (back, or joined late)
            self = Self()
            self.roles = roles
        case .court(let court):
            guard court.game == roles?.game ?? court.game, final == nil, court.tick > self.court?.tick ?? -1 else { return }
            self.court = court
        case .point(let point):
            lastPoint = point
        case .gameOver(let final):
            (self.final, paused) = (final, false)
        case .pause(let status):
            paused = status.paused
        case .lobby, .refused:
            break
        }
    }
}
