import Matchmaking
import Testing

@testable import GameRuntime

/// A scheduled start (`--start-at HH:MM`): the time read and its next occurrence, the lobby
/// counting down to it, and the lines every screen prints.
@Suite struct StartAtTests {
    static func peer(_ id: UInt32) -> Peer { Peer(id: PeerID(rawValue: id), name: "P\(id)") }
    static let s: Int64 = 1_000_000
    static func at(_ time: Int64, _ text: String = "20:00") -> StartRule { .at(ScheduledStart(clock: try! ClockTime(parsing: text), time: time)) }

    @Test func aTimeOfDayIsHHMMOnA24HourClock() throws {
        #expect(try ClockTime(parsing: "20:00") == ClockTime(hour: 20, minute: 0))
        #expect(try ClockTime(parsing: "7:05") == ClockTime(hour: 7, minute: 5))
        #expect(try ClockTime(parsing: "00:10").description == "00:10")
        #expect(try ClockTime(parsing: "23:59").description == "23:59")
        #expect(try ClockTime(parsing: "7:05").description == "07:05")
        for bad in ["25:00", "24:00", "7pm", "20:60", "20.00", "2000", "", " 20:00", "20:0", "-1:00", "20:00:00", "２０:００"] {
            #expect(throws: ClockTimeError(text: bad)) { try ClockTime(parsing: bad) }
        }
        #expect("\(ClockTimeError(text: "25:00"))" == "25:00: expected a time of day as HH:MM on a 24-hour clock (00:00 to 23:59), e.g. 20:00 or 07:30")
    }

    @Test func theNextOccurrenceIsWithin24Hours() throws {
        let ten = try ClockTime(parsing: "00:10"), eight = try ClockTime(parsing: "20:00")
        #expect(ten.wait(from: LocalTime(hour: 23, minute: 50, second: 0)) == 20 * 60 * Self.s)  // tomorrow
        #expect(ten.wait(from: LocalTime(hour: 0, minute: 5, second: 30)) == 270 * Self.s)  // today
        #expect(eight.wait(from: LocalTime(hour: 20, minute: 0, second: 0)) == 0)  // now
        #expect(eight.wait(from: LocalTime(hour: 19, minute: 59, second: 59, microsecond: 250_000)) == 750_000)
        #expect(eight.wait(from: LocalTime(hour: 20, minute: 0, second: 0, microsecond: 1)) == 24 * 3600 * Self.s - 1)  // just gone: tomorrow
        #expect(eight.wait(from: LocalTime(hour: 20, minute: 0, second: 30)) == (24 * 3600 - 30) * Self.s)
        #expect(try ClockTime(parsing: "12:00").wait(from: LocalTime(hour: 8, minute: 30, second: 15, microsecond: 500_000)) == 12_584_500_000)
        // Read from this machine's clock: some time in the next 24 h.
        #expect((0..<(24 * 3600 * Self.s)).contains(LocalTime.wait(until: eight)))
    }

    @Test func theLobbyCountsDownFromTheStartAndStartsAtTheTimeWithWhoeverIsThere() {
        var lobby = Lobby(rule: Self.at(100 * Self.s), capacity: 8, minimum: 2, later: .after(10 * Self.s))
        #expect(lobby.startsAt == 100 * Self.s)  // nobody here yet: the countdown runs all the same
        #expect(lobby.status(now: 0) == LobbyStatus(players: 0, capacity: 8, startRule: "at", startsInMs: 100_000, startTime: "20:00", minimum: 2))
        lobby.add(Self.peer(1))
        lobby.add(Self.peer(2))
        lobby.add(Self.peer(3))
        let full = lobby.playersChanged(now: 10 * Self.s)
        #expect(!full)  // enough, even full: it waits for the time
        lobby.remove(PeerID(rawValue: 3))
        let someoneLeft = lobby.playersChanged(now: 20 * Self.s)
        #expect(!someoneLeft)
        #expect(lobby.startsAt == 100 * Self.s)  // players leaving do not move the time
        let early = lobby.woke(now: 100 * Self.s - 1)
        #expect(early == .notYet)
        let onTime = lobby.woke(now: 100 * Self.s)
        #expect(onTime == .start)
        let players = lobby.start()
        #expect(players.map(\.id.rawValue) == [1, 2])
        // The next games follow the usual rule.
        #expect(lobby.rule == .after(10 * Self.s))
        lobby.gameEnded(players: [Self.peer(1), Self.peer(2)], now: 200 * Self.s)
        #expect(lobby.startsAt == 210 * Self.s)
        #expect(lobby.status(now: 200 * Self.s) == LobbyStatus(players: 2, capacity: 8, startRule: "after", startsInMs: 10_000))
    }

