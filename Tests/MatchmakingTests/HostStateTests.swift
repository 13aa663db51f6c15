import Crypto
import Foundation
import NIOCore
import Testing

@testable import Matchmaking

/// The host machine's side of the real-time channel, event by event: the offer, states over the
/// link until the path works, then over UDP; states from players filtered latest-wins; versions
/// below 3 get nothing and may send nothing; drops counted and noted at a bounded rate.
@Suite struct HostStateTests {
    static let address = try! SocketAddress(ipAddress: "10.0.0.5", port: 40_000)
    static let body = try! RawJSON(parsing: Data(#"{"x":1}"#.utf8))

    static func host() -> HostDriver {
        var host = HostDriver(capacity: 4)
        host.machine.datagramsOpened(port: 7777)
        return host
    }

    static func datagrams(in result: HostResult<Int>) -> [[UInt8]] {
        result.writes.compactMap { if case .datagram(let bytes, _) = $0 { bytes } else { nil } }
    }

    @Test func aVersion3PlayerIsOfferedTheUDPPortAndAKeyOfItsOwn() throws {
        var host = Self.host()
        let (_, ann) = host.hello("Ann", version: 3)
        let (_, bob) = host.hello("Bob", version: 3)
        let (_, old) = host.hello("Old", version: 2)
        let annOffer = try #require(ann.welcome?.datagram)
        #expect(annOffer.port == 7777)
        #expect(Datagram.key(base64: annOffer.key) != nil)
        #expect(bob.welcome?.datagram?.key != annOffer.key, "a key per link")
        #expect(old.welcome?.datagram == nil, "version 2 has no real-time channel")
    }

    @Test func statesGoOverTheLinkUntilAProbeSaysThePlayerHearsUs() throws {
        var host = Self.host()
        let (annLink, annResult) = host.hello("Ann", version: 3)
        let ann = try #require(annResult.welcome)
        let (oldLink, _) = host.hello("Old", version: 2)
        let key = SymmetricKey(data: Base64.decode(ann.datagram!.key)!)

        let first = host.machine.sendState(Self.body, key: "court", to: .all, now: host.now)
        #expect(first.messages(to: annLink) == [.state(StateMessage(from: .host, key: "court", seq: 1, body: Self.body))])
        #expect(first.messages(to: oldLink).isEmpty, "a version 2 player gets no states")

        // A probe that does not yet hear the host: answered, but states stay on the link.
        let deaf = Datagram(kind: .probe, hearing: false, sender: ann.you.id, seq: 1).sealed(with: key)
        let answered = host.machine.receivedDatagram(deaf, from: Self.address, now: host.now)
        let answer = try #require(Self.datagrams(in: answered).first)
        #expect(try Datagram.open(answer, with: key).get().hearing, "the host's answer says it hears the player")
        #expect(host.machine.sendState(Self.body, key: "court", to: .all, now: host.now).messages(to: annLink).count == 1)

        // A probe that hears the host: states go over UDP, numbered on.
        let hearing = Datagram(kind: .probe, hearing: true, sender: ann.you.id, seq: 2).sealed(with: key)
        _ = host.machine.receivedDatagram(hearing, from: Self.address, now: host.now)
        let third = host.machine.sendState(Self.body, key: "court", to: .all, now: host.now)
        #expect(third.messages(to: annLink).isEmpty)
        let sent = try Datagram.open(try #require(Self.datagrams(in: third).first), with: key).get()
        #expect(sent.kind == .state && sent.key == "court" && sent.seq == 3 && sent.sender == .host)

        // Silence past the trust window: back to the link.
        host.ms += 1_600
        #expect(host.machine.sendState(Self.body, key: "court", to: .all, now: host.now).messages(to: annLink).count == 1)
    }

    @Test func playersStatesReachTheGameOnlyWhenNewer() throws {
        var host = Self.host()
        let (link, result) = host.hello("Ann", version: 3)
        let ann = try #require(result.welcome)
        let key = SymmetricKey(data: Base64.decode(ann.datagram!.key)!)
        func inputs(_ result: HostResult<Int>) -> [UInt64] { result.inputs.compactMap { $0.message?.key == "paddle" ? 1 : nil } }
        #expect(inputs(host.receive(.state(StateMessage(key: "paddle", seq: 2, body: Self.body)), on: link)).count == 1)
        #expect(inputs(host.receive(.state(StateMessage(key: "paddle", seq: 1, body: Self.body)), on: link)).isEmpty, "older, over the link")
        let udp = Datagram(kind: .state, hearing: false, sender: ann.you.id, seq: 2, key: "paddle", body: Array(Self.body.bytes)).sealed(with: key)
        #expect(host.machine.receivedDatagram(udp, from: Self.address, now: host.now).inputs.isEmpty, "the same number over UDP: stale")
        #expect(host.machine.datagramDrops[.stale] == 1)
        let newer = Datagram(kind: .state, hearing: false, sender: ann.you.id, seq: 3, key: "paddle", body: Array(Self.body.bytes)).sealed(with: key)
        #expect(host.machine.receivedDatagram(newer, from: Self.address, now: host.now).inputs.count == 1)
    }

    @Test func aVersion2PlayerSendingAStateBreaksTheProtocol() {
        var host = Self.host()
        let (link, _) = host.hello("Old", version: 2)
        let result = host.receive(.state(StateMessage(key: "paddle", seq: 1, body: Self.body)), on: link)
        #expect(result.closed == [link])
    }

    /// A player that left sends probes until it closes; those arriving after its seat ended are
    /// expected: counted, never noted by themselves. An id never given out stays unknown.
    @Test func aDepartedPlayersLateDatagramsAreCountedButNotNoted() throws {
        var host = Self.host()
        let (link, result) = host.hello("Ann", version: 3)
        let ann = try #require(result.welcome)
        let key = SymmetricKey(data: Base64.decode(ann.datagram!.key)!)
        _ = host.closed(link)
        let late = Datagram(kind: .probe, hearing: true, sender: ann.you.id, seq: 9).sealed(with: key)
        let dropped = host.machine.receivedDatagram(late, from: Self.address, now: host.now)
        #expect(dropped.notes.isEmpty && dropped.writes.isEmpty)
        #expect(host.machine.datagramDrops == [.departedSender: 1])
        let never = Datagram(kind: .probe, hearing: true, sender: PeerID(rawValue: 99), seq: 1).sealed(with: key)
        let unknown = host.machine.receivedDatagram(never, from: Self.address, now: host.now)
        #expect(unknown.notes.contains { if case .datagramsDropped(let counts, .unknownSender) = $0 { counts == [.departedSender: 1, .unknownSender: 1] } else { false } })
    }

    @Test func dropsAreNotedAtOnceThenAtMostEveryFiveSeconds() {
        var host = Self.host()
        host.join("Ann", version: 3)
        func notes(_ result: HostResult<Int>) -> [[Datagram.Drop: Int]] {
            result.notes.compactMap { if case .datagramsDropped(let counts, _) = $0 { counts } else { nil } }
        }
        #expect(notes(host.machine.receivedDatagram([1, 2, 3], from: Self.address, now: host.now)) == [[.truncated: 1]])
        #expect(notes(host.machine.receivedDatagram([], from: Self.address, now: host.now)).isEmpty, "within 5 s: counted, not noted")
        #expect(notes(host.tick(at: 4_000)).isEmpty)
        #expect(notes(host.tick(at: 5_001)) == [[.truncated: 2]], "the tick notes what waited")
        #expect(notes(host.tick(at: 20_000)).isEmpty, "nothing new, nothing noted")
    }
}
