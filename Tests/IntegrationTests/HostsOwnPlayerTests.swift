import Logging
import Matchmaking
import SnapGame
import Testing
import Trivia

/// The host's own player (a local link in the host's process) plays a whole game beside two
/// players over TCP, and its messages are played like anyone's.
@Suite(.timeLimit(.minutes(3))) struct HostsOwnPlayerTests {
    static func local(_ host: TestHost, _ name: String) async throws -> PlayerSession {
        var logger = Logger(label: "test.local")
        logger.logLevel = .critical
        return try await host.server.joinLocally(ClientConfiguration(playerName: name), logger: logger)
    }

    @Test func triviaWithTheHostsOwnPlayerBesideTwoBots() async throws {
        let trivia = try await TriviaTestHost.start(bank: QuestionBank.embedded(), mode: .timed, capacity: 3, rounds: 3, questionTime: 4)  // time for every answer on a loaded machine
        let own = ScriptedPlayer(try await Self.local(trivia.host, "Host Player"), botSeed: 7)
        let bots = [ScriptedPlayer(try await trivia.host.join("Ann"), botSeed: 1), ScriptedPlayer(try await trivia.host.join("Bob"), botSeed: 2)]
        var finals: [FinalStandings] = []
        for player in [own] + bots { finals.append(try #require(await player.gameOver())) }
        #expect(finals.allSatisfy { $0 == finals[0] })
        #expect(Set(finals[0].standings.map(\.name)) == ["Host Player", "Ann", "Bob"])
        // Its answers were played: the host accepted one per question from it.
        let accepted = trivia.sent.filter { if case .accepted = $0.message { $0.to == [own.id] } else { false } }
        #expect(accepted.count >= 3)
        for player in [own] + bots { await player.quit() }
        await trivia.stop()
    }

    @Test func snapWithTheHostsOwnPlayerBesideTwoBots() async throws {
        var settings = SnapSettings()
        settings.maxFlips = 1_500
        let snap = try await SnapTestHost.start(capacity: 3, seed: 4, settings: settings)
        let own = SnapTestPlayer(try await Self.local(snap.host, "Host Player"), bot: (reaction: 2, jitter: 6, flip: 1, seed: 40))
        let bots = [
            SnapTestPlayer(try await snap.host.join("Ann"), bot: (reaction: 2, jitter: 6, flip: 1, seed: 41)),
            SnapTestPlayer(try await snap.host.join("Bob"), bot: (reaction: 2, jitter: 6, flip: 1, seed: 42)),
        ]
        var finals: [SnapFinal] = []
        for player in [own] + bots { finals.append(try #require(await player.gameOver(within: 150))) }
        #expect(finals.allSatisfy { $0 == finals[0] })
        #expect(finals[0].standings.reduce(0) { $0 + $1.cards } == 52)
        // Its flips were played: the replay log has flips by it.
        let flips = snap.log.filter { if case .flip(let player, _) = $0 { player == own.id } else { false } }
        #expect(!flips.isEmpty)
        for player in [own] + bots { await player.quit() }
        await snap.stop()
    }
}
