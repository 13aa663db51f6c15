import Matchmaking
import Testing
import Trivia

/// Whole games over real loopback TCP: a host running ``TriviaHost`` and clients running
/// ``TriviaPlayer`` (as bots, or scripted).
@Suite(.timeLimit(.minutes(1))) struct TriviaGameTests {
    /// Plays a full game with three bots and checks that every client's view adds up.
    func fullGameWithThreeBots(_ mode: TriviaMode) async throws {
        let trivia = try await TriviaTestHost.start(bank: QuestionBank.embedded(), mode: mode, capacity: 3, rounds: 4, questionTime: 1)
        var players: [ScriptedPlayer] = []
        for (index, name) in ["Ann", "Bob", "Cy"].enumerated() {
            players.append(ScriptedPlayer(try await trivia.host.join(name), botSeed: UInt64(index + 1)))
        }
        var finals: [FinalStandings?] = []
        for player in players { finals.append(await player.gameOver()) }
        #expect(finals.allSatisfy { $0 != nil })
        let first = try #require(finals[0])
        #expect(first.ended == .questionsDone)
        #expect(!first.winners.isEmpty)
        for (index, player) in players.enumerated() {
            // Everyone agrees on the winners and the standings.
            #expect(finals[index] == first)
            // The final scores are the sum of the results this client saw.
            let results = player.results
            #expect(results.map(\.number) == [1, 2, 3, 4])
            var sums: [PeerID: Int] = [:]
            for result in results { for id in result.scored { sums[id, default: 0] += 1 } }
            for line in first.standings { #expect(line.points == sums[line.id, default: 0], "\(line.name) in \(mode) mode") }
            #expect(results.last?.scoreboard == first.standings.map { ScoreLine(id: $0.id, name: $0.name, points: $0.points) })
            #expect(first.asked == 4 && first.standings.allSatisfy { $0.questions == 4 })  // all played every question
            if mode == .first { #expect(results.allSatisfy { $0.scored.count <= 1 || $0.tie }) }
        }
        // The host is back in its lobby: a new player is admitted and told so.
        for player in players { await player.quit() }
        let next = ScriptedPlayer(try await trivia.host.join("Dee"))
        #expect(await next.wait { if case .lobby(let lobby) = $0 { lobby.status } else { nil } }?.players == 1)
        await next.quit()
        await trivia.stop()
    }

    @Test func aFirstModeGameOfThreeBotsReachesGameOverAndAddsUp() async throws {
        try await fullGameWithThreeBots(.first)
    }

    @Test func aTimedGameOfThreeBotsReachesGameOverAndAddsUp() async throws {
        try await fullGameWithThreeBots(.timed)
    }
}
