import NIOCore
import Testing

@testable import Matchmaking

@Suite struct ClientStateMachineTests {
    typealias Machine = ClientStateMachine

    static let target = HostRoute.tcp(host: "192.168.1.20", port: 7777)
    static let code = "sesame"
    static let trivia = GameName(rawValue: "trivia")

    /// The `clientHello` Ada sends for `version`, proving the code over `nonce` when asked.
    static func hello(version: Int = 1, nonce: [UInt8] = Fixtures.nonce, proof: Bool = true) -> ClientStateMachine.Action {
        .send(.clientHello(ClientHello(version: version, name: "Ada", proof: proof ? JoinProof.proof(code: code, nonce: nonce) : nil)))
    }

    static func machine(versions: [Int] = [1], handshakeTimeout: TimeAmount = .seconds(5)) -> Machine {
        Machine(configuration: .init(playerName: "Ada", joinCode: code, handshakeTimeout: handshakeTimeout, versions: versions))
    }

    /// Connecting, transport open at 0 ms, waiting for the server's hello.
    static func awaitingServerHello(versions: [Int] = [1]) -> Machine {
        var client = machine(versions: versions)
        #expect(client.connect(to: target) == .openTransport(target))
        #expect(client.transportOpened(now: Fixtures.at(ms: 0)) == .none)
        return client
    }

