import GameRuntime
import Matchmaking
import SnapGame
import Testing

/// The rules as a pure state machine.
@Suite struct RulesTests {
    @Test func aDeckIsDealtRoundRobinFromTheSeedAndConserved() {
        let game = SnapMatch(seed: 7, players: [ann, bob, cy])
        #expect(game.seats.map(\.cards) == [18, 17, 17])
        #expect(game.conserves52)
        #expect(game.seats.allSatisfy { $0.faceUp.isEmpty })
        #expect(SnapMatch(seed: 7, players: [ann, bob, cy]) == game)
        #expect(SnapMatch(seed: 8, players: [ann, bob, cy]) != game)
        let deck = Card.shuffledDeck(seed: 7)
        #expect(game.seats[1].faceDown.first == deck[1])  // the second card went to the second seat
        #expect(game.turnPlayer == ann.id)
    }

    @Test func aFlipMovesTheTopCardAndPassesTheTurn() throws {
        var game = SnapMatch(seed: 1, players: [ann, bob])
        let top = try #require(game.seatOf(ann).faceDown.last)
        #expect(game.flip(by: ann.id) == .success(top))
        #expect(game.seatOf(ann).top == top)
        #expect(game.turnPlayer == bob.id)
        #expect(game.flips == 1 && game.seq == 1)
        #expect(game.conserves52)
    }

    @Test func aFlipOutOfTurnIsRejectedAndChangesNothing() {
        var game = SnapMatch(seed: 1, players: [ann, bob, cy])
        let before = game
        #expect(game.flip(by: bob.id) == .failure(.notYourTurn))
        #expect(game.flip(by: PeerID(rawValue: 9)) == .failure(.notPlaying))
        #expect(game == before)
    }

    @Test func aValidSnapWinsEveryMatchingFaceUpPileUnderTheSnappersPile() {
        var game = SnapMatch(arranged: [
            (ann, [card(2)], [card(5), card(7, 0)]),
            (bob, [card(3)], [card(9), card(7, 1)]),
            (cy, [card(4)], [card(8)]),
        ])
        #expect(game.hasMatch)
        #expect(game.snap(by: cy.id) == .won(cards: 4, from: [ann.id, bob.id]))
        #expect(game.seatOf(cy).faceDown == [card(7, 0), card(5), card(7, 1), card(9), card(4)])  // Ann's pile turned over, then Bob's, under Cy's
        #expect(game.seatOf(cy).faceUp == [card(8)])
        #expect(game.seatOf(ann).faceUp.isEmpty && game.seatOf(bob).faceUp.isEmpty)
        #expect(!game.hasMatch)
        #expect(game.turnPlayer == ann.id)  // the turn does not move
    }

    @Test func aFalseSnapPaysOneCardToEachOtherPlayer() {
        var game = SnapMatch(arranged: [
            (ann, [card(2), card(3)], [card(5)]),
            (bob, [card(4)], [card(6)]),
            (cy, [card(10)], [card(8)]),
        ])
        #expect(!game.hasMatch)
        #expect(game.snap(by: ann.id) == .paid(to: [bob.id, cy.id]))
        #expect(game.cards(ann) == 1 && game.cards(bob) == 3 && game.cards(cy) == 3)
        #expect(game.seatOf(bob).faceDown == [card(3), card(4)])  // under the pile
        #expect(game.seatOf(cy).faceDown == [card(2), card(10)])
        #expect(game.seatOf(ann).top == card(5))  // paid from face-down first
    }

    @Test func aFalseSnapWithAnEmptyFaceDownPilePaysFromTheFaceUpBottomAndCanPutThePlayerOut() {
        var game = SnapMatch(arranged: [
            (ann, [], [card(5)]),
            (bob, [card(4)], [card(6)]),
            (cy, [card(10)], [card(8)]),
        ])
        #expect(game.snap(by: ann.id) == .paid(to: [bob.id]))  // one card: Bob is paid, Cy is not
        #expect(game.seatOf(ann).status == .out)
        #expect(game.cards(bob) == 3 && game.cards(cy) == 2)
        #expect(!game.isOver)
    }

