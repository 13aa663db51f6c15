import GameRuntime
import Matchmaking
import Testing

/// A toy game for the cycle: each player's `{"kind":"tick"}` counts one; the round is over at
/// `target` ticks (or when the host ends it, or when fewer than two players are left), the
/// player who ticked last winning.
struct CountRules: GameRules {
    struct Tick: Codable, Hashable, Sendable { var kind = "tick" }
    enum News: Hashable, Sendable, LobbyTelling, Encodable {
        case lobby(LobbyStatus), count(Int), paused(Bool), over(winner: PeerID?), refused(String)
        func encode(to encoder: any Encoder) throws {}
    }
    struct Round: Hashable, Sendable {
        var players: [Peer]
        var count = 0
        var last: PeerID?
        var pausedAt: Int64?
        var endedByHost = false
    }
    typealias ClientMessage = Tick
    typealias ServerMessage = News
    typealias Note = Never

    static let minimumPlayers = 2
    static let usualStartRule = StartRule.whenFull
    static let lateJoinersAllowed = false
    var target = 3

    func start(_ players: [Peer], number: Int, at moment: RoundMoment) -> (Round, [Effect]) {
        (Round(players: players), [.announce(.count(0), to: players.map(\.id))])
    }
    func nextWake(of round: Round) -> Int64? { nil }
    func audience(of round: Round, at moment: RoundMoment) -> [PeerID] { round.players.map(\.id) }
    func isPaused(_ round: Round) -> Bool { round.pausedAt != nil }
    func ending(of round: Round, at moment: RoundMoment) -> RoundEnding<News>? {
        guard round.count >= target || round.endedByHost || round.players.count < 2 else { return nil }
        return RoundEnding(message: .over(winner: round.last), audience: round.players.map(\.id), players: round.players)
    }
    func arrived(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> Arrival<Effect> { .waits([]) }
    func left(_ peer: Peer, reason: ByeReason, round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.players.removeAll { $0.id == peer.id }
        return round.players.count < 2 ? over(round) : []
    }
    func received(_ message: Tick?, from id: PeerID, arrivedAt: Int64, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard message != nil, round.players.contains(where: { $0.id == id }), round.pausedAt == nil else { return [.send(.refused("no"), to: [id])] }
        round.count += 1
        round.last = id
        return [.announce(.count(round.count), to: audience(of: round, at: moment))] + (round.count >= target ? over(round) : [])
    }
    func refusedBetweenGames(_ message: Tick?, from id: PeerID) -> [Effect] { [.send(.refused("noGame"), to: [id])] }
    func woke(round: inout Round, at moment: RoundMoment) -> [Effect] { [] }
    func pause(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.pausedAt = moment.now
        return [.announce(.paused(true), to: audience(of: round, at: moment))]
    }
    func unpause(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.pausedAt = nil
        return [.announce(.paused(false), to: audience(of: round, at: moment))]
    }
    func end(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.endedByHost = true
        return over(round)
    }
    func command(_ command: HostCommand, round: inout Round, at moment: RoundMoment) -> [Effect] {
        [.refused(CommandRefusal(command, command == .skip ? .nothingToSkip : .nothingToMark))]
    }
    private func over(_ round: Round) -> [Effect] { [.announce(.over(winner: round.last), to: round.players.map(\.id))] }
}

typealias CountTable = LobbyCycle<CountRules>

@Suite struct LobbyCycleTests {
    static func peer(_ id: UInt32) -> Peer { Peer(id: PeerID(rawValue: id), name: "P\(id)") }
    static func at(_ s: Int64) -> GameMoment { GameMoment(now: s * 1_000_000) }
    let p1 = peer(1), p2 = peer(2), p3 = peer(3)

