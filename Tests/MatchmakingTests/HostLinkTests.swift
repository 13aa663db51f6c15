import NIOCore
import Testing

@testable import Matchmaking

/// One link on the host machine: which frames are legal when, the handshake deadline,
/// heartbeats, routing, and every way a link ends.
@Suite struct HostLinkTests {
    static func unexpected(_ message: WireMessage, _ state: String) -> ProtocolViolation {
        .unexpectedMessage(type: message.typeName, state: state)
    }

    // MARK: Before the hello

    @Test(arguments: Fixtures.oneOfEach.filter { $0.typeName != "clientHello" })
    func anotherMessageBeforeTheHelloIsDeniedBadHello(message: WireMessage) {
        var host = HostDriver()
        let (link, _) = host.open()
        let result = host.receive(message, on: link)
        #expect(result.denial?.reason == .badHello)
        #expect(result.denial?.detail == Self.unexpected(message, "awaiting clientHello").description)
        #expect(result.closed == [link])
        // Whatever still comes is ignored, and its closing frees nothing twice.
        #expect(host.receive(.clientHello(ClientHello(version: 1, name: "Ada")), on: link).writes.isEmpty)
        #expect(host.closed(link).writes.isEmpty)
        #expect(host.machine.linkCount == 0)
    }

    @Test(arguments: [ProtocolViolation.invalidUTF8, .frameTooLarge(length: 70_000, limit: 65_536), .emptyFrame])
    func anUndecodableFrameBeforeTheHelloIsDeniedBadHello(violation: ProtocolViolation) {
        var host = HostDriver()
        let (link, _) = host.open()
        let result = host.receive(violation, on: link)
        #expect(result.denial?.reason == .badHello)
        #expect(result.denial?.detail == violation.description)
        #expect(result.closed == [link])
    }

    @Test func aSilentLinkIsClosedAtTheHandshakeDeadline() {
        var host = HostDriver(handshakeTimeout: .seconds(3))
        let (link, _) = host.open()
        #expect(host.tick(at: 3000).closed.isEmpty)
        let result = host.tick(at: 3001)
        #expect(result.closed == [link])
        #expect(result.denial?.reason == .badHello)
        #expect(result.denial?.detail == "no clientHello within 3.0 s")
        #expect(host.machine.linkCount == 1)  // closing, until the transport says it closed
        _ = host.closed(link)
        #expect(host.machine.linkCount == 0)
    }

    @Test func theHandshakeDeadlineIsConfigurable() {
        var host = HostDriver(handshakeTimeout: .milliseconds(200))
        let (link, _) = host.open()
        #expect(host.tick(at: 150).closed.isEmpty)
        #expect(host.tick(at: 201).closed == [link])
    }

    @Test func noHandshakeDeadlineOnceAdmitted() {
        var host = HostDriver(handshakeTimeout: .milliseconds(200))
        let (link, _) = host.join("Ada")
        _ = host.receive(.ping(Ping(seq: 0, sent: 0)), on: link)
        #expect(!host.tick(at: 1000).closed.contains(link))
    }

    @Test func aLinkClosedBeforeSayingAnythingIsRoutine() {
        var host = HostDriver()
        let (link, _) = host.open()
        let result = host.closed(link)
        #expect(result.inputs.isEmpty)
        guard case .closing(_, _, let routine)? = result.notes.first else { Issue.record("no note"); return }
        #expect(routine)
        #expect(host.machine.linkCount == 0)
    }

    @Test func thePendingCapRefusesAndAFreedPlaceIsReused() {
        var host = HostDriver(maxPending: 2)
        let (first, _) = host.open()
        _ = host.open()
        let (third, refused) = host.open()
        #expect(refused.closed == [third])
        #expect(refused.denial == nil)
        guard case .refusedPending(let limit, let suppressed)? = refused.notes.first else { Issue.record("no note"); return }
        #expect((limit, suppressed) == (2, 0))
        // The note is throttled: one per 10 s, with a count of the others.
        #expect(host.open().result.notes.isEmpty)
        host.ms += 10_001
        guard case .refusedPending(_, let later)? = host.open().result.notes.first else { Issue.record("no note"); return }
        #expect(later == 1)
        _ = host.closed(first)
        #expect(host.open().result.closed.isEmpty)
    }

    // MARK: Admitted

    @Test func aPingIsAnsweredWithAPong() {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        host.ms = 5
        let result = host.receive(.ping(Ping(seq: 9, sent: 123)), on: link)
        #expect(result.messages(to: link) == [.pong(Heartbeat.pong(for: Ping(seq: 9, sent: 123), receivedAt: host.now, now: host.now))])
    }

