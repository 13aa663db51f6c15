import GameRuntime
import Matchmaking
@testable import Pong
import Testing

/// The simulation itself, tick by tick: the serve, the walls, the paddles, points and the end.
@Suite struct MatchTests {
    let roles = Roles(game: 1, left: ann, right: bob, points: 2)

    @Test func theBallWaitsASecondThenIsServedFromTheMiddleAtServeSpeed() {
        var match = PongMatch(roles: roles, seed: 3)
        for _ in 1..<Court.servePause { _ = match.step() }
        #expect(match.ball == Ball(x: Court.width / 2, y: Court.height / 2))
        #expect(match.view.serveInMs == 1000 / Court.ticksPerSecond)
        _ = match.step()
        #expect(match.serveAt == nil && match.view.serveInMs == nil)
        let speed = (match.ball.vx * match.ball.vx + match.ball.vy * match.ball.vy).squareRoot()
        #expect(abs(speed - Court.serveSpeed) < 1e-9)
        #expect(abs(match.ball.vy / match.ball.vx) <= 0.5774)  // within 30°
    }

    @Test func serveDirectionsComeFromTheSeedBothWays() {
        func direction(_ seed: UInt64) -> Bool {
            var match = PongMatch(roles: roles, seed: seed)
            for _ in 0..<Court.servePause { _ = match.step() }
            return match.ball.vx > 0
        }
        let seeds = (1...20).map { UInt64($0) }
        #expect(seeds.map(direction) == seeds.map(direction))  // deterministic
        #expect(Set(seeds.map(direction)) == [true, false])
    }

    /// A match in a rally with the ball placed as given (paddles in the middle, wishes there).
    func rally(_ ball: Ball, seed: UInt64 = 1) -> PongMatch {
        var match = PongMatch(roles: roles, seed: seed)
        for _ in 0..<Court.servePause { _ = match.step() }
        match.place(ball)
        return match
    }

    @Test func theBallBouncesOffTheTopAndBottomWalls() {
        var match = rally(Ball(x: 50, y: 1.5, vx: 1, vy: -1))
        _ = match.step()
        #expect(match.ball.vy == 1)
        #expect(abs(match.ball.y - 1.5) < 1e-9)  // reflected about y = radius: 0.5 -> 1.5
        match.place(Ball(x: 50, y: Court.height - 1.2, vx: 1, vy: 0.5))
        _ = match.step()
        #expect(match.ball.vy == -0.5)
        #expect(match.ball.y <= Court.height - Court.ballRadius)
    }

    @Test func aPaddleHitSendsTheBallBackFasterAndItsAngleDependsOnWhereItHit() {
        // The left paddle is centred at 30: a hit at its centre goes back flat.
        var centre = rally(Ball(x: Court.face(.left) + 2, y: 30, vx: -1.5, vy: 0))
        _ = centre.step()
        #expect(centre.ball.vx > 0)
        #expect(abs(centre.ball.vy) < 1e-9)
        #expect(abs(centre.ball.vx - 1.5 * Court.speedUp) < 1e-9)
        #expect(centre.hits == 1)
        // Near its lower end: back and steeply down.
        var low = rally(Ball(x: Court.face(.left) + 2, y: 36, vx: -1.5, vy: 0))
        _ = low.step()
        #expect(low.ball.vx > 0 && low.ball.vy > 0)
        #expect(low.ball.vy > low.ball.vx)  // steeper than 45°
        // The right paddle likewise, upwards near its top.
        var high = rally(Ball(x: Court.face(.right) - 2, y: 25, vx: 1.5, vy: 0))
        _ = high.step()
        #expect(high.ball.vx < 0 && high.ball.vy < 0)
    }

    @Test func theSpeedIsCapped() {
        var match = rally(Ball(x: Court.face(.left) + 2, y: 30, vx: -Court.maxSpeed, vy: 0))
        _ = match.step()
        #expect(abs(match.ball.vx - Court.maxSpeed) < 1e-9)
    }

    @Test func aMissIsAPointForTheOtherSideAndTheNextServeWaits() {
        var match = rally(Ball(x: Court.face(.left) + 2, y: 10, vx: -1.5, vy: 0))  // far above the paddle at 30
        var scorer: Side?
        for _ in 0..<10 where scorer == nil { scorer = match.step() }
        #expect(scorer == .right)
        #expect(match.score == Score(left: 0, right: 1))
        #expect(match.serveAt == match.tick + Court.servePause)
        #expect(match.ball == Ball(x: Court.width / 2, y: Court.height / 2))
        #expect(!match.isOver)
    }

    @Test func reachingThePointsEndsTheGame() {
        var match = rally(Ball(x: Court.face(.right) - 2, y: 50, vx: 2, vy: 0))
        while match.step() == nil {}
        for _ in 0..<Court.servePause { _ = match.step() }
        match.place(Ball(x: Court.face(.right) - 2, y: 50, vx: 2, vy: 0))
        while match.step() == nil {}
        #expect(match.isOver && match.ended == .points && match.winner == .left)
        #expect(match.score == Score(left: 2, right: 0))
        let tick = match.tick
        #expect(match.step() == nil && match.tick == tick)  // nothing moves after the end
    }

    @Test func aPaddleMovesAtMostItsSpeedATickAndStaysInTheCourt() {
        var match = PongMatch(roles: roles, seed: 1)
        match.want(.left, at: -500)  // a cheating client asks for far beyond the wall
        #expect(match.wanted.left == Court.paddleHeight / 2)
        _ = match.step()
        #expect(match.paddles.left == Court.height / 2 - Court.paddleSpeed)
        for _ in 0..<100 { _ = match.step() }
        #expect(match.paddles.left == Court.paddleHeight / 2)
        match.want(.right, at: .infinity)
        #expect(match.wanted.right == Court.height / 2)  // not a number it can use: the middle
        match.want(.right, at: 40)
        match.hold(.right)
        _ = match.step()
        #expect(match.paddles.right == Court.height / 2)
    }
}
