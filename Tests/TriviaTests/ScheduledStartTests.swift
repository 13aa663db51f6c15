import GameRuntime
import Matchmaking
import Testing

@testable import Trivia

/// Trivia with `--start-at HH:MM`: the countdown on the host's screen from the start, the game at
/// the time with whoever is there, or with the first player after it; the later games by the default rule.
@Suite struct ScheduledStartTests {
    let ann = Fixture.ann, bob = Fixture.bob
    static let at = StartRule.at(ScheduledStart(clock: ClockTime(hour: 20, minute: 0)!, time: Fixture.s(100)))

    static func table(rounds: Int = 1) -> TriviaTable {
        var settings = Game.settings(.first)
        settings.rounds = rounds
        return TriviaTable(bank: TriviaTableTests.bank, settings: settings, startRule: at, capacity: 4, rng: SplitMix64(seed: 3))
    }

    @Test func theHostShowsTheCountdownFromTheStartAndTheGameStartsOnTime() {
        var table = Self.table()
        // Nobody here: the status goes to nobody, so only the host's screen and the TV see it.
        #expect(table.opened(at: GameMoment(now: Fixture.s(1)))
            == [.announce(.lobby(LobbyStatus(players: 0, capacity: 4, startRule: "at", startsInMs: 99_000, startTime: "20:00", minimum: 1)), to: [])])
        #expect(table.nextWake == Fixture.s(100))
        let joined = table.joined(ann, at: GameMoment(now: Fixture.s(40)))
        #expect(TriviaTableTests.lobby(joined)?.0.startsInMs == 60_000)
        #expect(table.game == nil)
        // The batch tells nobody (Ann heard at once): the host's screen and the TV see the count.
        #expect(TriviaTableTests.lobby(table.woke(at: GameMoment(now: Fixture.s(40.05))))! == (LobbyStatus(players: 1, capacity: 4, startRule: "at", startsInMs: 59_950, startTime: "20:00", minimum: 1), []))
        #expect(table.woke(at: GameMoment(now: Fixture.s(99))).isEmpty)
        #expect(table.woke(at: GameMoment(now: Fixture.s(100))).first == .gameStarted(lateJoinersAllowed: true))
        #expect(table.game?.playerIDs == [ann.id])
        // Without a schedule the host's screen shows the empty lobby itself.
        #expect(TriviaTableTests.table(.after(Fixture.s(5))).opened(at: GameMoment(now: 0)).isEmpty)
    }

    @Test func pastTheTimeWithNobodyTheFirstPlayerStartsItAndNoWakeIsLeft() {
        var table = Self.table()
        let woke = table.woke(at: GameMoment(now: Fixture.s(100)))
        #expect(woke == [.announce(.lobby(LobbyStatus(players: 0, capacity: 4, startRule: "at", startsInMs: nil, startTime: "20:00", minimum: 1)), to: [])])
        #expect(table.nextWake == nil)  // the runner is not woken again for a time gone by
        #expect(table.woke(at: GameMoment(now: Fixture.s(101))).isEmpty)
        let joined = table.joined(ann, at: GameMoment(now: Fixture.s(130)))
        #expect(joined.first == .gameStarted(lateJoinersAllowed: true))
        // After this game, the default rule: 10 s after the first player.
        _ = table.command(.end, at: GameMoment(now: Fixture.s(131)))
        #expect(table.lobby.rule == TriviaRules.defaultStartRule)
        #expect(table.nextWake == Fixture.s(141))
    }
}