    @Test func aPongUpdatesTheClock() {
        var host = HostDriver()
        let (link, peer) = host.join("Ada")
        let ping = host.tick(at: 0).messages(to: link).first
        guard case .ping(let sent)? = ping else { Issue.record("no ping: \(String(describing: ping))"); return }
        host.ms = 2
        let stamped = Fixtures.at(ms: 0).microseconds  // as the runner stamps it when it writes it
        _ = host.receive(.pong(Pong(seq: sent.seq, sent: stamped, received: 7_000_000, replied: 7_000_100)), on: link)
        let estimate = host.machine.clocks[peer.id]
        #expect(estimate?.roundTrip == 1900)
        #expect(estimate?.samples == 1)
    }

    @Test func aPongWithANegativeRoundTripGivesNoEstimate() {
        var host = HostDriver()
        let (link, peer) = host.join("Ada")
        _ = host.receive(.pong(Pong(seq: 0, sent: host.now.microseconds + 10_000, received: 0, replied: 0)), on: link)
        #expect(host.machine.clocks[peer.id] == nil)
    }

    @Test func pingsAreDueOnScheduleAndShareOneFrame() {
        var host = HostDriver()
        let ada = host.join("Ada").link
        let bob = host.join("Bob").link
        let first = host.tick(at: 0)
        let sends = first.writes.filter { if case .send(.ping, _) = $0 { true } else { false } }
        #expect(sends.count == 1)
        #expect(first.messages(to: ada) == first.messages(to: bob))
        #expect(host.tick(at: 60).messages(to: ada) == [.joined(Joined(peer: Peer(id: PeerID(rawValue: 2), name: "Bob")))])
        #expect(host.tick(at: 999).messages(to: ada).isEmpty)
        guard case .ping(let second)? = host.tick(at: 1000).messages(to: ada).first else { Issue.record("no ping"); return }
        guard case .ping(let firstPing)? = first.messages(to: ada).first else { return }
        #expect(second.seq == firstPing.seq + 1)
    }

    @Test func aSilentPlayerIsDroppedAtTheHeartbeatTimeout() {
        var host = HostDriver()
        let (link, peer) = host.join("Ada")
        _ = host.tick(at: 1000)
        #expect(host.tick(at: 3000).closed.isEmpty)
        let result = host.tick(at: 3001)
        #expect(result.closed == [link])
        #expect(result.bye == Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout"))
        #expect(result.left.map(\.0) == [peer])
        #expect(result.left.map(\.1) == [.connectionDropped])
        #expect(host.machine.players.isEmpty)
    }

    /// A player whose TCP still acknowledges the host's bytes, some still unacknowledged, is
    /// behind the host's backlog on a crowded link, not gone: its silence is excused an interval
    /// at a time, until its link says otherwise or the backlog limit.
    @Test func aSilentPlayerBehindTheHostsBacklogIsKeptUntilItsLinkGoesQuiet() {
        var host = HostDriver()
        let (link, peer) = host.join("Ada")
        var reading = TransportState(unacknowledgedSegments: 12, sinceLastAcknowledgement: .milliseconds(40))
        var asked: [LinkID] = []
        host.transport = { id in asked.append(id); return reading }
        _ = host.tick(at: 1000)
        var result = host.tick(at: 3001)
        #expect(result.closed.isEmpty && result.checks.map(\.link) == [LinkID(rawValue: 1)], "asked, and excused")
        #expect(host.tick(at: 3500).checks.isEmpty, "excused for an interval")
        #expect(host.tick(at: 4001).checks.count == 1, "asked again")
        reading.sinceLastAcknowledgement = .milliseconds(3_200)  // its TCP went quiet too: gone
        host.transport = { _ in reading }
        result = host.tick(at: 5002)
        #expect(result.closed == [link])
        #expect(result.left.map(\.0) == [peer] && result.left.map(\.1) == [.connectionDropped])
        #expect(asked.count == 2)
    }

    /// A link whose serverHello is still on its way is not denied at the handshake timeout; once
    /// its TCP has everything and still no hello comes, or at 10 timeouts, it is.
    @Test func aHandshakeBehindTheHostsBacklogIsGivenMoreTime() throws {
        var host = HostDriver()
        let link = host.open().link
        var reading = TransportState(unacknowledgedSegments: 2, sinceLastAcknowledgement: .milliseconds(100))
        host.transport = { _ in reading }
        var result = host.tick(at: 3_001)
        #expect(result.closed.isEmpty && result.checks.count == 1, "asked, and excused")
        #expect(host.tick(at: 3_500).checks.isEmpty)
        reading = TransportState(unacknowledgedSegments: 0, sinceLastAcknowledgement: .milliseconds(100))
        result = host.tick(at: 4_001)
        #expect(result.closed == [link])
        #expect(result.messages(to: link).contains { if case .deny(let deny) = $0 { deny.reason == .badHello } else { false } })

        let slow = host.open().link
        host.transport = { _ in TransportState(unacknowledgedSegments: 2, sinceLastAcknowledgement: .zero) }
        let opened = host.ms
        var ms = opened
        while ms < opened + 30_000 {
            ms += 250
            #expect(host.tick(at: ms).closed.isEmpty, "excused at \(ms - opened) ms")
        }
        #expect(host.tick(at: opened + 30_001).closed == [slow], "10 handshake timeouts: denied whatever its link says")
    }

