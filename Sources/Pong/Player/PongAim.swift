import GameRuntime
import Vocabulary

/// How a bot moves its paddle, as a pure value fed each court: while the ball comes towards it,
/// it aims at where the ball will cross its paddle's face (walls folded in) plus an error drawn
/// once per approach (uniform in ±`error` units: past the paddle's reach it misses); otherwise it
/// drifts back to the middle. Its wish moves at most `speed` units per court seen, so it has to
/// chase a fast, steep ball and sometimes cannot reach it.
public struct PongAim: Hashable, Sendable {
    /// The most the wish moves per court (units).
    public let speed: Double
    /// The largest aiming error (units); the paddle reaches ±``Court/paddleHeight``/2 + the ball's radius.
    public let error: Double
    /// The current wish (nil: none yet).
    public private(set) var wish: Double?
    private var approaching = false
    private var offset = 0.0
    private var rng: SplitMix64

    /// An aim moving `speed` units per court with errors up to `error`, drawn from `seed`.
    public init(speed: Double = 1.3, error: Double = 12, seed: UInt64) {
        self.speed = speed
        self.error = error
        self.rng = SplitMix64(seed: seed)
    }

    /// A new game: no wish, no approach (the error draws go on).
    public mutating func reset() {
        (wish, approaching, offset) = (nil, false, 0)
    }

    /// The next wish for `side`'s paddle after seeing `court`.
    public mutating func next(_ court: CourtState, side: Side) -> Double {
        let ball = court.ball
        let coming = court.serveInMs == nil && (side == .left ? ball.vx < 0 : ball.vx > 0)
        if coming, !approaching { offset = (Double(rng.next() % 2001) / 1000 - 1) * error }
        approaching = coming
        let target = coming ? Self.crossing(ball, side: side) + offset : Court.height / 2
        let from = wish ?? court.paddles[side]
        let moved = Court.clampPaddle(from + min(max(target - from, -speed), speed))
        wish = moved
        return moved
    }

    /// Where the ball's centre will be when it reaches `side`'s paddle face, bouncing off the walls.
    static func crossing(_ ball: Ball, side: Side) -> Double {
        guard ball.vx != 0 else { return ball.y }
        let r = Court.ballRadius
        let edge = side == .left ? Court.face(.left) + r : Court.face(.right) - r
        let ticks = max(0, (edge - ball.x) / ball.vx)
        let span = Court.height - 2 * r
        var y = (ball.y - r + ball.vy * ticks).truncatingRemainder(dividingBy: 2 * span)
        if y < 0 { y += 2 * span }
        return r + (y > span ? 2 * span - y : y)
    }
}