    @Test func aFullLobbyStartsAndTheEndedRoundsPlayersWaitFirst() {
        var table = CountTable(rules: CountRules(), startRule: .whenFull, capacity: 2)
        _ = table.joined(p1, at: Self.at(0))
        let started = table.joined(p2, at: Self.at(1))
        #expect(started.first == .gameStarted(lateJoinersAllowed: false))
        #expect(table.gamesPlayed == 1 && table.lobby.waiting.isEmpty)
        // A third comes during the round: it waits, and is told the lobby.
        #expect(table.joined(p3, at: Self.at(2)) == [.send(.lobby(table.lobby.status(now: 2_000_000)), to: [p3.id])])
        _ = table.received(.init(), from: p1.id, arrivedAt: 0, at: Self.at(3))
        _ = table.received(.init(), from: p2.id, arrivedAt: 0, at: Self.at(3))
        let last = table.received(.init(), from: p1.id, arrivedAt: 0, at: Self.at(4))
        // The rules' game over first, then the cycle's ending and the lobby.
        #expect(last.suffix(3).map(\.kind) == ["announce", "gameEnded", "announce"])
        #expect(last.contains(.announce(.over(winner: p1.id), to: [p1.id, p2.id])))
        #expect(table.round == nil)
        #expect(table.lobby.waiting.map(\.id) == [p1.id, p2.id, p3.id])
    }

    @Test func theCycleAnswersTheCommonCommandsAndTheRulesTheirOwn() {
        var table = CountTable(rules: CountRules(), startRule: .after(60_000_000), capacity: 4)
        #expect(table.command(.rematch, at: Self.at(0)) == [.refused(CommandRefusal(.rematch, .noGameYet))])
        #expect(table.command(.pause, at: Self.at(0)) == [.refused(CommandRefusal(.pause, .noGame))])
        _ = table.joined(p1, at: Self.at(0))
        #expect(table.command(.startNow, at: Self.at(0)) == [.refused(CommandRefusal(.startNow, .tooFewPlayers(needed: 2, waiting: 1)))])
        _ = table.joined(p2, at: Self.at(0))
        #expect(table.command(.startNow, at: Self.at(1)).first == .gameStarted(lateJoinersAllowed: false))
        #expect(table.command(.startNow, at: Self.at(1)) == [.refused(CommandRefusal(.startNow, .gameUnderWay))])
        #expect(table.command(.unpause, at: Self.at(1)) == [.refused(CommandRefusal(.unpause, .notPaused))])
        #expect(table.command(.pause, at: Self.at(1)) == [.announce(.paused(true), to: [p1.id, p2.id])])
        #expect(table.command(.pause, at: Self.at(1)) == [.refused(CommandRefusal(.pause, .alreadyPaused))])
        #expect(table.command(.skip, at: Self.at(1)) == [.refused(CommandRefusal(.skip, .nothingToSkip))])
        // A command the game did not declare: refused, saying which commands there are.
        let unknown = HostCommand.game(GameCommand("hide", ["answer": .integer(2)]))
        #expect(table.command(unknown, at: Self.at(1)) == [.refused(CommandRefusal(unknown, .unknownCommand(known: [])))])
        #expect("\(CommandRefusal(unknown, .unknownCommand(known: [])))".hasPrefix("unknown command \"hide\": the commands are startNow, skip"))
        #expect(table.command(.kick(p3.id), at: Self.at(1)) == [.refused(CommandRefusal(.kick(p3.id), .noSuchPlayer(p3.id)))])
        #expect(table.command(.kick(p2.id), at: Self.at(1)) == [.kick(p2.id)])
        let ended = table.command(.end, at: Self.at(2))
        #expect(ended.contains(.gameEnded) && table.round == nil)
        #expect(table.command(.rematch, at: Self.at(3)).first == .gameStarted(lateJoinersAllowed: false))
    }