    @Test func nothingUnacknowledgedMeansTheSilenceIsThePlayers() {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        host.transport = { _ in TransportState(unacknowledgedSegments: 0, sinceLastAcknowledgement: .milliseconds(10)) }
        _ = host.tick(at: 1000)
        #expect(host.tick(at: 3001).closed == [link], "everything it was sent arrived; it did not answer")
    }

    @Test func theBacklogLimitEndsAnExcusedSilence() {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        host.transport = { _ in TransportState(unacknowledgedSegments: 3, sinceLastAcknowledgement: .zero) }
        var ms: Int64 = 0
        while ms < 30_000 {
            ms += 250
            #expect(host.tick(at: ms).closed.isEmpty, "excused at \(ms) ms")
        }
        let result = host.tick(at: 30_001)
        #expect(result.closed == [link] && result.checks.isEmpty, "10 timeouts: gone whatever its link says")
    }

    @Test(arguments: [
        WireMessage.app(AppMessage(body: .null)),
        .ping(Ping(seq: 0, sent: 0)),
        .pong(Pong(seq: 0, sent: 0, received: 0, replied: 0)),
    ])
    func anyFrameKeepsAPlayerAlive(message: WireMessage) {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        host.ms = 2500
        _ = host.receive(message, on: link)
        #expect(host.tick(at: 5500).closed.isEmpty)
        #expect(host.tick(at: 5501).closed == [link])
    }

    @Test(arguments: [
        (ByeReason.userQuit, ByeReason.userQuit),
        (.serverQuit, .userQuit),  // a player cannot quit the server; it is the player leaving
        (.kicked, .userQuit),  // nor kick itself: only the host says `kicked`
        (.protocolError, .protocolError),
        (.connectionDropped, .connectionDropped),
    ])
    func aByeClosesAndFreesTheSlot(sent: ByeReason, announced: ByeReason) {
        var host = HostDriver()
        let (link, peer) = host.join("Ada")
        let result = host.receive(.bye(Bye(reason: sent, detail: "whatever")), on: link)
        #expect(result.closed == [link])
        #expect(result.messages(to: link).isEmpty)  // no farewell to a farewell
        #expect(result.left.map(\.0) == [peer])
        #expect(result.left.map(\.1) == [announced])
        #expect(host.closed(link).inputs.isEmpty)  // left once
    }

    @Test(arguments: Fixtures.oneOfEach.filter { !["ping", "pong", "app", "bye"].contains($0.typeName) })
    func aHandshakeMessageAfterAdmissionIsAProtocolError(message: WireMessage) {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        let result = host.receive(message, on: link)
        #expect(result.bye == Bye(reason: .protocolError, detail: Self.unexpected(message, "admitted").description))
        #expect(result.left.map(\.1) == [.protocolError])
    }

    @Test func anUndecodableFrameAfterAdmissionIsAProtocolError() {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        let violation = ProtocolViolation.malformedMessage("missing seq")
        let result = host.receive(violation, on: link)
        #expect(result.bye == Bye(reason: .protocolError, detail: violation.description))
        #expect(result.closed == [link])
    }

    @Test func aTransportThatClosesDropsThePlayer() {
        var host = HostDriver()
        let (link, peer) = host.join("Ada")
        let result = host.closed(link)
        #expect(result.left.map(\.0) == [peer])
        #expect(result.left.map(\.1) == [.connectionDropped])
        #expect(result.writes.isEmpty)
        #expect(host.closed(link).inputs.isEmpty)
    }

    @Test func aPlayerThatStopsReadingIsDropped() {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        let result = host.machine.sendBufferFull(LinkID(rawValue: UInt64(link)), now: host.now)
        #expect(result.closed == [link])
        #expect(result.messages(to: link).isEmpty)
        #expect(result.left.map(\.1) == [.connectionDropped])
        let (pending, _) = host.open()
        #expect(host.machine.sendBufferFull(LinkID(rawValue: UInt64(pending)), now: host.now).closed == [pending])
    }

    @Test func eventsForUnknownLinksDoNothing() {
        var host = HostDriver()
        #expect(host.receive(.ping(Ping(seq: 0, sent: 0)), on: 99).writes.isEmpty)
        #expect(host.receive(.emptyFrame, on: 99).writes.isEmpty)
        #expect(host.closed(99).inputs.isEmpty)
        #expect(host.machine.sendBufferFull(LinkID(rawValue: 99), now: host.now).writes.isEmpty)
    }
}