    @Test func aPlayerWhosePileIsWonWithNothingFaceDownIsOut() {
        var game = SnapMatch(arranged: [
            (ann, [], [card(7, 0)]),
            (bob, [card(3)], [card(7, 1)]),
            (cy, [card(4)], [card(8)]),
        ], turn: 1)
        #expect(game.snap(by: bob.id) == .won(cards: 2, from: [ann.id, bob.id]))
        #expect(game.seatOf(ann).status == .out)
        #expect(game.flip(by: ann.id) == .failure(.notPlaying))
        #expect(!game.isOver)
    }

    @Test func theLastPlayerHoldingCardsWins() {
        var game = SnapMatch(arranged: [
            (ann, [], [card(7, 0)]),
            (bob, [card(3)], [card(7, 1)]),
        ])
        #expect(game.snap(by: bob.id) == .won(cards: 2, from: [ann.id, bob.id]))
        #expect(game.outcome == SnapMatch.Outcome(winners: [bob.id], ended: .lastPlayer))
        #expect(game.isOver && game.turnPlayer == nil)
        #expect(game.flip(by: bob.id) == .failure(.gameOver))
        #expect(game.snap(by: bob.id) == .refused(.gameOver))
    }

    @Test func aPlayerWithOnlyFaceUpCardsTurnsThePileOverOnTheirTurn() {
        var game = SnapMatch(arranged: [
            (ann, [], [card(2), card(3), card(4)]),
            (bob, [card(9)], [card(6)]),
        ])
        #expect(game.flip(by: ann.id) == .success(card(2)))  // the bottom of the face-up pile comes up first
        #expect(game.seatOf(ann).faceDown == [card(4), card(3)])
        #expect(game.seatOf(ann).faceUp == [card(2)])
    }

    @Test func aPlayerWhoLeavesTakesTheirCardsOutOfPlayAndTheRestPlayOn() {
        var game = SnapMatch(seed: 3, players: [ann, bob, cy])
        _ = game.flip(by: ann.id)
        let held = game.cards(bob)
        let bobLeft = game.leave(bob.id)
        #expect(bobLeft)
        #expect(game.removed.count == held)
        #expect(game.cardsInPlay + game.removed.count == 52)
        #expect(game.conserves52)
        #expect(game.turnPlayer == cy.id)  // Bob's turn passes on
        #expect(!game.isOver)
        let cyLeft = game.leave(cy.id)
        #expect(cyLeft)
        #expect(game.outcome == SnapMatch.Outcome(winners: [ann.id], ended: .lastPlayer))
        let again = game.leave(cy.id)
        #expect(!again)
    }

    @Test func theFlipLimitEndsTheGameAndTheMostCardsWin() {
        var game = SnapMatch(arranged: [
            (ann, [card(2), card(3)], []),
            (bob, [card(9)], []),
        ], maxFlips: 2)
        _ = game.flip(by: ann.id)
        #expect(!game.isOver)
        _ = game.flip(by: bob.id)
        #expect(game.outcome == SnapMatch.Outcome(winners: [ann.id], ended: .flipLimit))
    }

    /// Many games with random (legal and illegal) events: 52 cards at every step, every game ends.
    @Test(arguments: 0..<40) func randomGamesConserveTheDeckAndEnd(seed: UInt64) {
        let players = [ann, bob, cy, Peer(id: PeerID(rawValue: 4), name: "Dee")].prefix(2 + Int(seed % 3))
        var game = SnapMatch(seed: seed, players: Array(players), maxFlips: 3_000)
        var rng = SplitMix64(seed: seed &* 31)
        var steps = 0
        while !game.isOver {
            steps += 1
            let who = players.randomElement(using: &rng)!.id
            switch rng.next() % 100 {
            case 0: game.leave(who)
            case 1...3: _ = game.snap(by: who)  // often false
            case 4...40: if game.hasMatch { _ = game.snap(by: who) }
            default: if let turn = game.turnPlayer { _ = game.flip(by: turn) }
            }
            #expect(game.conserves52)
            #expect(steps < 20_000)
            if steps >= 20_000 { break }
        }
        #expect(game.isOver)
    }
}
