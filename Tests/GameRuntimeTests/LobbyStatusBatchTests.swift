@testable import GameRuntime
import Matchmaking
import Testing

/// The lobby's status coalesced (``LobbyCycle``): while players come and go, everyone waiting is
/// told it at most once per batch (50 ms); a joiner is told it alone at once; a countdown
/// starting or stopping, and a game starting, are not held back.
@Suite struct LobbyStatusBatchTests {
    static func peer(_ id: UInt32) -> Peer { Peer(id: PeerID(rawValue: id), name: "P\(id)") }
    static func ms(_ ms: Int64) -> GameMoment { GameMoment(now: ms * 1000) }
    static let batch: Int64 = 50_000
    static func status(_ players: Int, capacity: Int, rule: String, startsInMs: Int64? = nil) -> CountRules.News {
        .lobby(LobbyStatus(players: players, capacity: capacity, startRule: rule, startsInMs: startsInMs))
    }

    @Test func aBurstOfJoinsTellsEachWaitingPlayerOneStatusAndEachJoinerItsOwnAtOnce() {
        var table = CountTable(rules: CountRules(), startRule: .whenFull, capacity: 100)
        let peers = (1...10).map { Self.peer($0) }
        for (index, peer) in peers.enumerated() {
            // The joiner alone, at once, with the count it makes; nobody else yet.
            #expect(table.joined(peer, at: Self.ms(Int64(index))) == [.send(Self.status(index + 1, capacity: 100, rule: "whenFull"), to: [peer.id])])
            #expect(table.nextWake == Self.batch, "the batch is due 50 ms after the first change")
        }
        #expect(table.woke(at: Self.ms(49)).isEmpty)
        // One status for the burst, to everyone but the last joiner (told this one already).
        #expect(table.woke(at: Self.ms(50)) == [.announce(Self.status(10, capacity: 100, rule: "whenFull"), to: peers.dropLast().map(\.id))])
        #expect(table.nextWake == nil)
        #expect(table.woke(at: Self.ms(120)).isEmpty)
        // A leave is told with the next batch, to everyone (nobody was told it alone).
        #expect(table.left(peers[9], reason: .userQuit, at: Self.ms(200)).isEmpty)
        #expect(table.nextWake == 250_000)
        #expect(table.woke(at: Self.ms(250)) == [.announce(Self.status(9, capacity: 100, rule: "whenFull"), to: peers.prefix(9).map(\.id))])
    }

    @Test func aCountdownStartingOrStoppingIsToldAtOnceAndTheFinalStatusIsExact() {
        var table = CountTable(rules: CountRules(), startRule: .after(5_000_000), capacity: 8)
        let (p1, p2, p3) = (Self.peer(1), Self.peer(2), Self.peer(3))
        #expect(table.joined(p1, at: Self.ms(0)) == [.send(Self.status(1, capacity: 8, rule: "after"), to: [p1.id])])
        // The second makes the minimum: the countdown starts, and everyone hears it now.
        #expect(table.joined(p2, at: Self.ms(10)) == [.announce(Self.status(2, capacity: 8, rule: "after", startsInMs: 5_000), to: [p1.id, p2.id])])
        #expect(table.nextWake == 5_010_000, "nothing owed: the countdown is the next wake")
        #expect(table.joined(p3, at: Self.ms(20)) == [.send(Self.status(3, capacity: 8, rule: "after", startsInMs: 4_990), to: [p3.id])])
        #expect(table.nextWake == 70_000)
        #expect(table.woke(at: Self.ms(70)) == [.announce(Self.status(3, capacity: 8, rule: "after", startsInMs: 4_940), to: [p1.id, p2.id])])
        // One leaves (owed), then another stops the countdown: told at once, nothing owed.
        #expect(table.left(p3, reason: .userQuit, at: Self.ms(100)).isEmpty)
        #expect(table.left(p2, reason: .userQuit, at: Self.ms(110)) == [.announce(Self.status(1, capacity: 8, rule: "after"), to: [p1.id])])
        #expect(table.nextWake == nil)
    }

    @Test func aGameStartingIsNotHeldBackAndDropsTheOwedStatus() {
        var table = CountTable(rules: CountRules(), startRule: .whenFull, capacity: 3)
        let peers = (1...3).map { Self.peer($0) }
        _ = table.joined(peers[0], at: Self.ms(0))
        _ = table.joined(peers[1], at: Self.ms(1))
        let started = table.joined(peers[2], at: Self.ms(2))
        #expect(started == [.gameStarted(lateJoinersAllowed: false), .announce(.count(0), to: peers.map(\.id))])
        #expect(table.nextWake == nil, "no lobby status is owed once the game is under way")
    }

