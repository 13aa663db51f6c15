import Foundation
import Testing

@testable import Discovery

@Suite struct BluetoothMergeTests {
    let id = UUID(uuidString: "F28964B8-1234-4000-8000-0000000000AA")!
    let address = "00:AA:01:00:00:00"
    let t0 = ContinuousClock.now

    func lan(bluetooth: String? = nil, id: UUID? = nil, name: String = "Kitchen Pi") -> DNSSDBrowser.Event {
        let route = bluetooth.map { try! HostAdvertisement.BluetoothRoute(address: try! BluetoothAddress($0), channel: 7) }
        let ad = try! HostAdvertisement(
            serverID: id ?? self.id, name: name, game: "trivia", protocolVersion: 1, players: 1, capacity: 8, bluetooth: route)
        return .resolved(DNSSDBrowser.Resolved(
            key: .init(interface: 2, ipProtocol: 0, name: name), hostName: "pi.local", address: "10.0.0.2", port: 7777,
            txt: try! ad.txtRecord().strings))
    }

    func sighting(_ address: String? = nil, prefixOf id: UUID? = nil, name: String = "Kitchen Pi") -> BluetoothHost {
        BluetoothHost(
            address: address ?? self.address, name: name,
            state: id.map { AdvertisedState(serverID: $0, capacity: 8, players: 1) }, adapter: "hci1")
    }

    @Test func aSightingOfTheAddressInTheTXTJoinsTheLANEntry() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(lan(bluetooth: address))
        let changes = directory.apply(bluetooth: sighting(), at: t0)  // a BR/EDR sighting: no state at all
        guard case .updated(let host)? = changes.first else { Issue.record("expected updated, got \(changes)"); return }
        #expect(host.transports == [.dnssd, .bluetooth])
        #expect(host.bluetooth?.address == address)
        #expect(directory.snapshot.count == 1 && directory.bluetoothOnly.isEmpty)
    }

    @Test func withoutAnAddressInTheTXTTheIDPrefixMerges() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(lan())
        let changes = directory.apply(bluetooth: sighting(prefixOf: id), at: t0)
        guard case .updated(let host)? = changes.first else { Issue.record("expected updated, got \(changes)"); return }
        #expect(host.transports == [.dnssd, .bluetooth])
    }

    @Test func aSightingBeforeTheLANEntryIsMergedWhenTheLANEntryComes() {
        var directory = HostDirectory(acceptedVersions: [1])
        #expect(directory.apply(bluetooth: sighting(prefixOf: id), at: t0) == [.bluetoothOnly(sighting(prefixOf: id))])
        #expect(directory.bluetoothOnly.count == 1)
        let changes = directory.apply(lan())
        guard case .found(let host)? = changes.first else { Issue.record("expected found, got \(changes)"); return }
        #expect(host.transports == [.dnssd, .bluetooth])
        #expect(directory.bluetoothOnly.isEmpty)
    }

    @Test func anotherHostsSightingStaysSeparate() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(lan(bluetooth: address))
        // Another address, even with a matching prefix: the TXT names the host's address.
        let other = sighting("00:AA:01:01:00:01", prefixOf: id, name: "Other")
        #expect(directory.apply(bluetooth: other, at: t0) == [.bluetoothOnly(other)])
        // A prefix of another id does not match a host whose TXT names no address.
        var second = HostDirectory(acceptedVersions: [1])
        _ = second.apply(lan())
        let stranger = sighting(prefixOf: UUID(uuidString: "0BADBEEF-0000-4000-8000-000000000001")!)
        #expect(second.apply(bluetooth: stranger, at: t0) == [.bluetoothOnly(stranger)])
        #expect(second.snapshot.first?.transports == [.dnssd])
    }

    @Test func theSameSightingTwiceChangesNothing() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(bluetooth: sighting(), at: t0)
        #expect(directory.apply(bluetooth: sighting(), at: t0).isEmpty)
    }
}
