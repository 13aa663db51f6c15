import CBlueZ
import Glibc

/// A local Bluetooth controller (`hci0`), found through libbluetooth's HCI calls.
public struct BluetoothAdapter: Sendable, Hashable {
    /// `hciN`.
    public let name: String
    /// The kernel's device index (the N in hciN).
    public let index: Int32
    /// The controller's address.
    public let address: BluetoothAddress

    /// The adapter called `name`, or the first one when `name` is nil.
    public init(named name: String?) throws(BluetoothUnavailable) {
        let index: Int32 = name.map { hci_devid($0) } ?? hci_get_route(nil)
        guard index >= 0 else { throw .noAdapter(name) }
        var raw = bdaddr_t()
        guard hci_devba(index, &raw) >= 0 else { throw .noAdapter(name ?? "hci\(index)") }
        self.index = index
        self.name = "hci\(index)"
        self.address = BluetoothAddress(bdaddr: raw)
    }
}
