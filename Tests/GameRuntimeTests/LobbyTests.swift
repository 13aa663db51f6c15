import GameRuntime
import Matchmaking
import Testing

/// The lobby between games: the start rules, the countdown, the status players see.
@Suite struct LobbyTests {
    static func peer(_ id: UInt32) -> Peer { Peer(id: PeerID(rawValue: id), name: "P\(id)") }

    @Test func whenFullStartsAtCapacityButNeverBelowTheMinimum() {
        var lobby = Lobby(rule: .whenFull, capacity: 3, minimum: 1)
        lobby.add(Self.peer(1))
        lobby.add(Self.peer(2))
        let twoOfThree = lobby.playersChanged(now: 0)
        lobby.add(Self.peer(3))
        let full = lobby.playersChanged(now: 0)
        #expect([twoOfThree, full] == [false, true])
        let started = lobby.start()
        #expect(started.map(\.id.rawValue) == [1, 2, 3])
        #expect(lobby.waiting.isEmpty)

        var pair = Lobby(rule: .whenFull, capacity: 1, minimum: 2)
        pair.add(Self.peer(1))
        let alone = pair.playersChanged(now: 0)  // a capacity of 1 is not enough for a game of two
        pair.add(Self.peer(2))
        let two = pair.playersChanged(now: 0)
        #expect([alone, two] == [false, true])
    }

    @Test func afterCountsDownOnceTheMinimumWaitsAndStopsBelowIt() {
        var lobby = Lobby(rule: .after(5_000_000), capacity: 8, minimum: 2)
        lobby.add(Self.peer(1))
        var started = lobby.playersChanged(now: 0)
        #expect(lobby.startsAt == nil)
        lobby.add(Self.peer(2))
        started = started || lobby.playersChanged(now: 1_000_000)
        #expect(lobby.startsAt == 6_000_000)
        lobby.add(Self.peer(3))
        started = started || lobby.playersChanged(now: 2_000_000)
        #expect(!started)  // `after` starts games on time only
        #expect(lobby.startsAt == 6_000_000)  // a countdown under way goes on
        #expect(lobby.status(now: 2_000_000) == LobbyStatus(players: 3, capacity: 8, startRule: "after", startsInMs: 4_000))
        #expect(!lobby.isDue(now: 5_999_999))
        #expect(lobby.isDue(now: 6_000_000))
        let removed = [lobby.remove(PeerID(rawValue: 3)), lobby.remove(PeerID(rawValue: 3)), lobby.remove(PeerID(rawValue: 2))]
        #expect(removed == [true, false, true])
        _ = lobby.playersChanged(now: 3_000_000)
        #expect(lobby.startsAt == nil)
        #expect(!lobby.isDue(now: 9_000_000))
        #expect(lobby.status(now: 3_000_000) == LobbyStatus(players: 1, capacity: 8, startRule: "after", startsInMs: nil))
    }

    @Test func theLobbyLinesAreTheSameInEveryGame() {
        let counting = LobbyStatus(players: 2, capacity: 4, startRule: "after", startsInMs: 4_001)
        #expect(LobbyText.status(counting, waiting: "waiting for players") == "lobby: 2/4 players, game starts in 5 s")
        let full = LobbyStatus(players: 2, capacity: 4, startRule: "whenFull", startsInMs: nil)
        #expect(LobbyText.status(full, waiting: "waiting for players") == "lobby: 2/4 players, game starts when full")
        let idle = LobbyStatus(players: 1, capacity: 4, startRule: "after", startsInMs: nil)
        #expect(LobbyText.status(idle, waiting: "waiting for a second player") == "lobby: 1/4 players, waiting for a second player")
        #expect(LobbyText.start(Lobby(rule: .whenFull, capacity: 4, minimum: 2)) == "a game starts when 4 players are here")
        #expect(LobbyText.start(Lobby(rule: .after(10_000_000), capacity: 4, minimum: 1)) == "a game starts 10 s after the first player arrives")
        #expect(LobbyText.start(Lobby(rule: .after(2_500_000), capacity: 4, minimum: 2)) == "a game starts 2.5 s after a second player arrives")
        #expect(LobbyText.empty(capacity: 8) == "lobby: 0/8 players, waiting for players")
    }
}
