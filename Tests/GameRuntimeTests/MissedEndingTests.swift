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
        #expect(ending.playerBack(ann).isEmpty, "Ann was there")
        #expect(ending.playerBack(bob) == ["Ann won"])
        #expect(ending.playerBack(bob).isEmpty, "told once")
    }

    @Test func aPlayerWhoWasBackBeforeTheEndOrLeftOrMissedAnOlderGameIsNotTold() {
        var ending = MissedEnding<String>()
        ending.playerAway(ann)
        #expect(ending.playerBack(ann).isEmpty)
        ending.playerAway(cy)
        ending.gameEnded(with: "first", to: [ann, bob, cy])
        ending.playerLeft(cy)
        #expect(ending.playerBack(cy).isEmpty, "gone for good")
        ending.playerAway(bob)
        ending.gameEnded(with: "second", to: [ann, bob, cy])
        ending.gameStarted()
        #expect(ending.playerBack(bob).isEmpty, "a new game started: the old ending is no news")
    }

    @Test func awayInTheLobbyBeforeTheGameCountsAtItsEnd() {
        var ending = MissedEnding<String>()
        ending.playerAway(bob)
        ending.gameStarted()
        ending.gameEnded(with: "Ann won", to: [ann, bob, cy])
        #expect(ending.playerBack(bob) == ["Ann won"])
    }

    @Test func someoneAwayWhoWasNotSentTheEndingIsNotToldIt() {
        var ending = MissedEnding<String>()
        ending.playerAway(bob)
        ending.playerAway(cy)
        ending.gameEnded(with: "Ann won", to: [ann, bob])  // Cy waited for the next game
        #expect(ending.playerBack(cy).isEmpty)
        #expect(ending.playerBack(bob) == ["Ann won"])
    }
}

@Suite struct MissedEndingPersonalTests {
    let ann = PeerID(rawValue: 1), bob = PeerID(rawValue: 2), cy = PeerID(rawValue: 3)

    @Test func aPlayerAwayIsToldItsOwnMessageBeforeTheEnding() {
        var ending = MissedEnding<String>()
        ending.playerAway(bob)
        ending.gameEnded(with: "Ann won", personal: [bob: "Bob: place 3", cy: "Cy: place 2"], to: [ann, bob, cy])
        #expect(ending.playerBack(cy).isEmpty, "Cy was there and heard its own")
        #expect(ending.playerBack(bob) == ["Bob: place 3", "Ann won"])
        #expect(ending.playerBack(bob).isEmpty, "told once")
    }

    @Test func aNewGameForgetsThePersonalMessages() {
        var ending = MissedEnding<String>()
        ending.playerAway(bob)
        ending.gameEnded(with: "Ann won", personal: [bob: "Bob: place 3"], to: [ann, bob])
        ending.gameStarted()
        ending.gameEnded(with: "Cy won", to: [ann, bob])
        #expect(ending.playerBack(bob) == ["Cy won"])
    }
}