    @Test func aPlayerAwayAtTheEndIsToldItOnceWhenBackThenTheLobby() {
        var table = CountTable(rules: CountRules(target: 1), startRule: .whenFull, capacity: 2)
        _ = table.joined(p1, at: Self.at(0))
        _ = table.joined(p2, at: Self.at(0))
        _ = table.away(p2, at: Self.at(1))
        _ = table.received(.init(), from: p1.id, arrivedAt: 0, at: Self.at(2))
        let back = table.back(p2, at: Self.at(3))
        #expect(back.first == .retell(.over(winner: p1.id), to: [p2.id]))
        #expect(back.count == 2)
        _ = table.away(p2, at: Self.at(4))
        #expect(table.back(p2, at: Self.at(5)).count == 1)  // the lobby only: told once
    }

    /// A seeded random walk: whatever comes, the cycle keeps its promises: `gameStarted` and
    /// `gameEnded` alternate and say whether a round runs; nobody both waits and plays; the
    /// waiting are present, each once; every command is done or refused; a round starts with
    /// at least the minimum.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64]) func randomWalk(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let everyone = (1...6).map { Self.peer(UInt32($0)) }
        var table = CountTable(rules: CountRules(target: 5), startRule: [.whenFull, .after(3_000_000)][pick(2)], capacity: 4)
        var present: [Peer] = []
        var playing = false
        var now: Int64 = 0
        for step in 0..<600 {
            now += Int64(pick(2_000_000))
            let moment = GameMoment(now: now)
            var effects: [CountTable.Effect]
            let absent = everyone.filter { peer in !present.contains(peer) }
            switch pick(7) {
            case 0 where !absent.isEmpty && present.count < 4:
                let peer = absent[pick(absent.count)]
                present.append(peer)
                effects = table.joined(peer, at: moment)
            case 1 where !present.isEmpty:
                let peer = present.remove(at: pick(present.count))
                effects = table.left(peer, reason: .userQuit, at: moment)
            case 2 where !present.isEmpty:
                effects = table.away(present[pick(present.count)], at: moment)
            case 3 where !present.isEmpty:
                effects = table.back(present[pick(present.count)], at: moment)
            case 4 where !present.isEmpty:
                effects = table.received(pick(5) == 0 ? nil : .init(), from: present[pick(present.count)].id, arrivedAt: now, at: moment)
            case 5:
                let commands: [HostCommand] = [.startNow, .skip, .pause, .unpause, .end, .rematch, .game(GameCommand("mark")), .kick(PeerID(rawValue: UInt32(pick(7))))]
                effects = table.command(commands[pick(commands.count)], at: moment)
                #expect(!effects.isEmpty, "step \(step): a command got no answer")
            default:
                effects = table.nextWake.map { $0 <= now ? table.woke(at: moment) : [] } ?? []
            }
            for effect in effects {
                if case .gameStarted = effect {
                    #expect(!playing, "step \(step): started twice")
                    playing = true
                    #expect((table.round?.players.count ?? 0) >= CountRules.minimumPlayers || effects.contains(.gameEnded), "step \(step)")
                }
                if case .gameEnded = effect {
                    #expect(playing, "step \(step): ended without a start")
                    playing = false
                }
                if case .kick(let id) = effect, let peer = present.first(where: { $0.id == id }) {
                    present.removeAll { $0.id == id }
                    for follow in table.left(peer, reason: .kicked, at: moment) {
                        if case .gameEnded = follow { playing = false }
                    }
                }
            }
            #expect(playing == (table.round != nil), "step \(step)")
            let waiting = table.lobby.waiting.map(\.id)
            #expect(Set(waiting).count == waiting.count, "step \(step): someone waits twice")
            #expect(Set(waiting).isSubset(of: Set(present.map(\.id))), "step \(step): an absent player waits")
            let players = Set(table.round?.players.map(\.id) ?? [])
            #expect(players.isDisjoint(with: waiting), "step \(step): a player waits while it plays")
        }
    }
}

extension GameEffect {
    /// The case's name, for comparing orders.
    var kind: String {
        switch self {
        case .announce: "announce"
        case .send: "send"
        case .retell: "retell"
        case .state: "state"
        case .gameStarted: "gameStarted"
        case .gameEnded: "gameEnded"
        case .note: "note"
        case .kick: "kick"
        case .refused: "refused"
        }
    }
}
