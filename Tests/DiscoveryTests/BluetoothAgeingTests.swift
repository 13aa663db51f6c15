import Foundation
import Testing

@testable import Discovery

/// How the host list loses Bluetooth routes that go quiet, alone or beside a LAN route.
@Suite struct BluetoothAgeingTests {
    let id = UUID(uuidString: "F28964B8-1234-4000-8000-0000000000AA")!
    let address = "00:AA:01:00:00:00"
    let t0 = ContinuousClock.now

    func at(_ seconds: Double) -> ContinuousClock.Instant { t0 + .milliseconds(Int((seconds * 1000).rounded())) }

    func lan(players: Int = 1) -> DNSSDBrowser.Event {
        let route = try! HostAdvertisement.BluetoothRoute(address: try! BluetoothAddress(address), channel: 7)
        let ad = try! HostAdvertisement(
            serverID: id, name: "Kitchen Pi", game: "trivia", protocolVersion: 1, players: players, capacity: 8, bluetooth: route)
        return .resolved(DNSSDBrowser.Resolved(
            key: lanKey, hostName: "pi.local", address: "10.0.0.2", port: 7777, txt: try! ad.txtRecord().strings))
    }

    let lanKey = DNSSDBrowser.Key(interface: 2, ipProtocol: 0, name: "Kitchen Pi")

    func sighting(players: Int = 1) -> BluetoothHost {
        BluetoothHost(address: address, name: "Kitchen Pi", state: AdvertisedState(serverID: id, capacity: 8, players: players), adapter: "hci1")
    }

    /// A directory that heard the host over Bluetooth every second from -5 to 3 s (nine
    /// hearings, every scan round: the interval is the advertising interval, 1.28 s, at least;
    /// lost at 6.84 s unless heard again).
    func heardEverySecond(_ directory: inout HostDirectory) {
        for time in stride(from: -5.0, through: 3, by: 1) { _ = directory.apply(bluetooth: sighting(), at: at(time)) }
    }

    @Test func aBluetoothOnlyHostThatGoesQuietIsLost() {
        var directory = HostDirectory(acceptedVersions: [1])
        heardEverySecond(&directory)
        #expect(directory.bluetoothOnly == [sighting()])
        #expect(directory.nextBluetoothDeadline == at(6.84))
        #expect(directory.expire(at: at(6.83)).isEmpty)
        #expect(directory.expire(at: at(6.84)) == [.bluetoothOnlyLost(sighting())])
        #expect(directory.bluetoothOnly.isEmpty && directory.snapshot.isEmpty)
        #expect(directory.expire(at: at(20)).isEmpty)
        // Heard again: found again, and given the longest silence until its rhythm is known.
        #expect(directory.apply(bluetooth: sighting(), at: at(21)) == [.bluetoothOnly(sighting())])
        #expect(directory.nextBluetoothDeadline == at(31))
    }

    @Test func aHostOnBothRadiosLosesOnlyBluetoothThenLeavesWithItsLANGoodbye() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(lan())
        heardEverySecond(&directory)
        #expect(directory.snapshot.first?.transports == [.dnssd, .bluetooth])
        let quiet = directory.expire(at: at(6.84))
        guard case .routeLost(let host, .silent)? = quiet.first, quiet.count == 1 else {
            Issue.record("expected routeLost, got \(quiet)"); return
        }
        #expect(host.transports == [.dnssd] && host.bluetooth == nil)
        #expect(directory.snapshot == [host] && directory.bluetoothOnly.isEmpty)
        let gone = directory.apply(.removed(lanKey))
        guard case .lost(_, .goodbye)? = gone.first else { Issue.record("expected lost, got \(gone)"); return }
        #expect(directory.snapshot.isEmpty)
    }

    @Test func aHostOnBothRadiosThatSaysGoodbyeOnTheLANStaysUntilBluetoothGoesQuiet() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(lan(players: 1))
        heardEverySecond(&directory)
        let goodbye = directory.apply(.removed(lanKey))
        guard case .routeLost(let host, .goodbye)? = goodbye.first else { Issue.record("expected routeLost, got \(goodbye)"); return }
        #expect(host.transports == [.bluetooth] && host.lanAddresses.isEmpty && host.bluetooth == sighting())
        #expect(host.name == "Kitchen Pi" && host.id == id)  // the entry keeps its identity
        #expect(directory.bluetoothOnly.isEmpty)  // still one entry, not a second one
        // Its count now comes from the Bluetooth advertisement.
        let update = directory.apply(bluetooth: sighting(players: 4), at: at(4))
        guard case .updated(let updated)? = update.first else { Issue.record("expected updated, got \(update)"); return }
        #expect(updated.advertisement.players == 4)
        let quiet = directory.expire(at: at(7.84))
        guard case .lost(_, .silent)? = quiet.first else { Issue.record("expected lost, got \(quiet)"); return }
        #expect(directory.snapshot.isEmpty && directory.bluetoothOnly.isEmpty)
    }

    @Test func anUnreachableLANRouteLeavesTheBluetoothOne() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(lan())
        heardEverySecond(&directory)
        let probe = directory.unreachable(id)
        guard case .routeLost(let host, .unreachable)? = probe.first else { Issue.record("expected routeLost, got \(probe)"); return }
        #expect(host.transports == [.bluetooth])
        // Resolved again on the LAN: both routes again.
        let back = directory.apply(lan())
        guard case .updated(let both)? = back.first else { Issue.record("expected updated, got \(back)"); return }
        #expect(both.transports == [.dnssd, .bluetooth])
    }

    @Test func lostSaysWhichRoute() {
        #expect(LostReason.goodbye.route == .dnssd)
        #expect(LostReason.unreachable.route == .dnssd)
        #expect(LostReason.silent.route == .bluetooth)
    }
}