    /// Hello sent at `ms`, waiting for welcome or deny.
    static func awaitingWelcome(at ms: Int64 = 10) -> Machine {
        var client = awaitingServerHello()
        #expect(
            client.received(.serverHello(Fixtures.serverHello()), now: Fixtures.at(ms: ms))
                == Self.hello())
        return client
    }

    /// Admitted as Ada at `ms`, with Bob already there.
    static func connected(at ms: Int64 = 20, welcome: Welcome = Fixtures.welcome()) -> Machine {
        var client = awaitingWelcome()
        #expect(client.received(.welcome(welcome), now: Fixtures.at(ms: ms)) == .reportConnected(welcome, hello: Fixtures.serverHello()))
        return client
    }

    static let handshakeTimedOut = Machine.Action.close(
        .connectionDropped, farewell: nil, detail: "no answer from the host within the handshake timeout")

    static func protocolError(_ violation: ProtocolViolation) -> Machine.Action {
        .close(.protocolError, farewell: .bye(Bye(reason: .protocolError, detail: violation.description)))
    }

    // MARK: the happy path and back

    @Test func startsIdleWithNoReason() {
        let client = Machine()
        #expect(client.state.isIdle)
        #expect(client.state.lastEnd == nil)
        #expect(client.configuration.versions == WireCodec.supportedVersions)
        #expect(client.configuration.handshakeTimeout == .seconds(5))
    }

    @Test func fullLifeCycleEndingInUserQuit() {
        var client = Self.machine()
        #expect(client.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5)) == .startBrowsing)
        #expect(client.state.isSearching)
        #expect(client.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5)) == .none)

        #expect(client.connect(to: Self.target) == .none, "a search decides itself")
        #expect(client.found(Self.target, isFallback: false) == .openTransport(Self.target))
        #expect(client.state.connecting == Connecting(Self.target, .openingTransport))

        #expect(client.transportOpened(now: Fixtures.at(ms: 1)) == .none)
        #expect(client.state.connecting == Connecting(Self.target, .awaitingServerHello(since: Fixtures.at(ms: 1))))

        #expect(
            client.received(.serverHello(Fixtures.serverHello(joinCodeRequired: false)), now: Fixtures.at(ms: 2))
                == Self.hello(proof: false))
        #expect(client.state.connecting == Connecting(Self.target, .awaitingWelcome(since: Fixtures.at(ms: 1), hello: Fixtures.serverHello(joinCodeRequired: false))))

        let welcome = Fixtures.welcome(peers: [Fixtures.bob, Fixtures.cy])
        #expect(client.received(.welcome(welcome), now: Fixtures.at(ms: 3)) == .reportConnected(welcome, hello: Fixtures.serverHello(joinCodeRequired: false)))
        let membership = client.state.membership
        #expect(membership?.welcome == welcome)
        #expect(membership?.peers == [Fixtures.bob.id: Fixtures.bob, Fixtures.cy.id: Fixtures.cy])
        #expect(membership?.heartbeat.configuration == HeartbeatConfiguration(interval: .seconds(1), timeout: .seconds(3)))

        #expect(client.quit() == .close(.userQuit, farewell: .bye(Bye(reason: .userQuit, detail: nil))))
        #expect(client.state.lastEnd == .userQuit)
        #expect(client.quit() == .none)
        #expect(client.state.lastEnd == .userQuit)

        // And again from idle, straight to a known address.
        #expect(client.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5)) == .startBrowsing)
    }

    @Test func connectFromIdleDoesNotStopABrowser() {
        var client = Self.machine()
        #expect(client.connect(to: Self.target) == .openTransport(Self.target))
        #expect(client.state.connecting == Connecting(Self.target, .openingTransport))
    }

    @Test func serverQuit() {
        var client = Self.connected()
        #expect(client.received(.bye(Bye(reason: .serverQuit, detail: nil)), now: Fixtures.at(ms: 30)) == .close(.serverQuit, farewell: nil))
        #expect(client.state.lastEnd == .serverQuit)
    }

    @Test(arguments: ByeReason.allCases)
    func byeFromTheHostEndsWithItsReason(reason: ByeReason) {
        var client = Self.connected()
        #expect(client.received(.bye(Bye(reason: reason, detail: "x")), now: Fixtures.at(ms: 30)) == .close(reason.endReason, farewell: nil))
        #expect(client.state.lastEnd == reason.endReason)
    }

    @Test func connectionDroppedWhenTheTransportCloses() {
        var client = Self.connected()
        #expect(client.transportClosed() == .reportEnded(.connectionDropped))
        #expect(client.state.lastEnd == .connectionDropped)
        #expect(client.transportClosed() == .none)
    }

    @Test func transportClosedDuringTheHandshake() {
        var one = Self.awaitingServerHello()
        #expect(one.transportClosed() == .reportEnded(.connectionDropped))
        #expect(one.state.lastEnd == .connectionDropped)
        var two = Self.awaitingWelcome()
        #expect(two.transportClosed() == .reportEnded(.connectionDropped))
        #expect(two.state.lastEnd == .connectionDropped)
    }

    @Test func connectionDroppedOnHeartbeatTimeout() {
        var client = Self.connected(at: 0)
        #expect(client.tick(now: Fixtures.at(ms: 0)) == .send(.ping(Ping(seq: 0, sent: Fixtures.at(ms: 0).microseconds))))
        #expect(client.tick(now: Fixtures.at(ms: 500)) == .none)
        #expect(client.tick(now: Fixtures.at(ms: 1000)) == .send(.ping(Ping(seq: 1, sent: Fixtures.at(ms: 1000).microseconds))))
        #expect(client.tick(now: Fixtures.at(ms: 3000)).isPing)
        #expect(client.state.membership != nil)
        #expect(client.tick(now: Fixtures.at(ms: 3000, ns: 1)) == .close(.connectionDropped, farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout"))))
        #expect(client.state.lastEnd == .connectionDropped)
        #expect(client.tick(now: Fixtures.at(ms: 9000)) == .none)
    }

    @Test func framesFromTheHostKeepItAlive() {
        var client = Self.connected(at: 0)
        _ = client.received(.joined(Joined(peer: Fixtures.cy)), now: Fixtures.at(ms: 2000))
        #expect(client.tick(now: Fixtures.at(ms: 5000)).isPing)
        #expect(client.tick(now: Fixtures.at(ms: 5000, ns: 1)) == .close(.connectionDropped, farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout"))))
    }

    @Test func heartbeatSettingsComeFromTheWelcome() {
        let client = Self.connected(welcome: Fixtures.welcome(intervalMs: 250, timeoutMs: 900))
        #expect(client.state.membership?.heartbeat.configuration == HeartbeatConfiguration(interval: .milliseconds(250), timeout: .milliseconds(900)))
    }

    @Test func absurdHeartbeatSettingsAreClamped() {
        let client = Self.connected(welcome: Fixtures.welcome(intervalMs: 0, timeoutMs: -5))
        #expect(client.state.membership?.heartbeat.configuration == HeartbeatConfiguration(interval: .milliseconds(10), timeout: .milliseconds(11)))
        let other = Self.connected(welcome: Fixtures.welcome(intervalMs: 2000, timeoutMs: 1000))
        #expect(other.state.membership?.heartbeat.configuration == HeartbeatConfiguration(interval: .milliseconds(2000), timeout: .milliseconds(2001)))
    }

    @Test func noNetwork() {
        var client = Self.machine()
        _ = client.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5))
        _ = client.found(Self.target, isFallback: false)
        #expect(client.transportFailed("connection refused") == .reportEnded(.noNetwork, detail: "cannot reach 192.168.1.20:7777: connection refused"))
        #expect(client.state.lastEnd == .noNetwork)
    }

    @Test func transportFailedOutsideOpeningIsIgnored() {
        var idle = Self.machine()
        #expect(idle.transportFailed("x") == .none)
        var searching = Self.machine()
        _ = searching.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5))
        #expect(searching.transportFailed("x") == .none)
        #expect(searching.state.isSearching)
        var awaiting = Self.awaitingServerHello()
        #expect(awaiting.transportFailed("x") == .none)
        #expect(awaiting.state.connecting != nil)
        var connected = Self.connected()
        #expect(connected.transportFailed("x") == .none)
        #expect(connected.state.membership != nil)
    }

    @Test(arguments: DenyReason.allCases)
    func denied(reason: DenyReason) {
        var client = Self.awaitingWelcome()
        #expect(client.received(.deny(Deny(reason: reason, detail: "no")), now: Fixtures.at(ms: 20)) == .close(.denied(reason), farewell: nil, detail: "no"))
        #expect(client.state.lastEnd == .denied(reason))
    }

    @Test func aSuggestedNameIsReported() {
        var client = Self.awaitingWelcome()
        let deny = Deny(reason: .nameTaken, detail: "taken", suggestion: "Ada 2")
        #expect(client.received(.deny(deny), now: Fixtures.at(ms: 20)) == .close(.denied(.nameTaken), farewell: nil, detail: "taken", suggestion: "Ada 2"))
    }

    // MARK: protocol errors

    @Test(arguments: Fixtures.oneOfEach.filter { $0.typeName != "serverHello" })
    func anythingButServerHelloFirstIsAProtocolError(message: WireMessage) {
        var client = Self.awaitingServerHello()
        let expected = Self.protocolError(.unexpectedMessage(type: message.typeName, state: "awaiting serverHello"))
        #expect(client.received(message, now: Fixtures.at(ms: 1)) == expected)
        #expect(client.state.lastEnd == .protocolError)
    }

    @Test(arguments: Fixtures.oneOfEach.filter { !["welcome", "deny"].contains($0.typeName) })
    func anythingButWelcomeOrDenyAfterHelloIsAProtocolError(message: WireMessage) {
        var client = Self.awaitingWelcome()
        let expected = Self.protocolError(.unexpectedMessage(type: message.typeName, state: "awaiting welcome"))
        #expect(client.received(message, now: Fixtures.at(ms: 11)) == expected)
        #expect(client.state.lastEnd == .protocolError)
    }

    @Test(arguments: Fixtures.oneOfEach.filter { ["serverHello", "clientHello", "welcome", "deny"].contains($0.typeName) })
    func handshakeMessagesWhileConnectedAreAProtocolError(message: WireMessage) {
        var client = Self.connected()
        let expected = Self.protocolError(.unexpectedMessage(type: message.typeName, state: "connected"))
        #expect(client.received(message, now: Fixtures.at(ms: 30)) == expected)
        #expect(client.state.lastEnd == .protocolError)
    }

    @Test func undecodableFrames() {
        var awaitingHello = Self.awaitingServerHello()
        #expect(awaitingHello.violation(.invalidUTF8) == Self.protocolError(.invalidUTF8))
        #expect(awaitingHello.state.lastEnd == .protocolError)
        var awaitingWelcome = Self.awaitingWelcome()
        #expect(awaitingWelcome.violation(.emptyFrame) == Self.protocolError(.emptyFrame))
        #expect(awaitingWelcome.state.lastEnd == .protocolError)
        var connected = Self.connected()
        let big = ProtocolViolation.frameTooLarge(length: 1 << 20, limit: 65_536)
        #expect(connected.violation(big) == Self.protocolError(big))
        #expect(connected.state.lastEnd == .protocolError)
    }

    @Test func violationsOutsideAConnectionAreIgnored() {
        var idle = Self.machine()
        #expect(idle.violation(.invalidUTF8) == .none)
        var searching = Self.machine()
        _ = searching.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5))
        #expect(searching.violation(.invalidUTF8) == .none)
        #expect(searching.state.isSearching)
        var opening = Self.machine()
        _ = opening.connect(to: Self.target)
        #expect(opening.violation(.invalidUTF8) == .none)
        #expect(opening.state.connecting?.phase == .openingTransport)
    }

    @Test func framesOutsideAConnectionAreIgnored() {
        var idle = Self.machine()
        var searching = Self.machine()
        _ = searching.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5))
        var opening = Self.machine()
        _ = opening.connect(to: Self.target)
        for message in Fixtures.messages {
            #expect(idle.received(message, now: Fixtures.at()) == .none)
            #expect(searching.received(message, now: Fixtures.at()) == .none)
            #expect(opening.received(message, now: Fixtures.at()) == .none)
        }
        #expect(idle.state.isIdle)
        #expect(searching.state.isSearching)
        #expect(opening.state.connecting?.phase == .openingTransport)
    }

    // MARK: version negotiation and nonce

    @Test(arguments: [
        ([1], [1], 1),
        ([1, 2, 3], [2, 3, 4], 3),
        ([3, 1, 2], [2, 1], 2),
        ([1, 2], [2, 5], 2),
        ([5, 1], [1, 7], 1),
    ])
    func picksTheHighestCommonVersion(client: [Int], server: [Int], expected: Int) {
        var machine = Self.awaitingServerHello(versions: client)
        let action = machine.received(.serverHello(Fixtures.serverHello(versions: server)), now: Fixtures.at(ms: 1))
        #expect(action == Self.hello(version: expected))
    }

    @Test(arguments: [([1], [2]), ([1, 2], [3, 4]), ([1], [])])
    func noCommonVersionIsVersionMismatch(client: [Int], server: [Int]) {
        var machine = Self.awaitingServerHello(versions: client)
        let action = machine.received(.serverHello(Fixtures.serverHello(versions: server)), now: Fixtures.at(ms: 1))
        let spoken = server.map(String.init).joined(separator: ", ")
        #expect(action == .close(.denied(.versionMismatch), farewell: nil, detail: "the host speaks protocol versions \(spoken)"))
        #expect(machine.state.lastEnd == .denied(.versionMismatch))
    }

    @Test(arguments: [
        "not base64!",
        "",
        "AAECAwQFBgcICQoLDA0O",  // 15 bytes
        "AAECAwQFBgcICQoLDA0ODxA=",  // 17 bytes
    ])
    func badNonceIsAProtocolError(nonce: String) {
        var machine = Self.awaitingServerHello()
        let action = machine.received(.serverHello(Fixtures.serverHello(nonce: nonce)), now: Fixtures.at(ms: 1))
        #expect(action == Self.protocolError(.malformedMessage("nonce must be base64 of 16 bytes")))
        #expect(machine.state.lastEnd == .protocolError)
    }

    @Test func nonceIsDecoded() {
        var machine = Self.awaitingServerHello()
        let nonce: [UInt8] = [0xFF, 0xEE, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0x80]
        let hello = Fixtures.serverHello(nonce: Base64.encode(nonce), joinCodeRequired: true)
        #expect(machine.received(.serverHello(hello), now: Fixtures.at(ms: 1)) == Self.hello(nonce: nonce))
    }

    // MARK: connected

    @Test func joinedAndLeftUpdateThePeerTable() {
        var client = Self.connected()
        #expect(client.state.membership?.peers == [Fixtures.bob.id: Fixtures.bob])
        #expect(client.received(.joined(Joined(peer: Fixtures.cy)), now: Fixtures.at(ms: 30)) == .reportJoined(Fixtures.cy))
        #expect(client.state.membership?.peers == [Fixtures.bob.id: Fixtures.bob, Fixtures.cy.id: Fixtures.cy])
        #expect(client.received(.left(Left(peer: Fixtures.bob, reason: .userQuit)), now: Fixtures.at(ms: 40)) == .reportLeft(Fixtures.bob, .userQuit))
        #expect(client.state.membership?.peers == [Fixtures.cy.id: Fixtures.cy])
        #expect(
            client.received(.left(Left(peer: Fixtures.cy, reason: .connectionDropped)), now: Fixtures.at(ms: 50))
                == .reportLeft(Fixtures.cy, .connectionDropped))
        #expect(client.state.membership?.peers == [:])
        // The welcome as received is kept.
        #expect(client.state.membership?.welcome == Fixtures.welcome())
    }

    @Test func pingIsAnsweredWithPong() {
        var client = Self.connected()
        let now = Fixtures.at(ms: 40, ns: 3000)
        #expect(
            client.received(.ping(Ping(seq: 9, sent: 77)), now: now)
                == .send(.pong(Pong(seq: 9, sent: 77, received: now.microseconds, replied: now.microseconds))))
    }

    @Test func pongFeedsTheClockEstimate() {
        var client = Self.connected(at: 0)
        let t0 = Fixtures.at(ms: 0).microseconds
        _ = client.tick(now: Fixtures.at(ms: 0))
        #expect(client.state.membership?.heartbeat.clock.estimate == nil)
        let pong = Pong(seq: 0, sent: t0, received: 500_000, replied: 500_200)
        #expect(client.received(.pong(pong), now: Fixtures.at(ms: 1)) == .none)
        let expected = ClockSample(t0: t0, t1: 500_000, t2: 500_200, t3: t0 + 1000)
        #expect(client.state.membership?.heartbeat.clock.estimate?.offset == expected.offset)
        #expect(client.state.membership?.heartbeat.clock.estimate?.roundTrip == 800)
    }

    @Test func appMessagesAreDelivered() {
        var client = Self.connected()
        let app = AppMessage(from: PeerID(rawValue: 2), to: nil, body: Fixtures.appBody)
        #expect(client.received(.app(app), now: Fixtures.at(ms: 30)) == .deliver(app))
        #expect(client.state.membership != nil)
    }

    // MARK: handshake timeout

    @Test func handshakeTimeoutWaitingForServerHello() {
        var client = Self.awaitingServerHello()
        #expect(client.tick(now: Fixtures.at(ms: 5000)) == .none)
        #expect(client.state.connecting != nil)
        #expect(client.tick(now: Fixtures.at(ms: 5000, ns: 1)) == Self.handshakeTimedOut)
        #expect(client.state.lastEnd == .connectionDropped)
    }

    @Test func handshakeTimeoutWaitingForWelcome() {
        var client = Self.awaitingWelcome(at: 0)
        #expect(client.tick(now: Fixtures.at(ms: 5000)) == .none)
        #expect(client.tick(now: Fixtures.at(ms: 5000, ns: 1)) == Self.handshakeTimedOut)
        #expect(client.state.lastEnd == .connectionDropped)
    }

    @Test func handshakeTimeoutIsConfigurable() {
        var client = Self.machine(handshakeTimeout: .milliseconds(100))
        _ = client.connect(to: Self.target)
        _ = client.transportOpened(now: Fixtures.at(ms: 0))
        #expect(client.tick(now: Fixtures.at(ms: 100)) == .none)
        #expect(client.tick(now: Fixtures.at(ms: 101)) == Self.handshakeTimedOut)
    }

    /// `Configuration.handshakeTimeout` is the time allowed from the transport opening to the welcome:
    /// the deadline does not restart when the serverHello arrives.
    @Test
    func handshakeTimeoutCountsFromTransportOpening() {
        var client = Self.awaitingServerHello()  // transport open at 0 ms
        _ = client.received(.serverHello(Fixtures.serverHello()), now: Fixtures.at(ms: 4000))
        #expect(client.tick(now: Fixtures.at(ms: 5000, ns: 1)) == Self.handshakeTimedOut)
    }

    @Test func noHandshakeDeadlineWhileOpeningTheTransport() {
        var client = Self.machine()
        _ = client.connect(to: Self.target)
        #expect(client.tick(now: Fixtures.at(ms: 600_000)) == .none)
        #expect(client.state.connecting?.phase == .openingTransport)
    }

    @Test func ticksWhileIdleOrSearchingDoNothing() {
        var idle = Self.machine()
        #expect(idle.tick(now: Fixtures.at(ms: 1)) == .none)
        var searching = Self.machine()
        _ = searching.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5))
        #expect(searching.tick(now: Fixtures.at(ms: 1)) == .none)
        #expect(searching.state.isSearching)
    }

    // MARK: searching and quitting

    @Test func stopSearching() {
        var client = Self.machine()
        #expect(client.stopSearching() == .none)
        _ = client.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5))
        #expect(client.stopSearching() == .stopBrowsing)
        #expect(client.state.isIdle)
        #expect(client.state.lastEnd == nil)
        #expect(client.stopSearching() == .none)
    }

    @Test func stopSearchingWhileConnectingOrConnectedDoesNothing() {
        var connecting = Self.awaitingServerHello()
        #expect(connecting.stopSearching() == .none)
        #expect(connecting.state.connecting != nil)
        var connected = Self.connected()
        #expect(connected.stopSearching() == .none)
        #expect(connected.state.membership != nil)
    }

    @Test func startSearchingWhileConnectingOrConnectedDoesNothing() {
        var connecting = Self.awaitingWelcome()
        #expect(connecting.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5)) == .none)
        #expect(connecting.state.connecting != nil)
        var connected = Self.connected()
        #expect(connected.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5)) == .none)
        #expect(connected.state.membership != nil)
    }

    @Test func startSearchingAfterAnEndForgetsNothingButStarts() {
        var client = Self.connected()
        _ = client.transportClosed()
        #expect(client.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5)) == .startBrowsing)
        #expect(client.state.isSearching)
    }

    @Test func quitWhileIdle() {
        var client = Self.machine()
        #expect(client.quit() == .none)
        #expect(client.state.isIdle)
        #expect(client.state.lastEnd == nil)
    }

    @Test func quitWhileSearching() {
        var client = Self.machine()
        _ = client.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: .seconds(5))
        #expect(client.quit() == .reportEnded(.userQuit))
        #expect(client.state.lastEnd == .userQuit)
    }

    @Test func quitWhileOpeningTheTransport() {
        var client = Self.machine()
        _ = client.connect(to: Self.target)
        #expect(client.quit() == .close(.userQuit, farewell: nil))
        #expect(client.state.lastEnd == .userQuit)
    }

    @Test func quitWhileAwaitingServerHello() {
        var client = Self.awaitingServerHello()
        #expect(client.quit() == .close(.userQuit, farewell: nil))
        #expect(client.state.lastEnd == .userQuit)
    }

    @Test func quitWhileAwaitingWelcome() {
        var client = Self.awaitingWelcome()
        #expect(client.quit() == .close(.userQuit, farewell: nil))
        #expect(client.state.lastEnd == .userQuit)
    }

    @Test func quitWhileConnected() {
        var client = Self.connected()
        #expect(client.quit() == .close(.userQuit, farewell: .bye(Bye(reason: .userQuit, detail: nil))))
        #expect(client.state.lastEnd == .userQuit)
        #expect(client.transportClosed() == .none)
        #expect(client.state.lastEnd == .userQuit)
    }

    // MARK: values

    @Test func routeDescription() {
        #expect(HostRoute.tcp(host: "192.168.1.20", port: 7777).description == "192.168.1.20:7777")
        #expect(HostRoute.tcp(host: "kitchen-pi.local", port: 80).description == "kitchen-pi.local:80")
        #expect(HostRoute.tcp(host: "fe80::1%eth0", port: 7777).description == "[fe80::1%eth0]:7777")
    }

    @Test func endReasonDescriptions() {
        #expect(EndReason.userQuit.description == "userQuit")
        #expect(EndReason.serverQuit.description == "serverQuit")
        #expect(EndReason.connectionDropped.description == "connectionDropped")
        #expect(EndReason.noNetwork.description == "noNetwork")
        #expect(EndReason.protocolError.description == "protocolError")
        #expect(EndReason.denied(.nameTaken).description == "denied(nameTaken)")
        #expect(EndReason.kicked.description == "kicked")
    }

    @Test func byeReasonsMapToEndReasons() {
        #expect(ByeReason.userQuit.endReason == .userQuit)
        #expect(ByeReason.serverQuit.endReason == .serverQuit)
        #expect(ByeReason.protocolError.endReason == .protocolError)
        #expect(ByeReason.connectionDropped.endReason == .connectionDropped)
        #expect(ByeReason.kicked.endReason == .kicked)
    }
}

/// Where a connecting client is, for comparisons.
struct Connecting: Hashable {
    var target: HostRoute
    var phase: ClientStateMachine.ConnectingPhase
    init(_ target: HostRoute, _ phase: ClientStateMachine.ConnectingPhase) {
        self.target = target
        self.phase = phase
    }
}

extension ClientStateMachine.State {
    var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }
    /// Why the last connection ended, when idle.
    var lastEnd: EndReason? {
        if case .idle(let lastEnd) = self { return lastEnd }
        return nil
    }
    var isSearching: Bool {
        if case .searching = self { return true }
        return false
    }
    var connecting: Connecting? {
        if case .connecting(let target, let phase) = self { return Connecting(target, phase) }
        return nil
    }
    var membership: ClientStateMachine.Membership? {
        if case .connected(let membership) = self { return membership }
        return nil
    }
}

extension ClientStateMachine.Action {
    var isPing: Bool {
        if case .send(.ping) = self { return true }
        return false
    }
}
