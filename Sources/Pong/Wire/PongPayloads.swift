import Vocabulary

/// A side of the court: the left paddle or the right one.
public enum Side: String, Hashable, Sendable, Codable, CaseIterable {
    /// The left paddle (x = 0 is its goal line).
    case left
    /// The right paddle (x = ``Court/width`` is its goal line).
    case right

    /// The other side.
    public var opposite: Side { self == .left ? .right : .left }
}

/// Points won by each side.
public struct Score: Hashable, Sendable, Codable {
    /// The left player's points.
    public var left: Int
    /// The right player's points.
    public var right: Int

    /// A score.
    public init(left: Int = 0, right: Int = 0) {
        self.left = left
        self.right = right
    }

    /// One side's points.
    public subscript(side: Side) -> Int {
        get { side == .left ? left : right }
        set { if side == .left { left = newValue } else { right = newValue } }
    }

    /// `3-1` (left first).
    public var text: String { "\(left)-\(right)" }
}

/// The ball as the host simulates it, in court units (see ``Court``); velocity in units per tick.
public struct Ball: Hashable, Sendable, Codable {
    /// Across, 0 (the left goal line) to ``Court/width``.
    public var x: Double
    /// Down, 0 (the top wall) to ``Court/height``.
    public var y: Double
    /// Units per tick across (negative: towards the left).
    public var vx: Double
    /// Units per tick down.
    public var vy: Double

    /// A ball.
    public init(x: Double, y: Double, vx: Double = 0, vy: Double = 0) {
        (self.x, self.y, self.vx, self.vy) = (x, y, vx, vy)
    }
}

/// Each paddle's centre, in court units down from the top wall.
public struct Paddles: Hashable, Sendable, Codable {
    /// The left paddle's centre.
    public var left: Double
    /// The right paddle's centre.
    public var right: Double

    /// Both paddles.
    public init(left: Double, right: Double) {
        self.left = left
        self.right = right
    }

    /// One side's paddle.
    public subscript(side: Side) -> Double {
        get { side == .left ? left : right }
        set { if side == .left { left = newValue } else { right = newValue } }
    }
}

/// The court at one tick, sent by the host 60 times a second (kind `court`): only the newest
/// matters (a player keeps the highest `tick`).
public struct CourtState: Hashable, Sendable, Codable {
    /// Which game of this host it is (1, 2, ...): a court of another game is not this one's.
    public var game: Int
    /// The tick number of this game (0 at the start, one more every 1/60 s while it runs).
    public var tick: Int
    /// The ball.
    public var ball: Ball
    /// The paddles' centres.
    public var paddles: Paddles
    /// The score.
    public var score: Score
    /// While the ball waits to be served after a point (or at the start): milliseconds left.
    public var serveInMs: Int?

    /// A court state.
    public init(game: Int, tick: Int, ball: Ball, paddles: Paddles, score: Score, serveInMs: Int? = nil) {
        (self.game, self.tick, self.ball, self.paddles, self.score, self.serveInMs) = (game, tick, ball, paddles, score, serveInMs)
    }
}

/// Who plays which side (kind `roles`): sent at the start of a game to everyone present, and to
/// whoever joins or comes back during it. Everyone else watches.
public struct Roles: Hashable, Sendable, Codable {
    /// Which game of this host it is (1, 2, ...).
    public var game: Int
    /// The left player.
    public var left: Peer
    /// The right player.
    public var right: Peer
    /// Points that win the game.
    public var points: Int

    /// The roles.
    public init(game: Int, left: Peer, right: Peer, points: Int) {
        (self.game, self.left, self.right, self.points) = (game, left, right, points)
    }

    /// A side's player.
    public subscript(side: Side) -> Peer { side == .left ? left : right }

    /// The side `id` plays (nil: it watches).
    public func side(of id: PeerID) -> Side? { left.id == id ? .left : right.id == id ? .right : nil }
}

/// A point was scored (kind `point`).
public struct PointScored: Hashable, Sendable, Codable {
    /// Who scored.
    public var scorer: PeerID
    /// The scorer's side.
    public var side: Side
    /// The score after it.
    public var score: Score

    /// A point.
    public init(scorer: PeerID, side: Side, score: Score) {
        (self.scorer, self.side, self.score) = (scorer, side, score)
    }
}

/// How a game ended.
public enum PongEnd: String, Hashable, Sendable, Codable {
    /// A player reached the points that win.
    case points
    /// The other player left (or was removed by the host) during the game.
    case forfeit
    /// The host ended it (the one ahead wins; none when level).
    case endedByHost
}

/// The end of a game (kind `gameOver`).
public struct PongFinal: Hashable, Sendable, Codable {
    /// The winner (none: the host ended a level game).
    public var winner: PeerID?
    /// Why it ended.
    public var ended: PongEnd
    /// The final score.
    public var score: Score
    /// Who played which side.
    public var roles: Roles

    /// A result.
    public init(winner: PeerID?, ended: PongEnd, score: Score, roles: Roles) {
        (self.winner, self.ended, self.score, self.roles) = (winner, ended, score, roles)
    }
}

/// A player's paddle intent (kind `paddle`): where it wants its paddle's centre, in court units.
/// The host clamps it to the court and moves the paddle there at most ``Court/paddleSpeed`` a tick.
public struct PaddleIntent: Hashable, Sendable, Codable {
    /// The wanted centre, down from the top wall.
    public var y: Double

    /// An intent.
    public init(y: Double) { self.y = y }
}

/// Why a paddle intent was refused (only the sender is told).
public enum PongRefusal: String, Hashable, Sendable, Codable {
    /// No game is under way.
    case noGame
    /// The sender watches: it plays no side.
    case notPlaying
    /// Not a message this game understands.
    case malformed
}

/// A refused message.
public struct Refused: Hashable, Sendable, Codable {
    /// Why.
    public var reason: PongRefusal

    /// A refusal.
    public init(reason: PongRefusal) { self.reason = reason }
}
