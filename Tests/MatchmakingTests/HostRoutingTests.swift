import NIOCore
import Testing

@testable import Matchmaking

/// Game messages through the host machine, and the `joined`/`left` notes written in batches.
@Suite struct HostRoutingTests {
    static let body = RawJSON(.string("hi"))

    static func app(to: WireRecipients?) -> WireMessage { .app(AppMessage(to: to, body: body)) }
    static func relayed(from peer: Peer) -> WireMessage { .app(AppMessage(from: peer.id, body: body)) }

    @Test func aMessageWithoutRecipientsGoesToTheGameOnly() {
        var host = HostDriver()
        let (ada, adaPeer) = host.join("Ada")
        let bob = host.join("Bob").link
        host.ms = 7
        let result = host.receive(Self.app(to: nil), on: ada)
        #expect(result.messagesToGame == [SessionMessage(from: adaPeer.id, body: Self.body, senderName: "Ada", receivedAt: host.now.microseconds)])
        #expect(result.messages(to: bob).isEmpty)
    }

    @Test func aMessageToAllGoesToEveryoneButTheSenderAndToTheGame() {
        var host = HostDriver()
        let (ada, adaPeer) = host.join("Ada")
        let bob = host.join("Bob").link
        let cy = host.join("Cy").link
        _ = host.flushRoster()
        let result = host.receive(Self.app(to: .all), on: ada)
        #expect(result.messages(to: bob) == [Self.relayed(from: adaPeer)])
        #expect(result.messages(to: cy) == [Self.relayed(from: adaPeer)])
        #expect(result.messages(to: ada).isEmpty)
        #expect(result.messagesToGame.map(\.from) == [adaPeer.id])
    }

    @Test func aListDeliversOnceToEachNamedPlayerAndToTheGameWhenNamed() {
        var host = HostDriver()
        let (ada, adaPeer) = host.join("Ada")
        let (bob, bobPeer) = host.join("Bob")
        let cy = host.join("Cy").link
        _ = host.flushRoster()
        let result = host.receive(Self.app(to: .peers([bobPeer.id, bobPeer.id, PeerID(rawValue: 99)])), on: ada)
        #expect(result.messages(to: bob) == [Self.relayed(from: adaPeer)])
        #expect(result.messages(to: cy).isEmpty)
        #expect(result.messagesToGame.isEmpty)
        #expect(host.receive(Self.app(to: .peers([.host])), on: ada).messagesToGame.count == 1)
    }

    @Test func aMessageTooLargeToRelayClosesItsSenderOnly() {
        var host = HostDriver(maxFrame: 256)
        let (ada, _) = host.join("Ada")
        let bob = host.join("Bob").link
        _ = host.flushRoster()
        let body = RawJSON(.string(String(repeating: "x", count: 230)))
        let size = AppPayload.size(body: body.bytes.count, from: PeerID(rawValue: 1))
        #expect(size == AppPayload.frame(body: body.bytes, from: PeerID(rawValue: 1), recipients: nil).readableBytes - 4)
        let result = host.receive(.app(AppMessage(to: .all, body: body)), on: ada)
        #expect(result.bye == Bye(reason: .protocolError, detail: ProtocolViolation.tooLargeToRelay(bytes: size, limit: 256).description))
        #expect(result.messages(to: bob).filter { if case .app = $0 { true } else { false } }.isEmpty)
        #expect(host.machine.players.map(\.name) == ["Bob"])
    }

    @Test func theHostsGameSendsToOneAListEveryoneAndItself() {
        var host = HostDriver()
        let (ada, adaPeer) = host.join("Ada")
        let bob = host.join("Bob").link
        let fromHost = WireMessage.app(AppMessage(from: .host, body: Self.body))
        #expect(host.machine.send(Self.body, to: .peer(adaPeer.id), now: host.now).messages(to: ada) == [fromHost])
        let all = host.machine.send(Self.body, to: .all, now: host.now)
        #expect(all.messages(to: ada) == [fromHost])
        #expect(all.messages(to: bob) == [fromHost])
        #expect(all.messagesToGame.isEmpty)
        let selfSent = host.machine.send(Self.body, to: .host, now: host.now)
        #expect(selfSent.writes.isEmpty)
        #expect(selfSent.messagesToGame.map(\.from) == [.host])
        #expect(selfSent.messagesToGame.map(\.senderName) == ["Kitchen Pi"])
        #expect(host.machine.send(Self.body, to: .peers([PeerID(rawValue: 42)]), now: host.now).writes.isEmpty)
    }

