import GameRuntime
import Matchmaking
import Pong
import Testing

/// The host's commands on the Pong table, in each of its states: lobby (one waiting, two
/// waiting), a game under way, paused, after a game.
@Suite struct CommandTests {
    enum Where: CaseIterable {
        case oneWaiting, twoWaiting, playing, paused, afterGame
    }

    /// Capacity 3, `whenFull`, first to 3: Ann and Bob wait (`twoWaiting`); Cy makes it full and
    /// the game starts at t = 0; `paused` at tick 10; `afterGame`: ended by the host at tick 10.
    func make(_ place: Where) -> PongTable {
        var table = PongTable(settings: try! PongSettings(points: 3, startRule: .whenFull), capacity: 3, seed: 5)
        _ = table.joined(ann, at: GameMoment(now: 0))
        if place == .oneWaiting { return table }
        _ = table.joined(bob, at: GameMoment(now: 0))
        if place == .twoWaiting { return table }
        _ = table.joined(cy, at: GameMoment(now: 0))
        run(&table, from: 0, limit: 10)
        if place == .paused { _ = table.command(.pause, at: at(tick: 10)) }
        if place == .afterGame { _ = table.command(.end, at: at(tick: 10)) }
        return table
    }

    /// The reason each command is refused in each state (nil: done).
    func expected(_ command: HostCommand, _ place: Where) -> CommandRefusal.Reason? {
        switch (command, place) {
        case (.startNow, .oneWaiting): .tooFewPlayers(needed: 2, waiting: 1)
        case (.startNow, .twoWaiting), (.startNow, .afterGame): nil
        case (.startNow, _), (.rematch, .playing), (.rematch, .paused): .gameUnderWay
        case (.rematch, .afterGame): nil
        case (.rematch, _): .noGameYet
        case (.skip, .playing), (.skip, .paused): .nothingToSkip
        case (.game, _): .unknownCommand(known: [])
        case (.pause, .playing): nil
        case (.pause, .paused): .alreadyPaused
        case (.unpause, .paused): nil
        case (.unpause, .playing): .notPaused
        case (.end, .playing), (.end, .paused): nil
        case (.kick, _): nil
        case (.skip, _), (.pause, _), (.unpause, _), (.end, _): .noGame
        }
    }

    @Test(arguments: Where.allCases)
    func everyCommandIsAnsweredInEveryState(_ place: Where) {
        let commands: [HostCommand] = HostCommand.plain + [.kick(ann.id), .game(GameCommand("mark", ["right": .bool(true)]))]
        for command in commands {
            var table = make(place)
            let effects = table.command(command, at: at(tick: 20))
            #expect(!effects.isEmpty, "\(command) in \(place) has no answer")
            #expect(effects.refusal == expected(command, place), "\(command) in \(place): \(effects)")
        }
    }

    @Test func kickingSomeoneWhoIsNotHereIsRefused() {
        for place in Where.allCases {
            var table = make(place)
            #expect(table.command(.kick(PeerID(rawValue: 9)), at: at(tick: 20)).refusal == .noSuchPlayer(PeerID(rawValue: 9)))
        }
    }

    @Test func skipSaysWhyInASentence() {
        #expect(CommandRefusal(.skip, .nothingToSkip).description == "nothing to skip: this game has no turn or question to skip (pause or end it instead)")
    }

    @Test func pausingFreezesTheCourtAndUnpausingGoesOnFromWhereItStopped() {
        var table = make(.playing)
        let before = table.game!
        let paused = table.command(.pause, at: at(tick: 10))
        #expect(paused.sent.map(\.0) == [.pause(PauseStatus(paused: true))])
        #expect(Set(paused.sent[0].1) == [ann.id, bob.id, cy.id])
        #expect(table.nextWake == nil)
        #expect(table.woke(at: at(tick: 200)).isEmpty)
        _ = table.command(.unpause, at: at(tick: 200))
        #expect(table.game == before)
        #expect(abs(table.nextWake! - Court.time(ofTick: 201, epoch: 0)) <= 1)  // tick 11, 190 ticks later
        #expect(table.woke(at: GameMoment(now: Court.time(ofTick: 201, epoch: 0) + 1)).courts.map(\.tick) == [11])
    }

    @Test func endingGivesTheGameToTheOneAheadOrToNobody() {
        var level = make(.playing)
        let effects = level.command(.end, at: at(tick: 11))
        #expect(effects.final?.ended == .endedByHost && effects.final?.winner == nil)
        #expect(level.game == nil && level.lobby.waiting == [ann, bob, cy])

        var ahead = make(.playing)
        let (played, tick) = run(&ahead, from: 10, limit: 60 * 60) { _, effects in !effects.points.isEmpty }
        let point = played.points[0]
        let ended = ahead.command(.end, at: at(tick: tick + 1))
        #expect(ended.final?.winner == ahead.lobby.waiting.first { $0.id == point.scorer }?.id)
        #expect(ended.final?.winner == point.scorer)
    }
}
