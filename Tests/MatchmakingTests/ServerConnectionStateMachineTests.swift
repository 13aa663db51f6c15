import NIOCore
import Testing

@testable import Matchmaking

@Suite struct ServerConnectionStateMachineTests {
    typealias Machine = ServerConnectionStateMachine
    typealias Closing = ServerConnectionStateMachine.Closing

    static let id = PeerID(rawValue: 1)
    static let welcome = Fixtures.welcome(you: Fixtures.ada)
    static let hello = ClientHello(version: 1, name: "Ada", proof: nil)

    static func fresh(handshakeTimeout: TimeAmount = .seconds(3)) -> Machine {
        Machine(configuration: .init(handshakeTimeout: handshakeTimeout), now: Fixtures.at(ms: 0))
    }

    static func awaitingAdmission() -> Machine {
        var machine = fresh()
        #expect(machine.received(.clientHello(hello), now: Fixtures.at(ms: 10)) == .evaluateHello(hello))
        return machine
    }

    /// Admitted as peer 1 at `ms`.
    static func admitted(at ms: Int64 = 0) -> Machine {
        var machine = awaitingAdmission()
        #expect(machine.admitted(welcome, now: Fixtures.at(ms: ms)) == .send(.welcome(welcome)))
        return machine
    }

    static func unexpected(_ message: WireMessage, _ state: String) -> ProtocolViolation {
        .unexpectedMessage(type: message.typeName, state: state)
    }

    static func denyBadHello(_ violation: ProtocolViolation) -> Machine.Action {
        .close(Closing(
            farewell: .deny(Deny(reason: .badHello, detail: violation.description)), peerLeft: nil,
            logReason: violation.description))
    }

    static func byeProtocolError(_ violation: ProtocolViolation) -> Machine.Action {
        .close(Closing(
            farewell: .bye(Bye(reason: .protocolError, detail: violation.description)),
            peerLeft: (id, .protocolError), logReason: violation.description))
    }

    // MARK: handshake

    @Test func startsAwaitingHelloSinceCreation() {
        let machine = Self.fresh()
        guard case .awaitingHello(let since) = machine.state else {
            Issue.record("state \(machine.state)")
            return
        }
        #expect(since == Fixtures.at(ms: 0))
        #expect(machine.configuration.handshakeTimeout == .seconds(3))
        #expect(machine.configuration.heartbeat == .default)
    }

    @Test func handshakeAdmitted() {
        var machine = Self.fresh()
        #expect(machine.received(.clientHello(Self.hello), now: Fixtures.at(ms: 100)) == .evaluateHello(Self.hello))
        #expect(machine.state.isAwaitingAdmission)
        #expect(machine.admitted(Self.welcome, now: Fixtures.at(ms: 200)) == .send(.welcome(Self.welcome)))
        #expect(machine.state.admittedID == Self.id)
    }