    // MARK: RosterBatch batches

    @Test func joinsAndLeavesReachTheOthersInOneBatch() {
        var host = HostDriver(capacity: 5)
        let (ada, adaPeer) = host.join("Ada")
        _ = host.flushRoster()
        let (bob, bobPeer) = host.join("Bob")
        let (cy, cyPeer) = host.join("Cy")
        let (_, deePeer) = host.join("Dee")
        _ = host.receive(.bye(Bye(reason: .userQuit, detail: nil)), on: bob)
        #expect(host.tick(at: host.ms + 10).messages(to: ada).isEmpty, "the batch waits")
        let batch = host.flushRoster()
        #expect(batch.messages(to: ada) == [
            .joined(Joined(peer: bobPeer)), .joined(Joined(peer: cyPeer)), .joined(Joined(peer: deePeer)),
            .left(Left(peer: bobPeer, reason: .userQuit)),
        ])
        // Cy's welcome listed Ada and Bob: it hears only what came after it.
        #expect(batch.messages(to: cy) == [.joined(Joined(peer: deePeer)), .left(Left(peer: bobPeer, reason: .userQuit))])
        #expect(batch.messages(to: bob).isEmpty)
        let rosterWrites = batch.writes.filter { if case .send(.roster, _) = $0 { true } else { false } }
        #expect(rosterWrites.count == 3, "one write for those before the batch, one per newcomer with news")
        #expect(host.flushRoster().writes.filter { if case .send(.roster, _) = $0 { true } else { false } }.isEmpty)
        _ = adaPeer
    }

    @Test func theFirstNoteAsksForAWakeUp() {
        var host = HostDriver(rosterBatch: .milliseconds(50))
        host.ms = 100
        #expect(host.hello("Ada").result.wake == Fixtures.at(ms: 150))
        #expect(host.hello("Bob").result.wake == nil)
        #expect(host.tick(at: 120).wake == Fixtures.at(ms: 150))
    }

    @Test func aNewcomersMessageIsRelayedOnlyAfterTheOthersHeardItJoined() {
        var host = HostDriver()
        let ada = host.join("Ada").link
        _ = host.flushRoster()
        let (bob, bobPeer) = host.join("Bob")
        let result = host.receive(Self.app(to: .all), on: bob)
        #expect(result.messages(to: ada) == [.joined(Joined(peer: bobPeer)), Self.relayed(from: bobPeer)])
        let later = host.flushRoster().writes.filter { if case .send(.roster, _) = $0 { true } else { false } }
        #expect(later.isEmpty, "the batch went with the message")
    }

    @Test func theHostsOwnMessagesDoNotWaitForTheBatch() {
        var host = HostDriver()
        let ada = host.join("Ada").link
        _ = host.join("Bob")
        let result = host.machine.send(Self.body, to: .all, now: host.now)
        #expect(result.messages(to: ada) == [.app(AppMessage(from: .host, body: Self.body))])
    }

    @Test func aWelcomeThatWouldNotFitAFrameListsTheRestAsJoined() {
        var host = HostDriver(capacity: 40, maxFrame: 1024)
        let names = (1...30).map { "Player \($0) with a long name" }
        for name in names { host.join(name) }
        let (link, result) = host.hello("Last")
        guard let welcome = result.welcome else { Issue.record("not admitted"); return }
        let following = result.messages(to: link).dropFirst().compactMap { if case .joined(let joined) = $0 { joined.peer } else { nil } }
        #expect(welcome.peers.count < 30)
        #expect((welcome.peers + following).map(\.name) == names)
        #expect(WireCodec().encode(.welcome(welcome)).readableBytes <= 1024)
    }
}
