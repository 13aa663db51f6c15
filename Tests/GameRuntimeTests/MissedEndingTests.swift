import GameRuntime
import Matchmaking
import Testing

/// The last game's ending reaches a player who was away when it was sent, once, and nobody else.
@Suite struct MissedEndingTests {
    let ann = PeerID(rawValue: 1), bob = PeerID(rawValue: 2), cy = PeerID(rawValue: 3)

    @Test func aPlayerAwayAtTheEndIsToldItOnceWhenBack() {
        var ending = MissedEnding<String>()
        ending.playerAway(bob)
        ending.gameEnded(with: "Ann won", to: [ann, bob, cy])
        #expect(ending.playerBack(ann) == nil, "Ann was there")
        #expect(ending.playerBack(bob) == "Ann won")
        #expect(ending.playerBack(bob) == nil, "told once")
    }

    @Test func aPlayerWhoWasBackBeforeTheEndOrLeftOrMissedAnOlderGameIsNotTold() {
        var ending = MissedEnding<String>()
        ending.playerAway(ann)
        #expect(ending.playerBack(ann) == nil)
        ending.playerAway(cy)
        ending.gameEnded(with: "first", to: [ann, bob, cy])
        ending.playerLeft(cy)
        #expect(ending.playerBack(cy) == nil, "gone for good")
        ending.playerAway(bob)
        ending.gameEnded(with: "second", to: [ann, bob, cy])
        ending.gameStarted()
        #expect(ending.playerBack(bob) == nil, "a new game started: the old ending is no news")
    }

    @Test func awayInTheLobbyBeforeTheGameCountsAtItsEnd() {
        var ending = MissedEnding<String>()
        ending.playerAway(bob)
        ending.gameStarted()
        ending.gameEnded(with: "Ann won", to: [ann, bob, cy])
        #expect(ending.playerBack(bob) == "Ann won")
    }

    @Test func someoneAwayWhoWasNotSentTheEndingIsNotToldIt() {
        var ending = MissedEnding<String>()
        ending.playerAway(bob)
        ending.playerAway(cy)
        ending.gameEnded(with: "Ann won", to: [ann, bob])  // Cy waited for the next game
        #expect(ending.playerBack(cy) == nil)
        #expect(ending.playerBack(bob) == "Ann won")
    }
}
