import NIOCore
import Testing

@testable import Matchmaking

/// Seats that outlive their link: a version 2 player whose link drops is away, its seat (id,
/// name, place in the game) kept for the resume grace period, and a hello with its resume token
/// takes the seat back.
@Suite struct HostResumeTests {
    /// A version 2 player: its link and its welcome (with the token).
    static func join(_ name: String, on host: inout HostDriver, version: Int = 2) -> (link: Int, welcome: Welcome) {
        let (link, result) = host.hello(name, version: version)
        return (link, result.welcome!)
    }

    @Test func aVersion2SeatComesWithATokenOfItsOwn() {
        var host = HostDriver()
        let ada = Self.join("Ada", on: &host).welcome
        let bob = Self.join("Bob", on: &host).welcome
        #expect(ada.resumeToken != nil && bob.resumeToken != nil)
        #expect(ada.resumeToken != bob.resumeToken)
        #expect(Base64.decode(ada.resumeToken!)?.count == 16, "128 bits")
        #expect(ada.resumed == nil)
        #expect(host.join("Cy").link > 0)  // version 1
        #expect(host.hello("Dee", version: 1).result.welcome?.resumeToken == nil, "version 1 keeps no seats")
    }

    @Test func aDroppedLinkLeavesTheSeatAwayAndTheOthersAreTold() {
        var host = HostDriver(capacity: 4)
        let (adaLink, ada) = Self.join("Ada", on: &host)
        let (bobLink, _) = Self.join("Bob", on: &host)
        let (cyLink, _) = host.join("Cy")  // version 1
        _ = host.flushRoster()
        let dropped = host.closed(adaLink)
        #expect(dropped.away == [ada.you])
        #expect(dropped.left.isEmpty)
        #expect(host.machine.players.contains(ada.you), "the seat is kept")
        #expect(host.machine.status.players == 3)
        #expect(host.hello("ADA", version: 2).result.denial?.reason == .nameTaken, "and its name")
        let batch = host.flushRoster()
        #expect(batch.messages(to: bobLink) == [.away(Away(peer: ada.you, graceMs: 60_000))])
        #expect(batch.messages(to: cyLink).isEmpty, "version 1 has no away")
    }

    /// Heartbeats slow enough that the others stay through a grace period with no pongs.
    static let patient = HeartbeatConfiguration(interval: .seconds(50), timeout: .seconds(200))

    @Test func theTokenTakesTheSeatBackWithinTheGracePeriod() {
        var host = HostDriver(heartbeat: Self.patient)
        let (adaLink, ada) = Self.join("Ada", on: &host)
        let (bobLink, bob) = Self.join("Bob", on: &host)
        _ = host.flushRoster()
        _ = host.closed(adaLink)
        _ = host.tick(at: host.ms + 59_000)
        let (newLink, back) = host.hello("whatever", version: 2, resume: ada.resumeToken)
        let welcome = back.welcome
        #expect(welcome?.you == ada.you, "same id and name")
        #expect(welcome?.resumed == true)
        #expect(welcome?.resumeToken == ada.resumeToken)
        #expect(welcome?.peers == [bob.you])
        #expect(back.back == [ada.you])
        #expect(host.flushRoster().messages(to: bobLink) == [.back(Back(peer: ada.you))])
        // The seat is carried by the new link: game messages reach it there.
        let sent = host.machine.send(RawJSON(.string("hi")), to: .peer(ada.you.id), now: host.now)
        #expect(sent.messages(to: newLink) == [.app(AppMessage(from: .host, body: RawJSON(.string("hi"))))])
        #expect(host.tick(at: host.ms + 5_000).left.isEmpty, "its old grace period is over")
    }

    @Test func afterTheGracePeriodThePlayerLeavesAndTheTokenIsSpent() {
        var host = HostDriver(heartbeat: Self.patient)
        let (adaLink, ada) = Self.join("Ada", on: &host)
        let (bobLink, _) = Self.join("Bob", on: &host)
        _ = host.flushRoster()
        _ = host.closed(adaLink)
        let waiting = host.tick(at: host.ms + 59_999)
        #expect(waiting.left.isEmpty)
        #expect(waiting.messages(to: bobLink).contains(.away(Away(peer: ada.you, graceMs: 60_000))))
        let gone = host.tick(at: host.ms + 2)
        #expect(gone.left.map(\.0) == [ada.you])
        #expect(gone.left.map(\.1) == [.connectionDropped])
        #expect(host.flushRoster().messages(to: bobLink) == [.left(Left(peer: ada.you, reason: .connectionDropped))])
        let again = host.hello("Ada", version: 2, resume: ada.resumeToken).result.welcome
        #expect(again?.resumed == nil, "a spent token asks for a new seat")
        #expect(again?.you.id != ada.you.id)
        #expect(again?.you.name == "Ada", "the name is free again")
    }

    @Test func aSeatIsTakenBackInAGameWithoutLateJoinersAndWhenFull() {
        var host = HostDriver(capacity: 2)
        let (adaLink, ada) = Self.join("Ada", on: &host)
        _ = Self.join("Bob", on: &host)
        _ = host.machine.gameStarted(lateJoinersAllowed: false)
        _ = host.closed(adaLink)
        #expect(host.hello("Cy", version: 2).result.denial?.reason == .inProgress)
        _ = host.machine.gameEnded()
        #expect(host.hello("Cy", version: 2).result.denial?.reason == .full, "an away seat still counts")
        _ = host.machine.gameStarted(lateJoinersAllowed: false)
        #expect(host.hello("Ada", version: 2, resume: ada.resumeToken).result.welcome?.resumed == true)
    }

