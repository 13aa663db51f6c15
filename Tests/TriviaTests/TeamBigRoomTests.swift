import FoundationEssentials
import GameRuntime
import Matchmaking
import Testing

@testable import Trivia

/// Team mode in a room of thousands: what the room is sent about the teams stays the same size
/// however many play (each line names its first members and counts the rest), and each player
/// learns its own team alone: on joining, at the start, and when the next quiz changes the teams.
@Suite struct TeamBigRoomTests {
    static let crowd = (1...2_000).map { Peer(id: PeerID(rawValue: UInt32($0)), name: "Player \($0)") }

    static func bytes(_ message: TriviaServerMessage) throws -> Int { try JSONEncoder().encode(message).count }

    /// The teams told to each player alone in `effects`.
    static func ownTeams(_ effects: [TriviaTable.Effect]) -> [PeerID: Int?] {
        var told: [PeerID: Int?] = [:]
        for effect in effects { if case .send(.yourTeam(let yours), let to) = effect, to.count == 1 { told[to[0]] = yours.team } }
        return told
    }

    @Test func twoThousandPlayersOnFourTeamsAreToldTheTeamsInAFewHundredBytesAndEachItsOwn() throws {
        var settings = TeamModeTests.settings(.choose, rounds: 1)
        settings.teams = try TeamPlan(list: "Red,Blue,Amber,Green", placement: .choose)
        var table = TriviaTable(bank: TriviaTableTests.bank, settings: settings, startRule: .after(Fixture.s(600)), capacity: 3_000, rng: SplitMix64(seed: 3))
        var sizes: [Int] = []
        for (index, peer) in Self.crowd.enumerated() {
            let moment = GameMoment(now: Fixture.ms(Double(index)))
            let joined = table.joined(peer, at: moment)
            #expect(Self.ownTeams(joined) == [peer.id: nil], "\(peer.name): told alone it has no team yet")
            if index % 3 == 0 {  // a third choose, in turn
                let chose = TeamModeTests.choose(["Red", "Blue", "Amber"][index / 3 % 3], peer, &table, at: moment.now)
                #expect(Self.ownTeams(chose) == [peer.id: index / 3 % 3])
            }
            if [100, 1_000, 1_999].contains(index) {
                let lobby = try #require(TeamModeTests.lobby(table.back(Self.crowd[0], at: moment)))
                sizes.append(try Self.bytes(.lobby(lobby.lobby)))
            }
        }
        let last = try #require(TeamModeTests.lobby(table.back(Self.crowd[0], at: GameMoment(now: Fixture.s(3)))))
        #expect(last.lobby.teams?.map(\.size) == [223, 222, 222, 0] && last.lobby.stillChoosing == 1_333)
        #expect(last.lobby.teams?.allSatisfy { $0.members.count == min(TeamLine.listed, $0.size) } == true)
        #expect(last.lobby.choosing?.count == TeamLine.listed)
        #expect(sizes.allSatisfy { $0 < 1_500 } && sizes.last! <= sizes[0] + 50, "the status the room hears does not grow with it: \(sizes) bytes")

        let started = table.command(.startNow, at: GameMoment(now: Fixture.s(4)))
        let own = Self.ownTeams(started)
        #expect(own.count == 2_000, "every player told its team at the start")
        #expect(own.values.compactMap { $0 }.count == 2_000, "everyone on a team now")
        let sizesAtStart = Dictionary(grouping: own.values.compactMap { $0 }, by: { $0 }).mapValues(\.count)
        #expect(sizesAtStart == [0: 500, 1: 500, 2: 500, 3: 500], "whoever had not chosen went to the smallest teams")
        guard case .announce(.game(let info), _)? = started.first(where: { if case .announce(.game, _) = $0 { true } else { false } }) else {
            Issue.record("no game")
            return
        }
        #expect(info.teams?.map(\.size) == [500, 500, 500, 500])
        #expect(try Self.bytes(.game(info)) < 3_000)
        let over = table.command(.end, at: GameMoment(now: Fixture.s(5)))
        let standings = try #require(over.compactMap { if case .announce(.gameOver(let final), _) = $0 { final } else { nil } }.first)
        #expect(standings.teams?.map(\.size) == [500, 500, 500, 500])
        #expect(standings.teams?.allSatisfy { $0.members.count == TeamLine.listed } == true)
        let overBytes = try Self.bytes(.gameOver(standings))
        #expect(overBytes < 4_000, "a game over of 2,000 players, all tied on 0 points, is \(overBytes) bytes")
        let report = try #require(over.compactMap { if case .note(.report(let report)) = $0 { report } else { nil } }.first)
        #expect(report.teams?.map(\.members.count) == [500, 500, 500, 500], "the host's report names every member")
    }

    @Test func theNextQuizsTeamsAreToldToEachPlayerWaiting() throws {
        var table = TriviaTable(bank: TriviaTableTests.bank, settings: Game.settings(.first), startRule: .after(Fixture.s(60)), capacity: 100, rng: SplitMix64(seed: 3))
        for peer in Self.crowd.prefix(30) { _ = table.joined(peer, at: GameMoment(now: 0)) }
        var plan = NextQuizTests.plan
        plan.settings.teams = try TeamPlan(list: "Owls,Larks,Wrens", placement: .placed)
        let chosen = table.command(.game(try plan.command()), at: GameMoment(now: 1))
        let own = Self.ownTeams(chosen)
        #expect(own.count == 30 && own.values.compactMap { $0 }.count == 30)
        #expect(Self.crowd.prefix(30).map { own[$0.id] ?? nil } == (0..<30).map { $0 % 3 }, "placed in turn, as they arrived")
        #expect(TeamModeTests.lobby(chosen)?.lobby.teams?.map(\.size) == [10, 10, 10])
    }
}
