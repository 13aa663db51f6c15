import Foundation
import Testing

@testable import Discovery

@Suite struct HostDirectoryTests {
    let id = UUID(uuidString: "5A1C0DE0-0000-4000-8000-0000000000AA")!

    func txt(players: Int = 1, proto: Int = 1, id: UUID? = nil) -> [String] {
        let ad = try! HostAdvertisement(
            serverID: id ?? self.id, name: "Kitchen Pi", game: "trivia", protocolVersion: proto, players: players, capacity: 8)
        return try! ad.txtRecord().strings + ["rev=3"]
    }

    func resolved(_ ipProtocol: Int32, _ address: String, txt: [String], name: String = "Kitchen Pi", interface: Int32 = 2)
        -> DNSSDBrowser.Event
    {
        .resolved(DNSSDBrowser.Resolved(
            key: .init(interface: interface, ipProtocol: ipProtocol, name: name), hostName: "pi.local", address: address,
            port: 7777, txt: txt))
    }

    @Test func ipv4AndIPv6SightingsAreOneHostWithBothAddressesIPv4First() {
        var directory = HostDirectory(acceptedVersions: [1])
        let first = directory.apply(resolved(1, "fe80::1", txt: txt()))
        guard case .found(let host) = first.first else { Issue.record("expected found, got \(first)"); return }
        #expect(host.lanAddresses.map(\.description) == ["[fe80::1]:7777"])
        let second = directory.apply(resolved(0, "10.0.0.2", txt: txt()))
        guard case .updated(let merged) = second.first else { Issue.record("expected updated, got \(second)"); return }
        #expect(merged.lanAddresses.map(\.description) == ["10.0.0.2:7777", "[fe80::1]:7777"])
        #expect(merged.transports == [.dnssd])
        #expect(directory.snapshot.count == 1)
        // The same sighting again changes nothing.
        #expect(directory.apply(resolved(0, "10.0.0.2", txt: txt())).isEmpty)
    }

    @Test func theNewestTXTIsTheHostsState() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(resolved(1, "fe80::1", txt: txt(players: 1)))
        _ = directory.apply(resolved(0, "10.0.0.2", txt: txt(players: 1)))
        let change = directory.apply(resolved(1, "fe80::1", txt: txt(players: 2)))
        guard case .updated(let host) = change.first else { Issue.record("expected updated, got \(change)"); return }
        #expect(host.advertisement.players == 2)  // the older IPv4 sighting still says 1
    }

    @Test func theHostIsLostOnlyWhenEverySightingIsRemoved() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(resolved(1, "fe80::1", txt: txt()))
        _ = directory.apply(resolved(0, "10.0.0.2", txt: txt()))
        let partly = directory.apply(.removed(.init(interface: 2, ipProtocol: 1, name: "Kitchen Pi")))
        guard case .updated(let host) = partly.first else { Issue.record("expected updated, got \(partly)"); return }
        #expect(host.lanAddresses.map(\.description) == ["10.0.0.2:7777"])
        let gone = directory.apply(.removed(.init(interface: 2, ipProtocol: 0, name: "Kitchen Pi")))
        guard case .lost(_, .goodbye) = gone.first else { Issue.record("expected lost, got \(gone)"); return }
        #expect(directory.snapshot.isEmpty)
    }

    @Test func anUnreachableHostIsLostUntilResolvedAgain() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(resolved(0, "10.0.0.2", txt: txt()))
        let lost = directory.unreachable(id)
        guard case .lost(_, .unreachable) = lost.first else { Issue.record("expected lost, got \(lost)"); return }
        #expect(directory.unreachable(id).isEmpty)
        let back = directory.apply(resolved(0, "10.0.0.2", txt: txt(players: 3)))
        guard case .found = back.first else { Issue.record("expected found, got \(back)"); return }
    }

    @Test func badAndForeignRecordsAreReportedOnceAndNeverListed() {
        var directory = HostDirectory(acceptedVersions: [1])
        let missing = txt().filter { !$0.hasPrefix("players=") }
        #expect(directory.apply(resolved(0, "10.0.0.3", txt: missing, name: "Broken"))
            == [.incompatible(name: "Broken", reason: "txt record: the key players is missing")])
        #expect(directory.apply(resolved(1, "fe80::3", txt: missing, name: "Broken")).isEmpty)  // once per reason
        let future = directory.apply(resolved(0, "10.0.0.4", txt: txt(proto: 9, id: UUID()), name: "Future"))
        #expect(future == [.incompatible(name: "Future", reason: "protocol version 9 (this build speaks 1)")])
        #expect(directory.snapshot.isEmpty)
    }

    @Test func aHostThatTurnsIncompatibleIsLost() {
        var directory = HostDirectory(acceptedVersions: [1])
        _ = directory.apply(resolved(0, "10.0.0.2", txt: txt()))
        let changes = directory.apply(resolved(0, "10.0.0.2", txt: txt().map { $0.hasPrefix("players=") ? "players=x" : $0 }))
        #expect(changes.count == 2)
        guard case .lost(_, .goodbye) = changes.first, case .incompatible = changes.last else {
            Issue.record("expected lost then incompatible, got \(changes)")
            return
        }
    }

    @Test func addressesPreferIPv4ThenRoutableThenLinkLocalIPv6() {
        let addresses = [
            LANAddress(address: "fe80::1", port: 1, interface: 2), LANAddress(address: "2001:db8::1", port: 1, interface: 2),
            LANAddress(address: "192.168.1.20", port: 1, interface: 2),
        ]
        #expect(addresses.sorted().map(\.address) == ["192.168.1.20", "2001:db8::1", "fe80::1"])
    }

    @Test func rawTXTRecordDataIsParsed() {
        let rdata: [UInt8] = [3] + Array("a=1".utf8) + [0] + [5] + Array("bb=22".utf8)
        let strings = rdata.withUnsafeBytes { TXTStrings.strings(rdata: $0) }
        #expect(strings == ["a=1", "bb=22"])
        let truncated: [UInt8] = [9] + Array("ab".utf8)
        #expect(truncated.withUnsafeBytes { TXTStrings.strings(rdata: $0) } == ["ab"])
    }
}
