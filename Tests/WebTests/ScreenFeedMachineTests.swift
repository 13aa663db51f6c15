import GameRuntime
import Matchmaking
import Testing

@testable import Web

/// The TV feed's machine on its own (watchers are numbers, time is a number): what each watcher
/// is told, what a late one catches up with, latest-wins states, and the visibility rule; then a
/// seeded random walk against a model of what each watcher must have been told.
@Suite struct ScreenFeedMachineTests {
    typealias Machine = ScreenFeedMachine<Int>

    static let host = ScreenFeed.Host(name: "Den", game: GameName(rawValue: "trivia"), capacity: 4)
    static let ann = Peer(id: PeerID(rawValue: 1), name: "Ann")
    static let bob = Peer(id: PeerID(rawValue: 2), name: "Bob")
    static func everyone(_: Int) -> Bool { true }

    /// What the actions say to each watcher: its lines, or nil for a close.
    static func told(_ actions: [Machine.Action]) -> [Int: [String]?] {
        var told: [Int: [String]?] = [:]
        for action in actions {
            switch action {
            case .write(let lines, let watcher):
                #expect(told[watcher] == nil, "one action per watcher and event")
                told[watcher] = .some(lines)
            case .close(let watcher):
                told[watcher] = .some(nil)
            }
        }
        return told
    }

    static func lines(_ actions: [Machine.Action], to watcher: Int) -> [String] { (told(actions)[watcher] ?? nil) ?? [] }

    @Test func theHelloListsWhoIsPresentAndAwayAsTheEventsSaid() {
        var machine = Machine(host: Self.host, players: [Self.ann])
        var roster = Roster([Self.ann, Self.bob])
        _ = machine.playerJoined(Self.bob, roster: roster, writable: Self.everyone)
        roster.markAway(Self.ann.id)
        _ = machine.playerAway(Self.ann, roster: roster, writable: Self.everyone)
        let hello = Self.lines(machine.watcherAdded(1, as: .screen(local: false), now: 0), to: 1)
        #expect(hello.count == 1)
        #expect(hello[0].contains(#""away":[1]"#) && hello[0].contains(#""name":"Ann""#) && hello[0].contains(#""name":"Bob""#))
        roster.remove(Self.ann.id)
        _ = machine.playerLeft(Self.ann, reason: .userQuit, roster: roster, writable: Self.everyone)
        let later = Self.lines(machine.watcherAdded(2, as: .hostPage, now: 0), to: 2)
        #expect(later[0].contains(#""away":[]"#) && !later[0].contains("Ann") && later[0].contains(#""commands":["#))
    }

