import GameRuntime
import Matchmaking
import SnapGame
import Testing

/// A player whose link dropped keeps its seat and cards; its turns are skipped until it is back.
@Suite struct SnapAwayTests {
    func changed(_ game: inout SnapMatch, _ id: PeerID, _ isAway: Bool) -> Bool { game.setAway(id, isAway) }

    @Test func anAwayPlayersTurnIsSkippedAndItKeepsItsCards() {
        var game = SnapMatch(seed: 1, players: [ann, bob, cy])
        let bobCards = game.seatOf(bob).cards
        #expect(changed(&game, bob.id, true))
        _ = game.flip(by: ann.id)
        #expect(game.turnPlayer == cy.id, "Bob is skipped")
        #expect(game.flip(by: bob.id) == .failure(.notYourTurn))
        #expect(game.seatOf(bob).cards == bobCards)
        #expect(changed(&game, bob.id, false))
        _ = game.flip(by: cy.id)
        _ = game.flip(by: ann.id)
        #expect(game.turnPlayer == bob.id, "back, Bob plays again")
        #expect(game.conserves52)
    }

    @Test func theTurnMovesOnAtOnceWhenItsPlayerGoes() {
        var game = SnapMatch(seed: 1, players: [ann, bob])
        #expect(game.turnPlayer == ann.id)
        #expect(changed(&game, ann.id, true))
        #expect(game.turnPlayer == bob.id)
        #expect(!changed(&game, ann.id, true), "no news")
    }

    @Test func withEveryoneAwayTheTurnWaitsAndMovesToWhoeverIsBack() {
        var game = SnapMatch(seed: 1, players: [ann, bob])
        _ = game.setAway(ann.id, true)
        _ = game.setAway(bob.id, true)
        #expect(game.turnPlayer != nil)
        _ = game.setAway(ann.id, false)
        #expect(game.turnPlayer == ann.id)
    }

    @Test func theTableTellsEveryoneAndTheReturningPlayerGetsItsCards() throws {
        var table = SnapTable(settings: SnapSettings(), capacity: 3, seed: 5)
        for peer in [ann, bob, cy] { _ = table.joined(peer, at: GameMoment(now: 0)) }
        let away = table.away(bob, at: GameMoment(now: 1))
        let state = try #require(away.compactMap { if case .announce(.table(let state), _) = $0 { state } else { nil } }.first)
        #expect(state.event.type == "away")
        #expect(state.seats.first { $0.id == bob.id }?.away == true)
        #expect(SnapText.table(state).first == "away: Bob is reconnecting; their turns are skipped")
        let back = table.back(bob, at: GameMoment(now: 2))
        let sent = try #require(back.compactMap { if case .announce(.table(let state), let to) = $0 { (state, to) } else { nil } }.first)
        #expect(sent.0.event.type == "back")
        #expect(sent.1.contains(bob.id), "Bob sees the table again, his cards with it")
        #expect(sent.0.seats.first { $0.id == bob.id }?.away == nil)
        #expect(sent.0.seats.first { $0.id == bob.id }?.cards == table.game?.seatOf(bob).cards)
    }

    @Test func aPlayerAwayWhenTheGameEndedIsToldTheResultWhenBackThenTheLobby() throws {
        var table = SnapTable(settings: SnapSettings(), capacity: 2, seed: 5)
        for peer in [ann, bob] { _ = table.joined(peer, at: GameMoment(now: 0)) }
        #expect(table.game != nil)
        _ = table.away(bob, at: GameMoment(now: 1))
        let ended = table.command(.end, at: GameMoment(now: 2))
        let final = try #require(ended.compactMap { if case .announce(.gameOver(let final), _) = $0 { final } else { nil } }.first)
        let back = table.back(bob, at: GameMoment(now: 3))
        #expect(back.first == .retell(.gameOver(final), to: [bob.id]), "told again, as no news to the room")
        #expect(back.dropFirst().allSatisfy { if case .send(.lobby, [bob.id]) = $0 { true } else { false } })
        #expect(back.count == 2)
    }
}