    @Test func pastTheTimeWithTooFewTheGameStartsAsSoonAsEnoughAreThereAndNoWakeIsLeft() {
        var lobby = Lobby(rule: Self.at(100 * Self.s), capacity: 8, minimum: 2)
        lobby.add(Self.peer(1))
        let alone = lobby.playersChanged(now: 50 * Self.s)
        #expect(!alone)
        let pastAlone = lobby.woke(now: 100 * Self.s + 3)
        #expect(pastAlone == .tooFew)
        #expect(lobby.startsAt == nil)  // nothing to wake for: a time gone by is not asked for again
        let again = lobby.woke(now: 101 * Self.s)
        #expect(again == .notYet)
        #expect(lobby.status(now: 101 * Self.s) == LobbyStatus(players: 1, capacity: 8, startRule: "at", startsInMs: nil, startTime: "20:00", minimum: 2))
        lobby.add(Self.peer(2))
        let second = lobby.playersChanged(now: 130 * Self.s)
        #expect(second)  // the second player starts it at once
        let both = lobby.start()
        #expect(both.count == 2)
        #expect(lobby.rule == .whenFull)  // the default `later`

        // A player arriving at the time, before the wake-up, starts it too; one leaving then stops the countdown.
        var racing = Lobby(rule: Self.at(100 * Self.s), capacity: 8, minimum: 1)
        let nobody = racing.playersChanged(now: 100 * Self.s)
        #expect(!nobody)  // nobody: the time has passed
        #expect(racing.startsAt == nil)
        racing.add(Self.peer(1))
        let arriving = racing.playersChanged(now: 100 * Self.s + 5)
        #expect(arriving)
    }

    @Test func theHostStartingEarlyEndsTheSchedule() {
        var lobby = Lobby(rule: Self.at(100 * Self.s), capacity: 4, minimum: 1, later: .after(5 * Self.s))
        lobby.add(Self.peer(1))
        #expect(lobby.answer(.startNow, gamesPlayed: 0) == .start)
        _ = lobby.start()
        #expect(lobby.startsAt == nil)
        #expect(lobby.rule == .after(5 * Self.s))
        #expect(Lobby(rule: .whenFull, capacity: 4, minimum: 1, later: Self.at(1)).later == .whenFull)  // never a schedule after a schedule
    }

    @Test func everyScreenSaysTheTimeAndHowLongUntilIt() {
        let counting = LobbyStatus(players: 2, capacity: 8, startRule: "at", startsInMs: 724_000, startTime: "20:00", minimum: 1)
        #expect(LobbyText.status(counting, waiting: "waiting for players") == "lobby: 2/8 players, game starts at 20:00, in 12:04")
        let late = LobbyStatus(players: 1, capacity: 8, startRule: "at", startsInMs: 41_500, startTime: "20:00", minimum: 2)
        #expect(LobbyText.status(late, waiting: "waiting for a second player") == "lobby: 1/8 players, game starts at 20:00, in 42 s")
        let past = LobbyStatus(players: 1, capacity: 8, startRule: "at", startsInMs: nil, startTime: "20:00", minimum: 2)
        #expect(LobbyText.status(past, waiting: "-") == "lobby: 1/8 players, it is past 20:00: the game starts as soon as 2 players are here")
        let nobody = LobbyStatus(players: 0, capacity: 8, startRule: "at", startsInMs: nil, startTime: "20:00", minimum: 1)
        #expect(LobbyText.status(nobody, waiting: "-") == "lobby: 0/8 players, it is past 20:00: the game starts as soon as a player is here")
        #expect(LobbyText.countdownLabel(counting)(724) == "game starts at 20:00, in 12:04")
        #expect(LobbyText.countdownLabel(counting)(9) == "game starts at 20:00, in 9 s")
        #expect(LobbyText.countdownLabel(LobbyStatus(players: 1, capacity: 4, startRule: "after", startsInMs: 5_000))(5) == "game starts in 5 s")
        #expect(LobbyText.countdown(90) == "game starts in 1:30")
        #expect([59, 60, 61, 3599, 3600, 86_399].map(LobbyText.duration) == ["59 s", "60 s", "1:01", "59:59", "1:00:00", "23:59:59"])
        #expect(LobbyText.start(Lobby(rule: Self.at(0), capacity: 4, minimum: 1, later: .after(10 * Self.s)))
            == "the first game starts at 20:00 with whoever is here, the next ones 10 s after the first player arrives")
        #expect(LobbyText.start(Lobby(rule: Self.at(0, "07:30"), capacity: 4, minimum: 2))
            == "the first game starts at 07:30 with whoever is here (at least 2 players), the next ones when 4 players are here")
        #expect(LobbyText.empty(Lobby(rule: Self.at(0), capacity: 4, minimum: 1)).isEmpty)  // the countdown is the first lobby line
        #expect(LobbyText.empty(Lobby(rule: .whenFull, capacity: 4, minimum: 1)) == ["lobby: 0/4 players, waiting for players"])
    }

    @Test func aLongCountdownPrintedLineByLineTicksOnceAMinuteUntilItsLastMinute() {
        var shown: [Int64] = [725]
        while let last = shown.last, last > 55 { shown.append(Countdown.nextShown(after: last, everySecond: false)) }
        #expect(shown == [725, 720, 660, 600, 540, 480, 420, 360, 300, 240, 180, 120, 60, 59, 58, 57, 56, 55])
        #expect(Countdown.nextShown(after: 725, everySecond: true) == 724)  // in place on a terminal: every second
        #expect(Countdown.nextShown(after: 61, everySecond: false) == 60)
    }
}