    @Test func aResumeOnANewLinkClosesAnOldLinkTheHostThoughtAlive() {
        var host = HostDriver()
        let (oldLink, ada) = Self.join("Ada", on: &host)
        let (_, result) = host.hello("Ada", version: 2, resume: ada.resumeToken)
        #expect(result.welcome?.resumed == true)
        #expect(result.closed == [oldLink])
        #expect(result.bye?.reason == .connectionDropped)
        #expect(result.left.isEmpty && result.back.isEmpty, "the player never left, nor was away")
        #expect(host.closed(oldLink).away.isEmpty, "the old link's close is no news")
        #expect(host.machine.players == [ada.you])
    }

    @Test func aPlayerWhoSaysByeLeavesAtOnce() {
        var host = HostDriver()
        let (link, ada) = Self.join("Ada", on: &host)
        let result = host.receive(.bye(Bye(reason: .userQuit, detail: nil)), on: link)
        #expect(result.left.map(\.1) == [.userQuit])
        #expect(host.machine.seats.tokenCount == 0)
        #expect(host.hello("Ada", version: 2, resume: ada.resumeToken).result.welcome?.resumed == nil)
    }

    @Test func aProtocolErrorLeavesAtOnce() {
        var host = HostDriver()
        let (link, _) = Self.join("Ada", on: &host)
        #expect(host.receive(.invalidUTF8, on: link).left.map(\.1) == [.protocolError])
        #expect(host.machine.players.isEmpty)
    }

    @Test func aSilentPlayerIsAwayAfterTheHeartbeatTimeout() {
        var host = HostDriver(heartbeat: .init(interval: .milliseconds(250), timeout: .milliseconds(900)))
        let (link, ada) = Self.join("Ada", on: &host)
        let result = host.tick(at: host.ms + 1_000)
        #expect(result.closed == [link])
        #expect(result.away == [ada.you])
        #expect(host.machine.players == [ada.you])
        _ = host.closed(link)
        #expect(host.hello("Ada", version: 2, resume: ada.resumeToken).result.welcome?.resumed == true)
    }

    @Test func aVersion1PlayerLeavesAtOnceAsBefore() {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        #expect(host.closed(link).left.map(\.1) == [.connectionDropped])
        #expect(host.machine.players.isEmpty)
    }

    @Test func aGraceOfZeroKeepsNoSeats() {
        var host = HostDriver(resumeGrace: .zero)
        let (link, welcome) = Self.join("Ada", on: &host)
        #expect(welcome.resumeToken == nil)
        #expect(host.closed(link).left.map(\.1) == [.connectionDropped])
    }

    @Test func stoppingGivesUpTheAwaySeats() {
        var host = HostDriver()
        let (link, ada) = Self.join("Ada", on: &host)
        _ = host.closed(link)
        let stopped = host.machine.stop(now: host.now)
        #expect(stopped.left.map(\.0) == [ada.you])
        #expect(stopped.left.map(\.1) == [.serverQuit])
        #expect(host.machine.players.isEmpty && host.machine.seats.tokenCount == 0)
    }

    @Test func aTokenIsNoUseWithVersion1OrTheWrongJoinCode() {
        var host = HostDriver(joinCode: HostDriver.code)
        let (link, result) = host.hello("Ada", version: 2, proof: .right)
        let token = result.welcome!.resumeToken
        _ = host.closed(link)
        #expect(host.hello("Ada", version: 2, proof: .wrong, resume: token).result.denial?.reason == .wrongJoinCode)
        #expect(host.hello("Ada", version: 1, proof: .right, resume: token).result.denial?.reason == .nameTaken)
        #expect(host.hello("Ada", version: 2, proof: .right, resume: token).result.welcome?.resumed == true)
    }
}

/// The host's kick meets seats that outlive links, and version 1 players who have no `kicked`.
@Suite struct HostKickVersionTests {
    @Test func kickingAnAwayPlayerGivesUpItsSeatAndToken() {
        var host = HostDriver()
        let (link, result) = host.hello("Ada", version: 2)
        let ada = result.welcome!
        _ = host.closed(link)
        let kicked = host.machine.kick(ada.you.id, now: host.now)
        #expect(kicked.left.map(\.1) == [.kicked])
        #expect(kicked.closed.isEmpty, "no link to close")
        #expect(host.hello("Ada", version: 2, resume: ada.resumeToken).result.welcome?.resumed == nil)
    }

    @Test func aVersion1PlayerIsToldOfKicksInItsOwnWords() {
        var host = HostDriver(capacity: 4)
        let (oldLink, old) = host.join("Cy")  // version 1
        let (_, ada) = host.join("Ada", version: 2)
        let (newLink, _) = host.join("Bob", version: 2)
        _ = host.flushRoster()
        let kicked = host.machine.kick(ada.id, now: host.now)
        #expect(kicked.bye == Bye(reason: .kicked, detail: "removed by the host"))
        let batch = host.flushRoster()
        #expect(batch.messages(to: newLink) == [.left(Left(peer: ada, reason: .kicked))])
        #expect(batch.messages(to: oldLink) == [.left(Left(peer: ada, reason: .userQuit))])
        let own = host.machine.kick(old.id, now: host.now)
        #expect(own.bye == Bye(reason: .serverQuit, detail: "removed by the host"), "version 1 has no kicked")
        #expect(own.left.map(\.1) == [.kicked], "the game hears the truth")
    }
}
