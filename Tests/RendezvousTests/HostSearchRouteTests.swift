import Discovery
import Foundation
import Logging
import Testing

import Matchmaking
@testable import Rendezvous

@Suite struct HostSearchRouteTests {
    let id = UUID(uuidString: "F28964B8-1234-4000-8000-0000000000AA")!
    let address = "00:AA:01:00:00:00"

    let key = String(repeating: "3f", count: 32)

    func host(lan: Bool = true, bluetooth: Bool = true, tls: Bool = true) -> FoundHost {
        let route = try! HostAdvertisement.BluetoothRoute(address: try! BluetoothAddress(address), channel: 9)
        let ad = try! HostAdvertisement(
            serverID: id, name: "Kitchen Pi", game: "trivia", protocolVersion: 1, players: 1, capacity: 8, bluetooth: route,
            tlsFingerprint: tls ? key : nil)
        let sighting = BluetoothHost(address: address, name: "Kitchen Pi", state: nil, adapter: "hci1")
        return FoundHost(
            advertisement: ad, lanAddresses: lan ? [LANAddress(address: "10.0.0.2", port: 7777, interface: 2)] : [],
            transports: bluetooth ? [.dnssd, .bluetooth] : [.dnssd], bluetooth: bluetooth ? sighting : nil)
    }

    @Test func aHostSeenBothWaysIsJoinedOverTheLANUnlessToldBluetooth() {
        #expect(HostSearch.offer(.found(host()), name: "kitchen pi", via: .any, adapter: nil) == .take(.tcp(host: "10.0.0.2", port: 7777)))
        #expect(HostSearch.offer(.found(host()), name: "kitchen pi", via: .lan, adapter: nil) == .take(.tcp(host: "10.0.0.2", port: 7777)))
        // --via bluetooth: RFCOMM on the channel the TXT names, from the chosen adapter.
        #expect(HostSearch.offer(.updated(host()), name: "kitchen pi", via: .bluetooth, adapter: "hci1")
            == .take(.rfcomm(address: address, channel: 9, adapter: "hci1")))
    }

    @Test func aClearTextHostIsJoinedOnlyWhenClearTextIsAllowed() {
        let plain = host(bluetooth: false, tls: false)
        guard case .refuse(let why) = HostSearch.offer(.found(plain), name: "kitchen pi", via: .any, adapter: nil) else {
            Issue.record("a clear-text host was offered without --no-tls")
            return
        }
        #expect(why == "Kitchen Pi speaks only clear text (started with --no-tls, or an older snap-host); join with --no-tls to play it without encryption")
        #expect(HostSearch.offer(.found(plain), name: "kitchen pi", via: .any, adapter: nil, clearText: true) == .take(.tcp(host: "10.0.0.2", port: 7777)))
        // A host that advertises a key is joined over TLS (pinned) with or without --no-tls.
        #expect(HostSearch.offer(.found(host()), name: "kitchen pi", via: .any, adapter: nil, clearText: true) == .take(.tcp(host: "10.0.0.2", port: 7777)))
    }

    @Test func aHostSeenOnlyOnTheLANCannotBeJoinedOverBluetooth() {
        #expect(HostSearch.offer(.found(host(bluetooth: false)), name: "kitchen pi", via: .bluetooth, adapter: nil) == .none)
    }

    @Test func aRouteSaysWhereItGoes() {
        #expect(HostRoute.tcp(host: "192.168.1.20", port: 7777).description == "192.168.1.20:7777")
        #expect(HostRoute.tcp(host: "fe80::1%eth0", port: 7777).description == "[fe80::1%eth0]:7777")
        #expect(HostRoute.rfcomm(address: address, channel: 9, adapter: "hci1").description == "\(address) (RFCOMM channel 9, from hci1)")
        #expect(HostRoute.rfcomm(address: address, channel: nil, adapter: nil).description == "\(address) (RFCOMM, channel from SDP)")
        #expect(HostRoute.rfcomm(address: address, channel: 9, adapter: "hci1") != .rfcomm(address: address, channel: 9, adapter: "hci0"))
    }

    @Test func theSearchSaysWhatItLooksFor() {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        #expect(HostSearch(named: "Kitchen Pi", logger: logger).description == "host named \"Kitchen Pi\" on the LAN or over Bluetooth")
        #expect(HostSearch(named: "Kitchen Pi", via: .lan, logger: logger).description == "host named \"Kitchen Pi\" on the LAN")
    }

    @Test func aBluetoothOnlyHostIsAFallbackUnlessBluetoothIsAsked() {
        let sighting = BluetoothHost(address: address, name: "Kitchen Pi", state: nil, adapter: "hci1")
        let rfcomm = HostRoute.rfcomm(address: address, channel: nil, adapter: nil)
        #expect(HostSearch.offer(.bluetoothOnly(sighting), name: "kitchen pi", via: .any, adapter: nil) == .fallback(rfcomm))
        #expect(HostSearch.offer(.bluetoothOnly(sighting), name: "kitchen pi", via: .bluetooth, adapter: nil) == .take(rfcomm))
        #expect(HostSearch.offer(.bluetoothOnly(sighting), name: "kitchen pi", via: .lan, adapter: nil) == .none)
        #expect(HostSearch.offer(.bluetoothOnly(sighting), name: "other", via: .bluetooth, adapter: nil) == .none)
    }
}
