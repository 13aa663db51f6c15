import Foundation
import Testing

@testable import Discovery

@Suite struct AdvertisedStateTests {
    let id = UUID(uuidString: "F28964B8-1234-4000-8000-0000000000AA")!

    @Test func layoutIsIDPrefixCapacityPlayers() {
        let state = AdvertisedState(serverID: id, capacity: 8, players: 3)
        #expect(state.bytes == [0xF2, 0x89, 0x64, 0xB8, 8, 3])
        #expect(state.bytes.count == AdvertisedState.byteCount)
        #expect(state.idPrefixHex == "f28964b8")
        #expect(id.uuidString.lowercased().hasPrefix(state.idPrefixHex))
    }

    @Test func itFitsTheLegacyBudget() {
        // flags 3 + 128-bit service UUID (2 + 16) + manufacturer data (2 + company id 2 + state)
        #expect(3 + 18 + 2 + 2 + AdvertisedState.byteCount <= 31)
    }

    @Test func countsAreClampedToOneByte() {
        let state = AdvertisedState(serverID: id, capacity: 1000, players: -1)
        #expect(state.bytes.suffix(2) == [255, 0])
    }

    @Test func bytesRoundTripAndShortDataIsRejected() {
        let state = AdvertisedState(serverID: id, capacity: 4, players: 1)
        #expect(AdvertisedState(bytes: state.bytes) == state)
        #expect(AdvertisedState(bytes: [1, 2, 3]) == nil)
        #expect(state.matches(id))
        #expect(!state.matches(UUID()))
    }
}

@Suite struct BluetoothHostParsingTests {
    let id = UUID(uuidString: "F28964B8-1234-4000-8000-0000000000AA")!

    func manufacturerData(_ bytes: [UInt8], company: UInt16 = SnapBluetooth.manufacturerID) -> DBusValue {
        .dict(key: "q", value: "v", [DBusEntry(key: .uint16(company), value: .variant(.bytes(bytes)))])
    }

    @Test func anLEAdvertisementGivesNameAndState() throws {
        let state = AdvertisedState(serverID: id, capacity: 8, players: 2)
        let host = try #require(BluetoothHost(device: [
            "Address": .string("00:aa:01:00:00:00"), "Name": .string("VM Host"),
            "UUIDs": .strings([SnapBluetooth.serviceUUID.uppercased()]),
            "ManufacturerData": manufacturerData(state.bytes),
        ], adapter: "hci1"))
        #expect(host.address == "00:AA:01:00:00:00")
        #expect(host.name == "VM Host")
        #expect(host.idPrefix == "f28964b8")
        #expect(host.capacity == 8 && host.players == 2)
        #expect(host.adapter == "hci1")
    }

    @Test func aBREDRInquiryGivesTheUUIDAndNameOnly() throws {
        let host = try #require(BluetoothHost(device: [
            "Address": .string("00:AA:01:00:00:00"), "Alias": .string("Kitchen Pi"),
            "UUIDs": .strings(["0000110e-0000-1000-8000-00805f9b34fb", SnapBluetooth.serviceUUID]),
        ], adapter: "hci1"))
        #expect(host.name == "Kitchen Pi")
        #expect(host.state == nil && host.idPrefix == "")
    }

    @Test func ourManufacturerDataAloneIsEnough() throws {
        // bluetoothd keeps SDP-resolved UUIDs and ignores advertised ones after a connection.
        let host = try #require(BluetoothHost(device: [
            "Address": .string("00:AA:01:00:00:00"), "UUIDs": .strings(["00001800-0000-1000-8000-00805f9b34fb"]),
            "ManufacturerData": manufacturerData(AdvertisedState(serverID: id, capacity: 2, players: 0).bytes),
        ], adapter: "hci1"))
        #expect(host.name == "00:AA:01:00:00:00")
        #expect(host.capacity == 2)
    }

    @Test func otherDevicesAreNotHosts() {
        #expect(BluetoothHost(device: ["Address": .string("11:22:33:44:55:66"), "Name": .string("Headphones")], adapter: "hci1") == nil)
        // Another vendor's data under the same test company id, of another length.
        #expect(BluetoothHost(device: [
            "Address": .string("11:22:33:44:55:66"), "ManufacturerData": manufacturerData([1, 2, 3, 4, 5, 6, 7]),
        ], adapter: "hci1") == nil)
        #expect(BluetoothHost(device: [
            "Address": .string("11:22:33:44:55:66"), "ManufacturerData": manufacturerData([1, 2, 3, 4, 5, 6], company: 0x004C),
        ], adapter: "hci1") == nil)
        #expect(BluetoothHost(device: ["UUIDs": .strings([SnapBluetooth.serviceUUID])], adapter: "hci1") == nil)
    }
}
