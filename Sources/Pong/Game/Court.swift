/// The court's fixed geometry and speeds, in court units (the court is ``width`` × ``height``,
/// x to the right, y down) and ticks (``ticksPerSecond`` a second). Every device draws from the
/// same numbers: a screen scales them to its cells or pixels.
public enum Court {
    /// The host simulates this many ticks a second (and sends the court after each).
    public static let ticksPerSecond = 60
    /// Across: the left goal line is x = 0, the right one x = `width`.
    public static let width = 100.0
    /// Down: the top wall is y = 0, the bottom wall y = `height`.
    public static let height = 60.0
    /// A paddle's height (its centre is what moves).
    public static let paddleHeight = 12.0
    /// The x of the left paddle's face (the right one's is `width - paddleInset`).
    public static let paddleInset = 3.0
    /// The ball's radius.
    public static let ballRadius = 1.0
    /// The most a paddle moves in a tick, whatever its player asks (90 units a second).
    public static let paddleSpeed = 1.5
    /// The ball's speed when served, in units a tick (120 units a second).
    public static let serveSpeed = 2.0
    /// Each paddle hit multiplies the ball's speed by this...
    public static let speedUp = 1.08
    /// ...up to this (units a tick; below the paddle's depth behind the face, so no hit is missed).
    public static let maxSpeed = 3.5
    /// The steepest return, off a paddle's very end (radians: 60°); the centre returns flat.
    public static let maxBounceAngle = Double.pi / 3
    /// The steepest serve (radians: 30°).
    public static let maxServeAngle = Double.pi / 6
    /// Ticks the ball waits before each serve (1 s).
    public static let servePause = ticksPerSecond

    /// The x of `side`'s paddle face.
    public static func face(_ side: Side) -> Double { side == .left ? paddleInset : width - paddleInset }

    /// The paddle centres a player may ask for: `y` kept within the walls.
    public static func clampPaddle(_ y: Double) -> Double {
        let half = paddleHeight / 2
        guard y.isFinite else { return height / 2 }
        return min(max(y, half), height - half)
    }

    /// The host time of tick `tick` of a game whose tick 0 was at `epoch` (microseconds, rounded
    /// up: ``tick(at:epoch:)`` of it is `tick`).
    public static func time(ofTick tick: Int, epoch: Int64) -> Int64 {
        epoch + (Int64(tick) * 1_000_000 + Int64(ticksPerSecond) - 1) / Int64(ticksPerSecond)
    }

    /// The last tick due at `now` for a game whose tick 0 was at `epoch`.
    public static func tick(at now: Int64, epoch: Int64) -> Int { Int(max(0, now - epoch) * Int64(ticksPerSecond) / 1_000_000) }
}