    @Test func aGamesNoteReachesHostPagesAloneAndIsNotKept() {
        var machine = Machine(host: Self.host, players: [Self.ann])
        _ = machine.watcherAdded(1, as: .screen(local: false), now: 0)
        _ = machine.watcherAdded(2, as: .hostPage, now: 0)
        let noted = machine.noted(#"{"kind":"answer","text":"rude"}"#, writable: Self.everyone)
        #expect(Self.told(noted)[1] == nil)
        #expect(Self.lines(noted, to: 2) == [#"{"type":"note","body":{"kind":"answer","text":"rude"}}"#])
        let late = Self.lines(machine.watcherAdded(3, as: .hostPage, now: 0), to: 3)
        #expect(!late.joined().contains("rude"))
    }

    @Test func theVisibilityIsTakenAsGivenNeverInferred() {
        var machine = Machine(host: Self.host, players: [Self.ann])
        _ = machine.watcherAdded(1, as: .screen(local: false), now: 0)
        // To everyone present, but declared private: private it is.
        let secret = machine.messageSent(
            kind: "accepted", body: #"{"kind":"accepted","secret":3}"#, visibility: .private(to: [Self.ann.id, Self.bob.id]),
            now: 0, writable: Self.everyone)
        #expect(Self.lines(secret, to: 1) == [#"{"kind":"accepted","to":[1,2],"type":"sent"}"#])
        // To nobody, declared public: whole.
        let shown = machine.messageSent(kind: "lobby", body: #"{"kind":"lobby"}"#, visibility: .public, now: 0, writable: Self.everyone)
        #expect(Self.lines(shown, to: 1) == [#"{"type":"sent","to":"all","body":{"kind":"lobby"}}"#])
        // A retell: nothing to anyone, and nothing for later.
        #expect(machine.messageSent(kind: "question", body: "{}", visibility: .retell(to: [Self.ann.id]), now: 0, writable: Self.everyone).isEmpty)
        #expect(machine.publicByKind.map(\.kind) == ["lobby"])
    }

    @Test func aLateWatcherGetsTheLatestPublicOfEachKindWithItsAgeThenTheNoticesSinceThenThenStates() {
        var machine = Machine(host: Self.host, players: [Self.ann])
        _ = machine.messageSent(kind: "question", body: #"{"n":1}"#, visibility: .public, now: 1_000_000, writable: Self.everyone)
        _ = machine.messageSent(kind: "accepted", body: "{}", visibility: .private(to: [Self.ann.id]), now: 1_500_000, writable: Self.everyone)
        _ = machine.messageSent(kind: "result", body: #"{"n":2}"#, visibility: .public, now: 2_000_000, writable: Self.everyone)
        _ = machine.messageSent(kind: "question", body: #"{"n":3}"#, visibility: .public, now: 3_000_000, writable: Self.everyone)
        _ = machine.messageSent(kind: "accepted", body: "{}", visibility: .private(to: [Self.ann.id]), now: 3_500_000, writable: Self.everyone)
        _ = machine.stateSent(key: "court", body: #"{"x":1}"#, writable: Self.everyone)
        _ = machine.stateSent(key: "court", body: #"{"x":2}"#, writable: Self.everyone)
        let screen = Self.lines(machine.watcherAdded(7, as: .screen(local: true), now: 4_000_000), to: 7)
        #expect(Array(screen.dropFirst()) == [
            #"{"type":"sent","to":"all","ageMs":2000,"body":{"n":2}}"#,
            #"{"type":"sent","to":"all","ageMs":1000,"body":{"n":3}}"#,
            #"{"kind":"accepted","to":[1],"type":"sent"}"#,
            #"{"type":"state","key":"court","seq":2,"body":{"x":2}}"#,
        ])
        let page = Self.lines(machine.watcherAdded(8, as: .hostPage, now: 4_000_000), to: 8)
        #expect(page.count == 4, "a host page: no states")
    }

    @Test func aWatcherThatTakesNoWritesIsClosedByAMessageButStatesOnlyWaitForIt() {
        var machine = Machine(host: Self.host, players: [Self.ann])
        _ = machine.watcherAdded(1, as: .screen(local: false), now: 0)
        _ = machine.watcherAdded(2, as: .screen(local: false), now: 0)
        let blocked: (Int) -> Bool = { $0 != 1 }
        for x in 1...5 { _ = machine.stateSent(key: "court", body: "\(x)", writable: blocked) }
        _ = machine.stateSent(key: "ball", body: "9", writable: blocked)
        #expect(machine.watchers[1] != nil, "states never close a watcher")
        #expect(machine.watcherWritable(1, isWritable: false).isEmpty)
        let flushed = Self.lines(machine.watcherWritable(1, isWritable: true), to: 1)
        #expect(flushed == [#"{"type":"state","key":"court","seq":5,"body":5}"#, #"{"type":"state","key":"ball","seq":1,"body":9}"#])
        #expect(machine.watcherWritable(1, isWritable: true).isEmpty, "nothing waits any more")
        let news = Self.told(machine.playerJoined(Self.bob, roster: Roster([Self.ann, Self.bob]), writable: blocked))
        #expect(news[1] == .some(nil), "closed")
        #expect(news[2]??.count == 1)
        #expect(machine.watchers[1] == nil)
    }

    @Test func commandOutcomesGoToHostPagesOnlyAndAKickNamesThePlayer() {
        var machine = Machine(host: Self.host, players: [Self.ann])
        _ = machine.watcherAdded(1, as: .screen(local: true), now: 0)
        _ = machine.watcherAdded(2, as: .hostPage, now: 0)
        let told = Self.told(machine.commanded(.kick(Self.ann.id), writable: Self.everyone))
        #expect(told[1] == nil)
        #expect(told[2]??.first?.contains(#""name":"Ann""#) == true)
        let refused = Self.told(machine.refused(CommandRefusal(.skip, .noGame), writable: Self.everyone))
        #expect(refused.keys.sorted() == [2])
    }
}
