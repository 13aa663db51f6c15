import NIOCore
import Testing

@testable import Matchmaking

/// The client's search, owned by its state machine: which route is taken, when it gives up, and
/// what it says then.
@Suite struct ClientSearchTests {
    static let lan = HostRoute.tcp(host: "10.0.0.2", port: 7777)
    static let radio = HostRoute("00:AA:01:00:00:00 (RFCOMM, channel from SDP)") { _ in throw CancellationError() }

    static func searching(timeout: TimeAmount = .seconds(5)) -> ClientStateMachine {
        var client = ClientStateMachine(configuration: .init(playerName: "Ada"))
        #expect(client.startSearching(for: "host named \"Kitchen Pi\" on the LAN", now: Fixtures.at(ms: 0), timeout: timeout) == .startBrowsing)
        return client
    }

    @Test func aRouteFoundIsTakenAtOnce() {
        var client = Self.searching()
        #expect(client.found(Self.lan, isFallback: false) == .openTransport(Self.lan))
        #expect(client.state.connecting == Connecting(Self.lan, .openingTransport))
        #expect(client.found(Self.radio, isFallback: false) == .none, "one host at a time")
    }

    @Test func aFallbackWaitsForTheDeadline() {
        var client = Self.searching()
        #expect(client.found(Self.radio, isFallback: true) == .none)
        #expect(client.tick(now: Fixtures.at(ms: 4999)) == .none)
        #expect(client.state.isSearching)
        #expect(client.tick(now: Fixtures.at(ms: 5000)) == .openTransport(Self.radio))
    }

    @Test func aBetterRouteBeatsTheFallback() {
        var client = Self.searching()
        _ = client.found(Self.radio, isFallback: true)
        #expect(client.found(Self.lan, isFallback: false) == .openTransport(Self.lan))
    }

    @Test func theFirstFallbackIsKept() {
        var client = Self.searching()
        let other = HostRoute.tcp(host: "10.0.0.3", port: 1)
        _ = client.found(Self.radio, isFallback: true)
        _ = client.found(other, isFallback: true)
        #expect(client.tick(now: Fixtures.at(ms: 5000)) == .openTransport(Self.radio))
    }

    @Test func nothingFoundByTheDeadlineIsNoNetworkSayingWhat() {
        var client = Self.searching(timeout: .milliseconds(2500))
        #expect(client.tick(now: Fixtures.at(ms: 2500))
            == .reportEnded(.noNetwork, detail: "found no host named \"Kitchen Pi\" on the LAN within 2.5 s"))
        #expect(client.state.lastEnd == .noNetwork)
        #expect(client.found(Self.lan, isFallback: false) == .none)
    }

    @Test func aSearchThatCannotGoOnEndsOrTakesTheFallback() {
        var failing = Self.searching()
        #expect(failing.searchFailed("cannot browse: no avahi-daemon") == .reportEnded(.noNetwork, detail: "cannot browse: no avahi-daemon"))
        var withFallback = Self.searching()
        _ = withFallback.found(Self.radio, isFallback: true)
        #expect(withFallback.searchFailed("cannot browse") == .openTransport(Self.radio))
        var idle = ClientStateMachine()
        #expect(idle.searchFailed("x") == .none)
    }

    @Test func aRouteThatCannotBeOpenedSaysWhere() {
        var client = Self.searching()
        _ = client.found(Self.lan, isFallback: false)
        #expect(client.transportFailed("connection refused") == .reportEnded(.noNetwork, detail: "cannot reach 10.0.0.2:7777: connection refused"))
    }

    @Test func theRunnerTicksOftenEnoughForEachDeadline() {
        var client = ClientStateMachine(configuration: .init(handshakeTimeout: .seconds(5)))
        #expect(client.tickInterval == .milliseconds(500))
        _ = client.connect(to: Self.lan)
        _ = client.transportOpened(now: Fixtures.at(ms: 0))
        _ = client.received(.serverHello(Fixtures.serverHello(joinCodeRequired: false)), now: Fixtures.at(ms: 1))
        _ = client.received(.welcome(Fixtures.welcome(intervalMs: 200, timeoutMs: 600)), now: Fixtures.at(ms: 2))
        #expect(client.tickInterval == .milliseconds(50))
    }
}
