import NIOCore
import Testing

@testable import Matchmaking

/// Version 4's listed roster (docs/PROTOCOL.md, "Version 4"): players admitted while fewer than
/// `listedPlayers` listed players are present are named to everyone; the others are named to nobody of version
/// 4, who is told how many players there are instead. Players of versions 1-3 are told of
/// everyone, as before.
@Suite struct HostListedRosterTests {
    static func peer(_ id: UInt32, _ name: String) -> Peer { Peer(id: PeerID(rawValue: id), name: name) }

    /// A host with three listed players of six, the first of version 4 (Ada) and one of
    /// version 3 (Bob); Cy is listed, Dee, Eve and Fay are not.
    static func room() -> (host: HostDriver, links: [String: Int]) {
        var host = HostDriver(capacity: 10, listedPlayers: 3)
        var links: [String: Int] = [:]
        for (name, version) in [("Ada", 4), ("Bob", 3), ("Cy", 4), ("Dee", 4), ("Eve", 4), ("Fay", 4)] {
            links[name] = host.hello(name, version: version).link
            _ = host.flushRoster()
        }
        return (host, links)
    }

    @Test func aVersion4WelcomeNamesTheListedPlayersAndCountsEveryone() {
        var (host, _) = Self.room()
        let welcome = host.hello("Gus", version: 4).result.welcome
        #expect(welcome?.peers == [Self.peer(1, "Ada"), Self.peer(2, "Bob"), Self.peer(3, "Cy")])
        #expect(welcome?.players == 7)
        let older = host.hello("Hal", version: 3).result.welcome
        #expect(older?.peers.map(\.name) == ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"], "version 3 is told of everyone")
        #expect(older?.players == nil)
        #expect(host.machine.seats.isListed(PeerID(rawValue: 1)) && !host.machine.seats.isListed(PeerID(rawValue: 4)))
    }

    @Test func nobodyOfVersion4HearsAnUnlistedPlayerArriveOrLeave() {
        var (host, links) = Self.room()
        let gus = host.hello("Gus", version: 4).link
        var batch = host.flushRoster()
        #expect(batch.notes(to: links["Ada"]!).isEmpty, "Ada (version 4) is not told of Gus: \(batch.notes(to: links["Ada"]!))")
        #expect(batch.notes(to: links["Bob"]!) == [.joined(Joined(peer: Self.peer(7, "Gus")))], "Bob (version 3) is")
        _ = host.receive(.bye(Bye(reason: .userQuit)), on: gus)
        batch = host.flushRoster()
        #expect(batch.notes(to: links["Dee"]!).isEmpty)
        #expect(batch.notes(to: links["Bob"]!) == [.left(Left(peer: Self.peer(7, "Gus"), reason: .userQuit))])
    }

    @Test func aListedPlayerLeavingIsToldToEveryoneAndFreesAPlaceInTheList() {
        var (host, links) = Self.room()
        _ = host.receive(.bye(Bye(reason: .userQuit)), on: links["Cy"]!)
        let batch = host.flushRoster()
        for name in ["Ada", "Bob", "Dee", "Fay"] {
            #expect(batch.notes(to: links[name]!) == [.left(Left(peer: Self.peer(3, "Cy"), reason: .userQuit))], "\(name)")
        }
        // Two listed are present now: the next to come is listed, and everyone hears it joined.
        let gus = host.hello("Gus", version: 4)
        #expect(gus.result.welcome?.peers.map(\.name) == ["Ada", "Bob"])
        #expect(gus.result.welcome?.players == 6)
        let next = host.flushRoster()
        #expect(next.notes(to: links["Eve"]!) == [.joined(Joined(peer: Self.peer(7, "Gus")))])
        #expect(host.hello("Hal", version: 4).result.welcome?.peers.map(\.name) == ["Ada", "Bob", "Gus"])
    }

    @Test func aBatchOfListedAndUnlistedNotesIsToldInPartToVersion4() {
        var host = HostDriver(capacity: 10, listedPlayers: 2)
        let ada = host.hello("Ada", version: 4).link
        let bob = host.hello("Bob", version: 1).link
        _ = host.flushRoster()
        let cy = host.hello("Cy", version: 4).link  // not listed
        _ = host.receive(.bye(Bye(reason: .userQuit)), on: bob)  // listed
        let dee = host.hello("Dee", version: 4).link  // listed again: one listed present when it came
        let batch = host.flushRoster()
        #expect(batch.notes(to: ada) == [
            .left(Left(peer: Self.peer(2, "Bob"), reason: .userQuit)), .joined(Joined(peer: Self.peer(4, "Dee"))),
        ])
        #expect(batch.notes(to: cy) == [
            .left(Left(peer: Self.peer(2, "Bob"), reason: .userQuit)), .joined(Joined(peer: Self.peer(4, "Dee"))),
        ], "Cy is unlisted, but hears of the listed")
        #expect(batch.notes(to: dee).isEmpty, "Dee's welcome already said all before it")
    }

    @Test func anUnlistedPlayersAbsenceAndReturnAreNotToldToVersion4() {
        var (host, links) = Self.room()
        _ = host.closed(links["Eve"]!)  // dropped: away
        var batch = host.flushRoster()
        #expect(batch.notes(to: links["Ada"]!).isEmpty)
        #expect(batch.notes(to: links["Bob"]!).count == 1, "version 3 hears away: \(batch.notes(to: links["Bob"]!))")
        guard let token = host.machine.seats[PeerID(rawValue: 5)]?.token else { Issue.record("Eve has no seat kept"); return }
        let back = host.hello("Eve", version: 4, resume: token)
        #expect(back.result.welcome?.resumed == true)
        #expect(back.result.welcome?.peers.map(\.name) == ["Ada", "Bob", "Cy"])
        #expect(back.result.welcome?.players == 6)
        batch = host.flushRoster()
        #expect(batch.notes(to: links["Ada"]!).isEmpty)
        #expect(batch.notes(to: links["Bob"]!) == [.back(Back(peer: Self.peer(5, "Eve")))])
    }

    /// Nobody hears from a listed player before hearing that it joined; an unlisted player's
    /// message is relayed without a `joined` before it (version 4 names it from the game).
    @Test func aMessageFromAnUnlistedPlayerIsRelayedAsItCame() {
        var (host, links) = Self.room()
        let body = RawJSON(.string("hi"))
        let result = host.receive(.app(AppMessage(to: .all, body: body)), on: links["Fay"]!)
        #expect(result.messages(to: links["Ada"]!) == [.app(AppMessage(from: PeerID(rawValue: 6), body: body))])
    }
}

extension HostResult where Link == Int {
    /// The roster notes written to `link` (`joined`, `left`, `away`, `back`), in order.
    func notes(to link: Int) -> [WireMessage] {
        messages(to: link).filter {
            switch $0 {
            case .joined, .left, .away, .back: true
            default: false
            }
        }
    }
}
