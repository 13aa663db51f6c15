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

    @Test func afterAGameItsPlayersWaitFirstAndTheRuleCountsDownAgain() {
        var after = Lobby(rule: .after(5_000_000), capacity: 8, minimum: 2)
        after.add(Self.peer(4))  // came during the game
        after.gameEnded(players: [Self.peer(1), Self.peer(2), Self.peer(4)], now: 1_000_000)
        #expect(after.waiting.map(\.id.rawValue) == [1, 2, 4])
        #expect(after.startsAt == 6_000_000)
        #expect(after.canStart)

        var full = Lobby(rule: .whenFull, capacity: 2, minimum: 2)
        full.gameEnded(players: [Self.peer(1), Self.peer(2)], now: 1_000_000)
        #expect(full.startsAt == 1_000_000 + Lobby.restAfterGame)  // a rest, not an instant restart
        let resting = full.playersChanged(now: 2_000_000)
        #expect(!resting)
        #expect(full.isDue(now: 1_000_000 + Lobby.restAfterGame))
        full.remove(PeerID(rawValue: 2))
        let short = full.playersChanged(now: 3_000_000)
        #expect(!short)
        #expect(full.startsAt == nil)
        #expect(!full.canStart)
        full.add(Self.peer(3))
        let again = full.playersChanged(now: 4_000_000)
        #expect(again)  // full again: at once, as for any arrival

        var alone = Lobby(rule: .whenFull, capacity: 3, minimum: 2)
        alone.gameEnded(players: [Self.peer(1)], now: 0)
        #expect(alone.startsAt == nil)
        #expect(alone.contains(PeerID(rawValue: 1)))
        #expect(!alone.contains(PeerID(rawValue: 2)))
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
        #expect(LobbyText.countdown(7) == "game starts in 7 s")
    }

    @Test func theLobbyTableKicksWhoIsHereAndRunsNoGame() {
        var table = LobbyTable()
        _ = table.joined(Self.peer(1), at: GameMoment(now: 0))
        #expect(table.command(.kick(PeerID(rawValue: 1)), at: GameMoment(now: 0)) == [.kick(PeerID(rawValue: 1))])
        let nobody = PeerID(rawValue: 2)
        #expect(table.command(.kick(nobody), at: GameMoment(now: 0)) == [.refused(CommandRefusal(.kick(nobody), .noSuchPlayer(nobody)))])
        for command in HostCommand.plain {
            let refused = table.command(command, at: GameMoment(now: 0))
            #expect(refused == [.refused(CommandRefusal(command, .noGames))])
        }
        #expect("\(CommandRefusal(.startNow, .noGames))" == "nothing to start: this host runs no game")
        let mark = HostCommand.game(GameCommand("mark", ["right": .bool(true)]))
        #expect(table.command(mark, at: GameMoment(now: 0)) == [.refused(CommandRefusal(mark, .noGames))])
        _ = table.left(Self.peer(1), reason: .kicked, at: GameMoment(now: 1))
        #expect(table.present.isEmpty)
    }

    @Test func commandsRoundTripAsJSONAndUnknownOnesSayWhatIsAllowed() throws {
        let marks = [true, false].map { HostCommand.game(GameCommand("mark", ["right": .bool($0)])) }
        for command in HostCommand.plain + [.kick(PeerID(rawValue: 3)), .game(GameCommand("hide", ["answer": .integer(4)]))] + marks {
            #expect(try JSONValue(encoding: command).decode(HostCommand.self) == command)
        }
        #expect(try JSONValue(encoding: HostCommand.kick(PeerID(rawValue: 3))) == .object(["command": .string("kick"), "peer": .integer(3)]))
        #expect(try JSONValue(encoding: marks[0]) == .object(["command": .string("mark"), "right": .bool(true)]))
        // Any other name is a game's own command, its other fields its arguments (the game says whether it knows it).
        #expect(try JSONValue.object(["command": .string("mark")]).decode(HostCommand.self) == .game(GameCommand("mark")))
        #expect(throws: DecodingError.self) { try JSONValue.object(["command": .bool(true)]).decode(HostCommand.self) }
        #expect(try JSONValue(encoding: HostCommand.startNow) == .object(["command": .string("startNow")]))
        do {
            _ = try JSONValue.object(["command": .string("")]).decode(HostCommand.self)
            Issue.record("a command without a name decoded")
        } catch {
            #expect("\(error)".contains("a command's name is 1 to 32 characters: startNow, skip, pause, unpause, end, rematch, kick, or the game's own"))
        }
        let refusal = try JSONValue(encoding: CommandRefusal(.skip, .noGame))
        #expect(refusal == .object([
            "command": .object(["command": .string("skip")]), "reason": .string("noGame"), "text": .string("nothing to skip: no game is under way"),
        ]))
    }
}