    @Test func admittedIDComesFromTheWelcome() {
        var machine = Self.awaitingAdmission()
        let welcome = Fixtures.welcome(you: Peer(id: PeerID(rawValue: 42), name: "Ada"))
        _ = machine.admitted(welcome, now: Fixtures.at(ms: 20))
        #expect(machine.state.admittedID == PeerID(rawValue: 42))
        #expect(machine.received(.app(AppMessage(body: .null)), now: Fixtures.at(ms: 30))
            == .deliver(AppMessage(body: .null), from: PeerID(rawValue: 42)))
    }

    @Test func handshakeDenied() {
        var machine = Self.awaitingAdmission()
        #expect(
            machine.denied(.full, detail: "the game is full (3 of 3 players)")
                == .close(Closing(
                    farewell: .deny(Deny(reason: .full, detail: "the game is full (3 of 3 players)")), peerLeft: nil,
                    logReason: "denied full")))
        #expect(machine.state.isClosed)
    }

    @Test func closedWhileAdmissionDecidedGivesTheSlotBack() {
        var machine = Self.awaitingAdmission()
        _ = machine.transportClosed()
        #expect(
            machine.admitted(Self.welcome, now: Fixtures.at(ms: 30))
                == .close(Closing(
                    farewell: nil, peerLeft: (Self.id, .connectionDropped),
                    logReason: "connection closed while its hello was being admitted")))
        #expect(machine.state.isClosed)
    }

    @Test func closedWhileDenialDecidedDoesNothing() {
        var machine = Self.awaitingAdmission()
        _ = machine.transportClosed()
        #expect(machine.denied(.full, detail: "full") == .none)
        #expect(machine.state.isClosed)
    }

    @Test(arguments: Fixtures.oneOfEach.filter { $0.typeName != "clientHello" })
    func wrongMessageBeforeHelloIsDeniedBadHello(message: WireMessage) {
        var machine = Self.fresh()
        let action = machine.received(message, now: Fixtures.at(ms: 5))
        #expect(action == Self.denyBadHello(Self.unexpected(message, "awaiting clientHello")))
        #expect(machine.state.isClosed)
    }

    @Test func undecodableFrameBeforeHelloIsDeniedBadHello() {
        var machine = Self.fresh()
        #expect(machine.violation(.invalidUTF8) == Self.denyBadHello(.invalidUTF8))
        #expect(machine.state.isClosed)
    }

    @Test(arguments: Fixtures.oneOfEach)
    func anyMessageWhileAwaitingAdmissionClosesWithBadHello(message: WireMessage) {
        var machine = Self.awaitingAdmission()
        let action = machine.received(message, now: Fixtures.at(ms: 20))
        #expect(action == Self.denyBadHello(Self.unexpected(message, "awaiting admission")))
        #expect(machine.state.isClosed)
    }

    @Test func violationWhileAwaitingAdmission() {
        var machine = Self.awaitingAdmission()
        let violation = ProtocolViolation.frameTooLarge(length: 70_000, limit: 65_536)
        #expect(machine.violation(violation) == Self.denyBadHello(violation))
        #expect(machine.state.isClosed)
    }

    // MARK: handshake timeout

    @Test func handshakeTimeout() {
        var machine = Self.fresh()
        #expect(machine.tick(now: Fixtures.at(ms: 1000)) == .none)
        #expect(machine.tick(now: Fixtures.at(ms: 3000)) == .none)
        #expect(machine.state.isAwaitingHello)
        #expect(
            machine.tick(now: Fixtures.at(ms: 3000, ns: 1))
                == .close(Closing(
                    farewell: .deny(Deny(reason: .badHello, detail: "no clientHello within 3.0 s")), peerLeft: nil,
                    logReason: "handshake timeout")))
        #expect(machine.state.isClosed)
        #expect(machine.tick(now: Fixtures.at(ms: 9000)) == .none)
    }

    @Test func handshakeTimeoutIsConfigurable() {
        var machine = Self.fresh(handshakeTimeout: .milliseconds(500))
        #expect(machine.tick(now: Fixtures.at(ms: 500)) == .none)
        guard case .close(let closing) = machine.tick(now: Fixtures.at(ms: 501)) else {
            Issue.record("no timeout")
            return
        }
        #expect(closing.farewell == .deny(Deny(reason: .badHello, detail: "no clientHello within 0.5 s")))
        #expect(closing.peerLeft == nil)
    }

    @Test func noHandshakeTimeoutOnceTheHelloArrived() {
        var machine = Self.awaitingAdmission()
        #expect(machine.tick(now: Fixtures.at(ms: 60_000)) == .none)
        #expect(machine.state.isAwaitingAdmission)
    }

    // MARK: admitted

    @Test func pingIsAnsweredWithPong() {
        var machine = Self.admitted()
        let now = Fixtures.at(ms: 250, ns: 7000)
        let action = machine.received(.ping(Ping(seq: 7, sent: 123_456)), now: now)
        #expect(action == .send(.pong(Pong(seq: 7, sent: 123_456, received: now.microseconds, replied: now.microseconds))))
        #expect(now.microseconds == 1_000_250_007)
        #expect(machine.state.admittedID == Self.id)
    }

    @Test func pongUpdatesTheClock() {
        var machine = Self.admitted(at: 0)
        let t0 = Fixtures.at(ms: 0)
        #expect(machine.tick(now: t0) == .send(.ping(Ping(seq: 0, sent: t0.microseconds))))
        // The peer's clock is 5 s ahead; 800 µs out, 100 µs to answer, 1100 µs back.
        let skew: Int64 = 5_000_000
        let t1 = t0.microseconds + 800 + skew
        let pong = Pong(seq: 0, sent: t0.microseconds, received: t1, replied: t1 + 100)
        let action = machine.received(.pong(pong), now: Fixtures.at(ms: 2))
        // offset = ((t1 - t0) + (t2 - t3)) / 2 = (5_000_800 + 4_998_900) / 2; round trip = 2000 - 100.
        #expect(action == .clockUpdated(Self.id, ClockEstimate(offset: 4_999_850, roundTrip: 1900, medianRoundTrip: 1900, samples: 1)))
    }

    @Test func pongWithNegativeRoundTripGivesNoEstimate() {
        var machine = Self.admitted(at: 0)
        let now = Fixtures.at(ms: 10)
        // "sent" after it came back: a clock step; the sample is ignored and there is no estimate yet.
        let pong = Pong(seq: 0, sent: now.microseconds + 1000, received: 5, replied: 6)
        #expect(machine.received(.pong(pong), now: now) == .none)
        #expect(machine.state.admittedID == Self.id)
    }

    @Test func appMessagesAreDelivered() {
        var machine = Self.admitted()
        let app = AppMessage(from: nil, to: .peers([PeerID(rawValue: 2)]), body: Fixtures.appBody)
        #expect(machine.received(.app(app), now: Fixtures.at(ms: 5)) == .deliver(app, from: Self.id))
        #expect(machine.received(.app(app), now: Fixtures.at(ms: 6)) == .deliver(app, from: Self.id))
        #expect(machine.state.admittedID == Self.id)
    }

    @Test(arguments: [
        (ByeReason.userQuit, ByeReason.userQuit),
        (.serverQuit, .userQuit),  // a client cannot quit a server; it is the client leaving
        (.protocolError, .protocolError),
        (.connectionDropped, .connectionDropped),
    ])
    func byeClosesAndFreesTheSlot(sent: ByeReason, announced: ByeReason) {
        var machine = Self.admitted()
        let action = machine.received(.bye(Bye(reason: sent, detail: "whatever")), now: Fixtures.at(ms: 5))
        #expect(action == .close(Closing(farewell: nil, peerLeft: (Self.id, announced), logReason: "bye \(sent.rawValue)")))
        #expect(machine.state.isClosed)
    }

    @Test(arguments: Fixtures.oneOfEach.filter { !["ping", "pong", "app", "bye"].contains($0.typeName) })
    func handshakeMessageAfterAdmissionIsAProtocolError(message: WireMessage) {
        var machine = Self.admitted()
        let action = machine.received(message, now: Fixtures.at(ms: 5))
        #expect(action == Self.byeProtocolError(Self.unexpected(message, "admitted")))
        #expect(machine.state.isClosed)
    }

    @Test func undecodableFrameAfterAdmission() {
        var machine = Self.admitted()
        let violation = ProtocolViolation.malformedMessage("missing seq")
        #expect(machine.violation(violation) == Self.byeProtocolError(violation))
        #expect(machine.state.isClosed)
    }

    // MARK: heartbeats

    @Test func pingsAreSentOnSchedule() {
        var machine = Self.admitted(at: 0)
        #expect(machine.tick(now: Fixtures.at(ms: 0)) == .send(.ping(Ping(seq: 0, sent: Fixtures.at(ms: 0).microseconds))))
        #expect(machine.tick(now: Fixtures.at(ms: 999)) == .none)
        #expect(machine.tick(now: Fixtures.at(ms: 1000)) == .send(.ping(Ping(seq: 1, sent: Fixtures.at(ms: 1000).microseconds))))
    }

    @Test func heartbeatTimeoutDropsThePeer() {
        var machine = Self.admitted(at: 0)
        _ = machine.tick(now: Fixtures.at(ms: 0))
        _ = machine.tick(now: Fixtures.at(ms: 1000))
        #expect(machine.tick(now: Fixtures.at(ms: 3000)) == .send(.ping(Ping(seq: 2, sent: Fixtures.at(ms: 3000).microseconds))))
        #expect(
            machine.tick(now: Fixtures.at(ms: 3000, ns: 1))
                == .close(Closing(
                    farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout")),
                    peerLeft: (Self.id, .connectionDropped), logReason: "heartbeat timeout")))
        #expect(machine.state.isClosed)
    }

    @Test(arguments: [
        WireMessage.app(AppMessage(body: .null)),
        .ping(Ping(seq: 0, sent: 0)),
        .pong(Pong(seq: 0, sent: 0, received: 0, replied: 0)),
    ])
    func anyFrameKeepsThePeerAlive(message: WireMessage) {
        var machine = Self.admitted(at: 0)
        _ = machine.received(message, now: Fixtures.at(ms: 2500))
        #expect(machine.tick(now: Fixtures.at(ms: 5500)).isPing)
        guard case .close(let closing) = machine.tick(now: Fixtures.at(ms: 5500, ns: 1)) else {
            Issue.record("not dropped")
            return
        }
        #expect(closing.peerLeft?.reason == .connectionDropped)
    }

    @Test func noTicksBeforeAdmission() {
        var machine = Self.awaitingAdmission()
        #expect(machine.tick(now: Fixtures.at(ms: 100_000)) == .none)
    }

    // MARK: transport closed

    @Test func transportClosedWhileAwaitingHello() {
        var machine = Self.fresh()
        #expect(machine.transportClosed() == .close(Closing(farewell: nil, peerLeft: nil, logReason: "connection closed before admission")))
        #expect(machine.state.isClosed)
    }

    @Test func transportClosedWhileAwaitingAdmission() {
        var machine = Self.awaitingAdmission()
        #expect(machine.transportClosed() == .close(Closing(farewell: nil, peerLeft: nil, logReason: "connection closed before admission")))
        #expect(machine.state.isClosed)
    }

    @Test func transportClosedWhileAdmitted() {
        var machine = Self.admitted()
        #expect(
            machine.transportClosed()
                == .close(Closing(farewell: nil, peerLeft: (Self.id, .connectionDropped), logReason: "connection closed without bye")))
        #expect(machine.state.isClosed)
    }

    @Test func transportClosedWhenClosed() {
        var machine = Self.admitted()
        _ = machine.transportClosed()
        #expect(machine.transportClosed() == .none)
    }

    // MARK: send buffer full

    @Test func sendBufferFullWhileAdmittedDropsThePeer() {
        var machine = Self.admitted()
        #expect(
            machine.sendBufferFull()
                == .close(Closing(
                    farewell: nil, peerLeft: (Self.id, .connectionDropped), logReason: "client not reading (send buffer full)")))
        #expect(machine.state.isClosed)
        #expect(machine.sendBufferFull() == .none)
    }

    @Test func sendBufferFullBeforeAdmission() {
        var hello = Self.fresh()
        #expect(hello.sendBufferFull() == .close(Closing(farewell: nil, peerLeft: nil, logReason: "client not reading (send buffer full)")))
        #expect(hello.state.isClosed)
        var admission = Self.awaitingAdmission()
        #expect(admission.sendBufferFull() == .close(Closing(farewell: nil, peerLeft: nil, logReason: "client not reading (send buffer full)")))
        #expect(admission.state.isClosed)
    }

    // MARK: shutdown

    @Test func shutdownWhileAwaitingHello() {
        var machine = Self.fresh()
        #expect(
            machine.shutdown()
                == .close(Closing(
                    farewell: .deny(Deny(reason: .inProgress, detail: "the host is shutting down")), peerLeft: nil,
                    logReason: "server shutting down")))
        #expect(machine.state.isClosed)
    }

    @Test func shutdownWhileAwaitingAdmission() {
        var machine = Self.awaitingAdmission()
        guard case .close(let closing) = machine.shutdown() else {
            Issue.record("not closed")
            return
        }
        #expect(closing.farewell == .deny(Deny(reason: .inProgress, detail: "the host is shutting down")))
        #expect(closing.peerLeft == nil)
        #expect(machine.state.isClosed)
    }

    @Test func shutdownWhileAdmitted() {
        var machine = Self.admitted()
        #expect(
            machine.shutdown()
                == .close(Closing(
                    farewell: .bye(Bye(reason: .serverQuit, detail: nil)), peerLeft: (Self.id, .serverQuit),
                    logReason: "server shutting down")))
        #expect(machine.state.isClosed)
    }

    @Test func shutdownWhenClosed() {
        var machine = Self.fresh()
        _ = machine.transportClosed()
        #expect(machine.shutdown() == .none)
    }

    // MARK: closed

    @Test(arguments: ["timeout", "deny", "bye", "violation", "transport", "shutdown"])
    func everythingAfterClosedIsIgnored(how: String) {
        var machine: Machine
        switch how {
        case "timeout":
            machine = Self.fresh()
            _ = machine.tick(now: Fixtures.at(ms: 10_000))
        case "deny":
            machine = Self.awaitingAdmission()
            _ = machine.denied(.nameTaken, detail: "")
        case "bye":
            machine = Self.admitted()
            _ = machine.received(.bye(Bye(reason: .userQuit)), now: Fixtures.at(ms: 1))
        case "violation":
            machine = Self.admitted()
            _ = machine.violation(.emptyFrame)
        case "transport":
            machine = Self.admitted()
            _ = machine.transportClosed()
        default:
            machine = Self.admitted()
            _ = machine.shutdown()
        }
        #expect(machine.state.isClosed)
        for message in Fixtures.messages {
            #expect(machine.received(message, now: Fixtures.at(ms: 20_000)) == .none)
        }
        #expect(machine.violation(.invalidUTF8) == .none)
        #expect(machine.tick(now: Fixtures.at(ms: 100_000)) == .none)
        #expect(machine.transportClosed() == .none)
        #expect(machine.shutdown() == .none)
        #expect(machine.sendBufferFull() == .none)
        #expect(machine.state.isClosed)
    }

    @Test func closingEqualityLooksAtEveryField() {
        let base = Closing(farewell: nil, peerLeft: (Self.id, .userQuit), logReason: "x")
        #expect(base == Closing(farewell: nil, peerLeft: (Self.id, .userQuit), logReason: "x"))
        #expect(base != Closing(farewell: nil, peerLeft: (Self.id, .protocolError), logReason: "x"))
        #expect(base != Closing(farewell: nil, peerLeft: (PeerID(rawValue: 2), .userQuit), logReason: "x"))
        #expect(base != Closing(farewell: nil, peerLeft: nil, logReason: "x"))
        #expect(base != Closing(farewell: .bye(Bye(reason: .userQuit)), peerLeft: (Self.id, .userQuit), logReason: "x"))
        #expect(base != Closing(farewell: nil, peerLeft: (Self.id, .userQuit), logReason: "y"))
    }
}

extension ServerConnectionStateMachine.State {
    var isAwaitingHello: Bool {
        if case .awaitingHello = self { return true }
        return false
    }
    var isAwaitingAdmission: Bool {
        if case .awaitingAdmission = self { return true }
        return false
    }
    var admittedID: PeerID? {
        if case .admitted(let id, _) = self { return id }
        return nil
    }
    var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }
}

extension ServerConnectionStateMachine.Action {
    var isPing: Bool {
        if case .send(.ping) = self { return true }
        return false
    }
}
