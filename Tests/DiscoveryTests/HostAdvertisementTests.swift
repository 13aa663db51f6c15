import Foundation
import Testing

@testable import Discovery

@Suite struct HostAdvertisementTests {
    let id = UUID(uuidString: "5A1C0DE0-0000-4000-8000-000000000001")!

    func make(name: String = "Kitchen Pi", game: String = "trivia", players: Int = 2, capacity: Int = 8)
        throws(AdvertisementError) -> HostAdvertisement
    {
        try HostAdvertisement(
            serverID: id, name: name, game: game, protocolVersion: 1, players: players, capacity: capacity,
            joinCodeRequired: true, tcpPort: 7777)
    }

    @Test func validAdvertisementRoundTripsThroughTXT() throws {
        let route = try HostAdvertisement.BluetoothRoute(address: try BluetoothAddress("00:aa:01:00:00:00"), channel: 3)
        var ad = try make()
        ad.bluetooth = route
        ad.udpPort = 7777
        let txt = try ad.txtRecord()
        #expect(txt["id"] == "5a1c0de0-0000-4000-8000-000000000001")
        #expect(txt["udp"] == "7777")
        #expect(txt["bt"] == "00:AA:01:00:00:00")
        #expect(txt.byteCount < Limits.txtTotalBytes)
        let back = try HostAdvertisement(name: ad.name, txt: TXTRecord(strings: txt.strings), tcpPort: 7777)
        #expect(back == ad)
    }

