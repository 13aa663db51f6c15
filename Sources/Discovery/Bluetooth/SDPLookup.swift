import CBlueZ
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension RFCOMM {
    /// Finds the RFCOMM channel of ``SnapBluetooth/serviceUUID`` on `address` from its SDP
    /// record (libbluetooth, as rctest does), from `adapter` (nil: any). Blocks (it pages the
    /// device): call it off the event loops. A query whose connection timed out (EINPROGRESS:
    /// libbluetooth's connect timeout; seen in the VM with a third controller paging the host) or
    /// met a link being torn down (EBUSY, EHOSTDOWN) is asked again, 3 attempts 1 s apart.
    public static func lookUpChannel(
        of address: BluetoothAddress, adapter: BluetoothAdapter? = nil, service: UUID = SnapBluetooth.serviceUUIDValue
    ) throws(BluetoothUnavailable) -> Int {
        try retrying(attempts: 3, transient: [EINPROGRESS, ETIMEDOUT, EBUSY, EHOSTDOWN]) { () throws(BluetoothUnavailable) in
            try lookUpChannelOnce(of: address, adapter: adapter, service: service)
        }
    }

    private static func lookUpChannelOnce(
        of address: BluetoothAddress, adapter: BluetoothAdapter?, service: UUID
    ) throws(BluetoothUnavailable) -> Int {
        let uuid = withUnsafeBytes(of: service.uuid) { Array($0) }
        let result = uuid.withUnsafeBufferPointer {
            snap_sdp_rfcomm_channel(adapter?.address.bdaddr ?? snap_bdaddr_any(), address.bdaddr, $0.baseAddress)
        }
        guard result > 0 else {
            let code = -result
            if code == ENOENT { throw .failed("no snap-host service in its SDP records") }
            throw .connectFailed(errno: code, "SDP query to \(address): \(String(cString: strerror(code)))")
        }
        return Int(result)
    }
}
