import CBlueZ

/// A Bluetooth device address (`AA:BB:CC:DD:EE:FF`), parsed and printed with libbluetooth.
public struct BluetoothAddress: Sendable, Hashable, CustomStringConvertible {
    /// The six bytes in the order people write them (libbluetooth stores them reversed).
    public let bytes: [UInt8]

    /// Parses `AA:BB:CC:DD:EE:FF` (either case); anything else is ``AdvertisementError/bluetoothAddressInvalid(_:)``.
    public init(_ text: String) throws(AdvertisementError) {
        guard text.utf8.count == 17, bachk(text) == 0 else { throw .bluetoothAddressInvalid(text) }
        var address = bdaddr_t()
        _ = str2ba(text, &address)
        self.bytes = withUnsafeBytes(of: address.b) { Array($0.reversed()) }
    }

    /// The address libbluetooth gives (bytes reversed).
    public init(bdaddr: bdaddr_t) {
        self.bytes = withUnsafeBytes(of: bdaddr.b) { Array($0.reversed()) }
    }

    /// The address as libbluetooth's `bdaddr_t` (bytes reversed).
    public var bdaddr: bdaddr_t {
        var address = bdaddr_t()
        withUnsafeMutableBytes(of: &address.b) { raw in
            for (index, byte) in bytes.reversed().enumerated() { raw[index] = byte }
        }
        return address
    }

    /// `AA:BB:CC:DD:EE:FF`, upper case, printed by `ba2str`.
    public var description: String {
        var address = bdaddr
        var buffer = [CChar](repeating: 0, count: 18)
        _ = ba2str(&address, &buffer)
        return String(decoding: buffer.prefix(17).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
