import NIOCore
import Testing

@testable import Matchmaking

/// The host removes a player (its kick command): `bye kicked` to the player, `left kicked` to
/// the others and to the game, the slot and the name free at once.
@Suite struct HostKickTests {
    @Test func aKickedPlayerIsToldWhyAndTheOthersAndTheGameHearItLeft() {
        var host = HostDriver(capacity: 2)
        let (adaLink, ada) = host.join("Ada", version: 2)
        let (bobLink, _) = host.join("Bob", version: 2)
        _ = host.flushRoster()
        let kicked = host.machine.kick(ada.id, now: host.now)
        #expect(kicked.closed == [adaLink])
        #expect(kicked.bye == Bye(reason: .kicked, detail: "removed by the host"))
        #expect(kicked.left.map(\.0) == [ada])
        #expect(kicked.left.map(\.1) == [.kicked])
        #expect(kicked.status?.players == 1)
        #expect(host.machine.players.map(\.name) == ["Bob"])
        // The others hear it in the next roster batch.
        let batch = host.flushRoster()
        #expect(batch.messages(to: bobLink) == [.left(Left(peer: ada, reason: .kicked))])
        #expect(batch.messages(to: adaLink).isEmpty)
        // Whatever the kicked link still sends is ignored; its transport closing says nothing more.
        #expect(host.receive(.app(AppMessage(to: nil, body: RawJSON(.integer(1)))), on: adaLink).inputs.isEmpty)
        #expect(host.closed(adaLink).inputs.isEmpty)
        // A kick is no ban: the slot and the name are free at once.
        let (_, again) = host.join("ada")
        #expect(again.id != ada.id)
        #expect(host.machine.players.count == 2)
    }

    @Test func kickingSomeoneWhoIsNotSeatedDoesNothing() {
        var host = HostDriver()
        let (link, ada) = host.join("Ada")
        #expect(host.machine.kick(PeerID(rawValue: 99), now: host.now).writes.isEmpty)
        #expect(host.machine.kick(.host, now: host.now).writes.isEmpty)
        _ = host.machine.kick(ada.id, now: host.now)
        let twice = host.machine.kick(ada.id, now: host.now)
        #expect(twice.writes.isEmpty && twice.inputs.isEmpty)
        _ = host.closed(link)
        #expect(host.machine.kick(ada.id, now: host.now).writes.isEmpty)
        // A link still shaking hands has no player to kick.
        let (pending, _) = host.open()
        #expect(host.machine.kick(PeerID(rawValue: UInt32(pending)), now: host.now).writes.isEmpty)
        #expect(host.machine.pending == 1)
    }
}