    @Test func instanceNameLimitIs63BytesOfUTF8() throws {
        #expect(throws: Never.self) { try make(name: String(repeating: "a", count: 63)) }
        #expect(throws: AdvertisementError.nameTooLong(byteCount: 64, limit: 63)) {
            try make(name: String(repeating: "a", count: 64))
        }
        // 21 three-byte characters are 63 bytes; 22 are 66 even though only 22 characters.
        #expect(throws: Never.self) { try make(name: String(repeating: "€", count: 21)) }
        #expect(throws: AdvertisementError.nameTooLong(byteCount: 66, limit: 63)) {
            try make(name: String(repeating: "€", count: 22))
        }
        #expect(throws: AdvertisementError.nameEmpty) { try make(name: "") }
        #expect(throws: AdvertisementError.nameHasControlCharacters) { try make(name: "a\nb") }
    }

    @Test func errorsNameTheFieldAndTheLimit() {
        let error = AdvertisementError.nameTooLong(byteCount: 64, limit: 63)
        #expect(error.description == "name: 64 bytes of UTF-8, the limit is 63")
        #expect(AdvertisementError.capacityOutOfRange(0, allowed: 1...10_000).description.contains("1...10000"))
    }

    @Test func capacityAndPlayersAreChecked() {
        #expect(throws: AdvertisementError.capacityOutOfRange(0, allowed: Limits.capacity)) { try make(players: 0, capacity: 0) }
        #expect(throws: AdvertisementError.playersOutOfRange(players: 9, capacity: 8)) { try make(players: 9) }
        #expect(throws: Never.self) { try make(players: 1000, capacity: 1000) }  // no 8-peer cap
    }

    @Test func gameNamesAreShortTokens() {
        #expect(throws: AdvertisementError.gameNameInvalid("Trivia")) { try make(game: "Trivia") }
        #expect(throws: AdvertisementError.gameNameInvalid("")) { try make(game: "") }
        #expect(throws: Never.self) { try make(game: "snap") }
    }

    @Test func udpPortRangeAndAbsence() throws {
        #expect(throws: AdvertisementError.udpPortOutOfRange(70_000, allowed: Limits.tcpPorts)) {
            try HostAdvertisement(serverID: id, name: "A", game: "pong", protocolVersion: 1, players: 0, capacity: 2, udpPort: 70_000)
        }
        let plain = try make()
        #expect(try plain.txtRecord()["udp"] == nil, "no real-time port, no key")
        var broken = try plain.txtRecord()
        try broken.set("udp", "seven")
        #expect(throws: AdvertisementError.self) { try HostAdvertisement(name: "A", txt: broken, tcpPort: 7777) }
    }

    @Test func rfcommChannelRange() throws {
        let address = try BluetoothAddress("00:AA:01:01:00:01")
        #expect(throws: AdvertisementError.rfcommChannelOutOfRange(31, allowed: 1...30)) {
            try HostAdvertisement.BluetoothRoute(address: address, channel: 31)
        }
        #expect(throws: AdvertisementError.rfcommChannelOutOfRange(0, allowed: 1...30)) {
            try HostAdvertisement.BluetoothRoute(address: address, channel: 0)
        }
    }

    @Test func txtStringsAndRecordSizeAreLimited() throws {
        var txt = TXTRecord()
        #expect(throws: Never.self) { try txt.set("k", String(repeating: "x", count: 253)) }  // 1+1+253 = 255
        #expect(throws: AdvertisementError.txtStringTooLong(key: "k", byteCount: 256, limit: 255)) {
            try txt.set("k", String(repeating: "x", count: 254))
        }
        #expect(throws: AdvertisementError.txtKeyInvalid("toolongkey")) { try txt.set("toolongkey", "1") }
        #expect(throws: AdvertisementError.txtKeyInvalid("a=b")) { try txt.set("a=b", "1") }
        try txt.set("m", String(repeating: "y", count: 200))
        #expect(throws: AdvertisementError.txtRecordTooLarge(byteCount: 459, limit: 399)) { try txt.validateSize() }
    }

    @Test func badRecordsFromTheNetworkAreTypedErrors() throws {
        let good = try make().txtRecord().strings
        func parse(_ strings: [String]) throws(AdvertisementError) -> HostAdvertisement {
            try HostAdvertisement(name: "Remote", txt: TXTRecord(strings: strings), tcpPort: 7777)
        }
        #expect(throws: AdvertisementError.txtKeyMissing("players")) {
            try parse(good.filter { !$0.hasPrefix("players=") })
        }
        #expect(throws: AdvertisementError.txtValueInvalid(key: "players", value: "many", expected: "a whole number")) {
            try parse(good.map { $0.hasPrefix("players=") ? "players=many" : $0 })
        }
        #expect(throws: AdvertisementError.txtValueInvalid(key: "id", value: "nope", expected: "a UUID")) {
            try parse(good.map { $0.hasPrefix("id=") ? "id=nope" : $0 })
        }
        // Keys are case-insensitive and the first occurrence wins (RFC 6763 §6.4).
        let shouted = try parse(["PLAYERS=3"] + good)
        #expect(shouted.players == 3)
    }

    @Test func serviceTypesFollowRFC6335() throws {
        #expect(ServiceType.snap.description == "_snap._tcp")
        #expect(throws: Never.self) { try ServiceType(name: "a-b-c123456789x", transport: .udp) }
        for bad in ["", "sixteen-chars-xx", "-snap", "snap-", "sn--ap", "1234", "sn_ap"] {
            #expect(throws: AdvertisementError.self) { try ServiceType(name: bad, transport: .tcp) }
        }
    }

    @Test func bluetoothAddressesParseWithLibbluetooth() throws {
        let address = try BluetoothAddress("00:aa:01:01:00:01")
        #expect(address.bytes == [0x00, 0xAA, 0x01, 0x01, 0x00, 0x01])
        #expect(address.description == "00:AA:01:01:00:01")
        #expect(address.bdaddr.b.0 == 0x01)  // libbluetooth keeps the bytes reversed
        for bad in ["", "00:AA:01:01:00", "00:AA:01:01:00:0G", "00-AA-01-01-00-01", "00:AA:01:01:00:01:02"] {
            #expect(throws: AdvertisementError.bluetoothAddressInvalid(bad)) { try BluetoothAddress(bad) }
        }
    }

    @Test func nativeLibrariesAreLinked() {
        #expect(NativeLibraries.dbusVersion.hasPrefix("1."))
        #expect(NativeLibraries.avahiErrorMessage(-26) == "Daemon not running")
    }
}
