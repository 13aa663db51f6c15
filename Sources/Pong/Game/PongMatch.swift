import GameRuntime
import Glibc
import Vocabulary

/// One game of Pong as a pure, deterministic simulation counted in ticks: the ball, the paddles
/// (each moving towards its player's wish at most ``Court/paddleSpeed`` a tick), the score, and
/// the serve after each point (``Court/servePause`` ticks, then a random direction from the
/// game's seed). The table turns host time into ticks; the same seed and the same intents at the
/// same ticks give the same game.
public struct PongMatch: Hashable, Sendable {
    /// Who plays which side.
    public let roles: Roles
    /// Points that win.
    public var points: Int { roles.points }
    /// Ticks simulated so far.
    public private(set) var tick = 0
    /// The ball.
    public private(set) var ball: Ball
    /// Where the paddles are.
    public private(set) var paddles: Paddles
    /// Where each player wants its paddle (clamped to the court).
    public private(set) var wanted: Paddles
    /// The score.
    public private(set) var score = Score()
    /// The tick at which the waiting ball is served (nil: a rally runs).
    public private(set) var serveAt: Int?
    /// Paddle hits in the current rally.
    public private(set) var hits = 0
    /// How the game ended, once it did.
    public private(set) var ended: PongEnd?
    /// The winner, once the game is over (nil then too when the host ended a level game).
    public private(set) var winner: Side?
    private var rng: SplitMix64

    /// A game between `roles`, serves drawn from `seed`; the first serve comes after
    /// ``Court/servePause`` ticks.
    public init(roles: Roles, seed: UInt64) {
        self.roles = roles
        self.rng = SplitMix64(seed: seed)
        let middle = Court.height / 2
        ball = Ball(x: Court.width / 2, y: middle)
        paddles = Paddles(left: middle, right: middle)
        wanted = paddles
        serveAt = Court.servePause
    }

    /// Whether the game is over.
    public var isOver: Bool { ended != nil }

    /// `side`'s player wants its paddle's centre at `y` (clamped to the court).
    public mutating func want(_ side: Side, at y: Double) { wanted[side] = Court.clampPaddle(y) }

    /// `side`'s paddle stays where it is (its player is away).
    public mutating func hold(_ side: Side) { wanted[side] = paddles[side] }

    /// The game ends now: a forfeit (`winner` is the player still here), or the host's end (the
    /// one ahead wins; none when level).
    public mutating func end(_ how: PongEnd, winner: Side? = nil) {
        guard ended == nil else { return }
        ended = how
        switch how {
        case .forfeit, .points: self.winner = winner
        case .endedByHost: self.winner = score.left == score.right ? nil : score.left > score.right ? .left : .right
        }
    }

    /// Simulates one tick: the paddles move, then the ball (served when due; bouncing off the
    /// walls and the paddles). Returns the side that scored, if the ball crossed a goal line.
    public mutating func step() -> Side? {
        guard ended == nil else { return nil }
        tick += 1
        for side in Side.allCases {
            let gap = wanted[side] - paddles[side]
            paddles[side] += min(max(gap, -Court.paddleSpeed), Court.paddleSpeed)
        }
        if let serveAt {
            guard tick >= serveAt else { return nil }
            serve()
        }
        let before = ball
        ball.x += ball.vx
        ball.y += ball.vy
        bounceOffWalls()
        for side in Side.allCases where crossesFace(of: side, from: before) { hitOrMiss(side, from: before) }
        let r = Court.ballRadius
        if ball.x + r < 0 { return scored(.right) }
        if ball.x - r > Court.width { return scored(.left) }
        return nil
    }

    /// The court as players see it (numbers rounded to 1/100 of a unit).
    public var view: CourtState {
        func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        let shown = Ball(x: round(ball.x), y: round(ball.y), vx: round(ball.vx), vy: round(ball.vy))
        let serveIn = serveAt.map { max(0, $0 - tick) * 1000 / Court.ticksPerSecond }
        return CourtState(
            game: roles.game, tick: tick, ball: shown, paddles: Paddles(left: round(paddles.left), right: round(paddles.right)), score: score,
            serveInMs: serveIn)
    }

    /// Puts the ball at `ball`, a rally running (tests set up a shot with it).
    mutating func place(_ ball: Ball) {
        self.ball = ball
        serveAt = nil
    }

    // MARK: The ball

    private mutating func serve() {
        serveAt = nil
        hits = 0
        let towards: Side = rng.next() & 1 == 0 ? .left : .right
        let angle = (Double(rng.next() % 2001) / 1000 - 1) * Court.maxServeAngle
        let direction = towards == .left ? -1.0 : 1.0
        ball = Ball(x: Court.width / 2, y: Court.height / 2, vx: direction * Court.serveSpeed * cos(angle), vy: Court.serveSpeed * sin(angle))
    }

    private mutating func bounceOffWalls() {
        let r = Court.ballRadius
        if ball.y < r {
            ball.y = 2 * r - ball.y
            ball.vy = abs(ball.vy)
        } else if ball.y > Court.height - r {
            ball.y = 2 * (Court.height - r) - ball.y
            ball.vy = -abs(ball.vy)
        }
    }

    /// Whether the ball's leading edge went through `side`'s face plane this tick, moving towards it.
    private func crossesFace(of side: Side, from before: Ball) -> Bool {
        let r = Court.ballRadius
        let face = Court.face(side)
        switch side {
        case .left: return ball.vx < 0 && before.x - r >= face && ball.x - r < face
        case .right: return ball.vx > 0 && before.x + r <= face && ball.x + r > face
        }
    }

    /// At the face: within the paddle (its half height plus the ball's radius) the ball goes
    /// back, faster, at an angle set by where it hit (the centre flat, the ends steepest);
    /// otherwise it goes on towards the goal line.
    private mutating func hitOrMiss(_ side: Side, from before: Ball) {
        let r = Court.ballRadius
        let face = Court.face(side)
        let edge = side == .left ? face + r : face - r
        let fraction = (before.x - edge) / (before.x - ball.x)
        let y = min(max(before.y + (ball.y - before.y) * fraction, r), Court.height - r)
        let reach = Court.paddleHeight / 2 + r
        let offset = (y - paddles[side]) / reach
        guard abs(offset) <= 1 else { return }
        let speed = min((ball.vx * ball.vx + ball.vy * ball.vy).squareRoot() * Court.speedUp, Court.maxSpeed)
        let angle = offset * Court.maxBounceAngle
        let direction = side == .left ? 1.0 : -1.0
        ball = Ball(x: edge, y: y, vx: direction * speed * cos(angle), vy: speed * sin(angle))
        hits += 1
    }

    private mutating func scored(_ side: Side) -> Side {
        score[side] += 1
        let middle = Court.height / 2
        ball = Ball(x: Court.width / 2, y: middle)
        if score[side] >= points {
            end(.points, winner: side)
        } else {
            serveAt = tick + Court.servePause
        }
        return side
    }
}
