import Foundation
import GameRuntime
import Matchmaking
@testable import Pong
import Testing

/// The player's model and the bot's aim.
@Suite struct PlayerTests {
    let roles = Roles(game: 1, left: ann, right: bob, points: 3)

    func court(game: Int = 1, tick: Int, y: Double = 30) -> CourtState {
        CourtState(game: game, tick: tick, ball: Ball(x: 50, y: y), paddles: Paddles(left: 30, right: 30), score: Score())
    }

    @Test func theModelKeepsTheNewestCourtAndIgnoresOlderTicksAndOtherGames() {
        var model = PongPlayerState()
        model.received(.roles(roles), at: 0, hostClock: nil)
        model.received(.court(court(tick: 5, y: 5)), at: 0, hostClock: nil)
        model.received(.court(court(tick: 3, y: 3)), at: 0, hostClock: nil)
        #expect(model.court?.tick == 5 && model.court?.ball.y == 5)
        model.received(.court(court(tick: 5, y: 9)), at: 0, hostClock: nil)
        #expect(model.court?.ball.y == 5)  // the same tick again: the first stands
        model.received(.court(court(game: 0, tick: 90)), at: 0, hostClock: nil)
        #expect(model.court?.tick == 5)  // a previous game's court, late
        model.received(.court(court(tick: 6, y: 6)), at: 0, hostClock: nil)
        #expect(model.court?.tick == 6)
    }

    @Test func theNextGamesRolesStartItAfreshAndRolesToldAgainChangeNothing() {
        var model = PongPlayerState()
        model.received(.roles(roles), at: 0, hostClock: nil)
        model.received(.court(court(tick: 40)), at: 0, hostClock: nil)
        model.received(.roles(roles), at: 0, hostClock: nil)
        #expect(model.court?.tick == 40)
        let final = PongFinal(winner: ann.id, ended: .points, score: Score(left: 3, right: 1), roles: roles)
        model.received(.gameOver(final), at: 0, hostClock: nil)
        #expect(model.isOver)
        model.received(.court(court(tick: 41)), at: 0, hostClock: nil)
        #expect(model.court?.tick == 40)  // nothing after the end
        let next = Roles(game: 2, left: ann, right: bob, points: 3)
        model.received(.roles(next), at: 0, hostClock: nil)
        #expect(!model.isOver && model.court == nil && model.roles == next)
        model.received(.court(court(game: 2, tick: 1)), at: 0, hostClock: nil)
        #expect(model.court?.tick == 1)
    }

    @Test func messagesCodeAsKindTaggedJSON() throws {
        let intent = try JSONEncoder().encode(PongClientMessage.paddle(PaddleIntent(y: 12.5)))
        #expect(try JSONSerialization.jsonObject(with: intent) as? NSDictionary == ["kind": "paddle", "y": 12.5])
        let messages: [PongServerMessage] = [
            .roles(roles), .court(court(tick: 3)), .point(PointScored(scorer: bob.id, side: .right, score: Score(left: 0, right: 1))),
            .gameOver(PongFinal(winner: nil, ended: .endedByHost, score: Score(), roles: roles)), .pause(PauseStatus(paused: true)),
            .refused(Refused(reason: .notPlaying)),
        ]
        for message in messages {
            #expect(try JSONDecoder().decode(PongServerMessage.self, from: JSONEncoder().encode(message)) == message)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PongClientMessage.self, from: Data(#"{"kind":"flip"}"#.utf8)) }
    }

    @Test func theAimPredictsTheCrossingThroughWallBounces() {
        // Straight across: where it is.
        #expect(abs(PongAim.crossing(Ball(x: 50, y: 20, vx: 2, vy: 0), side: .right) - 20) < 1e-9)
        // 46 units to the right face's edge at 2 a tick: 23 ticks; 23 down from 50 meets the bottom (59) after 9, then 14 up: 45.
        #expect(abs(PongAim.crossing(Ball(x: 50, y: 50, vx: 2, vy: 1), side: .right) - 45) < 1e-9)
        // Towards the left: 45 units at 3 a tick, 15 ticks; 15 up from 10 meets the top (1) after 9, then 6 down: 7.
        #expect(abs(PongAim.crossing(Ball(x: 49, y: 10, vx: -3, vy: -1), side: .left) - 7) < 1e-9)
    }

    /// Two bots (their aims fed every court, their wishes sent as intents) play first to 5 on
    /// the real table: the games end, within a minute of play, and both sides win some.
    @Test func twoBotsFinishAGameToFiveWellWithinAMinute() {
        var winners: [PeerID] = []
        for seed in UInt64(1)...8 {
            var table = table(points: 5, seed: seed)
            var aims = [Side.left: PongAim(seed: seed &* 31), .right: PongAim(seed: seed &* 77 &+ 5)]
            var tick = 0
            var final: PongFinal?
            while final == nil, tick < 60 * 60 {
                tick += 1
                let effects = table.woke(at: at(tick: tick))
                final = effects.final
                guard let court = effects.courts.last, final == nil else { continue }
                for side in Side.allCases {
                    let wish = aims[side]!.next(court, side: side)
                    _ = table.received(.paddle(PaddleIntent(y: wish)), from: side == .left ? ann.id : bob.id, arrivedAt: 0, at: at(tick: tick))
                }
            }
            #expect(final?.ended == .points, "seed \(seed): no winner after \(tick) ticks")
            #expect(tick < 60 * 50, "seed \(seed): \(tick / 60) s")
            if let winner = final?.winner { winners.append(winner) }
        }
        #expect(Set(winners) == [ann.id, bob.id])
    }
}
