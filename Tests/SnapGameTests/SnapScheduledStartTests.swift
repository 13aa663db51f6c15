import GameRuntime
import Matchmaking
import SnapGame
import Testing

/// Snap! with `--start-at HH:MM`: a game needs two, so past the time with one player it starts
/// when the second comes; later games start when full.
@Suite struct SnapScheduledStartTests {
    @Test func pastTheTimeWithOnePlayerTheSecondStartsIt() {
        var settings = SnapSettings()
        settings.startRule = .at(ScheduledStart(clock: ClockTime(hour: 7, minute: 30)!, time: 50_000_000))
        var table = SnapTable(settings: settings, capacity: 3, seed: 5)
        #expect(table.opened(at: GameMoment(now: 0)).count == 1)
        _ = table.joined(ann, at: GameMoment(now: 1_000_000))
        #expect(table.game == nil)
        let woke = table.woke(at: GameMoment(now: 50_000_000))
        #expect(woke == [.announce(.lobby(LobbyStatus(players: 1, capacity: 3, startRule: "at", startsInMs: nil, startTime: "07:30", minimum: 2)), to: [ann.id])])
        #expect(table.nextWake == nil)
        #expect(SnapText.lobby(LobbyStatus(players: 1, capacity: 3, startRule: "at", startsInMs: nil, startTime: "07:30", minimum: 2))
            == "lobby: 1/3 players, it is past 07:30: the game starts as soon as 2 players are here")
        let second = table.joined(bob, at: GameMoment(now: 60_000_000))
        #expect(second.first == .gameStarted(lateJoinersAllowed: false))
        #expect(table.game?.seats.count == 2)
        #expect(table.lobby.rule == .whenFull)
    }
}