    /// Whatever the order and timing of joins and leaves, once the batch is told every waiting
    /// player's newest status is the lobby as it is; statuses from batches are at least 50 ms
    /// apart; nobody is told two statuses for one event.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64]) func everyoneEndsWithTheExactStatus(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var table = CountTable(rules: CountRules(), startRule: [.whenFull, .after(60_000_000)][pick(2)], capacity: 60)
        var absent = (1...40).map { Self.peer(UInt32($0)) }
        var newest: [PeerID: LobbyStatus] = [:]
        var lastBatch: Int64?
        var now: Int64 = 0
        func heard(_ effects: [CountTable.Effect], woke: Bool) {
            var toldNow: [PeerID] = []
            for effect in effects {
                guard let (message, to) = effect.told, case .lobby(let status) = message else { continue }
                for id in to { newest[id] = status }
                toldNow += to
                if woke, table.round == nil {  // in the lobby a wake-up tells only the batch
                    if let lastBatch { #expect(now - lastBatch >= Self.batch, "seed \(seed): two batches \(now - lastBatch) µs apart") }
                    lastBatch = now
                }
            }
            #expect(Set(toldNow).count == toldNow.count, "seed \(seed): a player told two statuses at once")
        }
        for _ in 0..<300 {
            now += Int64(pick(30_000))
            if let wake = table.nextWake, wake <= now {
                now = wake
                heard(table.woke(at: GameMoment(now: now)), woke: true)
                continue
            }
            if !absent.isEmpty, pick(3) > 0 {
                let peer = absent.remove(at: pick(absent.count))
                heard(table.joined(peer, at: GameMoment(now: now)), woke: false)
            } else if !table.lobby.waiting.isEmpty {
                let peer = table.lobby.waiting[pick(table.lobby.waiting.count)]
                absent.append(peer)
                heard(table.left(peer, reason: .userQuit, at: GameMoment(now: now)), woke: false)
            }
        }
        #expect(table.round == nil, "seed \(seed): the lobby never fills and the countdown is a minute")
        // Only the countdown is left to wake for once the batch is told.
        while let wake = table.nextWake, wake != table.lobby.startsAt {
            now = wake
            heard(table.woke(at: GameMoment(now: now)), woke: true)
        }
        for peer in table.lobby.waiting {
            var told = newest[peer.id]
            #expect(told?.players == table.lobby.waiting.count, "seed \(seed): \(peer.name) was told \(String(describing: told))")
            told?.startsInMs = nil
            #expect(told == LobbyStatus(players: table.lobby.waiting.count, capacity: 60, startRule: table.lobby.rule.name, startsInMs: nil))
            #expect((newest[peer.id]?.startsInMs != nil) == (table.lobby.startsAt != nil), "seed \(seed): \(peer.name)'s countdown")
        }
    }
}

/// In a big room a status waits longer: half a millisecond a player waiting, at most a second,
/// so the room's statuses stay about 2,000 frames a second however many wait.
@Suite struct LobbyStatusBatchSizeTests {
    @Test func theWaitGrowsWithTheRoomUpToASecond() {
        #expect(LobbyStatusBatch.interval(waiting: 1) == 50_000)
        #expect(LobbyStatusBatch.interval(waiting: 100) == 50_000)
        #expect(LobbyStatusBatch.interval(waiting: 400) == 200_000)
        #expect(LobbyStatusBatch.interval(waiting: 2_000) == 1_000_000)
        #expect(LobbyStatusBatch.interval(waiting: 5_000) == 1_000_000)
    }

    @Test func aCrowdOf400IsToldTheirStatus200msAfterTheFirstChange() {
        var table = CountTable(rules: CountRules(), startRule: .whenFull, capacity: 1_000)
        let peers = (1...400).map { Peer(id: PeerID(rawValue: $0), name: "P\($0)") }
        for peer in peers.prefix(399) { _ = table.joined(peer, at: GameMoment(now: 0)) }
        _ = table.woke(at: GameMoment(now: 1_000_000))  // the arrivals' batch, told
        _ = table.joined(peers[399], at: GameMoment(now: 2_000_000))
        #expect(table.nextWake == 2_200_000, "400 waiting: 200 ms")
        #expect(table.woke(at: GameMoment(now: 2_199_999)).isEmpty)
        let told = table.woke(at: GameMoment(now: 2_200_000))
        #expect(told.count == 1)
    }
}
