import FoundationEssentials

/// A host seen over Bluetooth (a BlueZ Device1 whose UUIDs include ``SnapBluetooth/serviceUUID``):
/// from an LE advertisement (name from the scan response, compact ``AdvertisedState``), from a
/// BR/EDR inquiry (the service UUID in the extended inquiry response, the adapter's name, no
/// state), or both.
public struct BluetoothHost: Hashable, Sendable {
    /// The device address, `AA:BB:CC:DD:EE:FF`.
    public var address: String
    /// The advertised name (LE LocalName or BR/EDR name); the address when there is none.
    public var name: String
    /// The compact state, when the LE advertisement was seen.
    public var state: AdvertisedState?
    /// The adapter that saw it (`hci1`).
    public var adapter: String

    /// A sighting.
    public init(address: String, name: String, state: AdvertisedState?, adapter: String) {
        self.address = address
        self.name = name
        self.state = state
        self.adapter = adapter
    }

    /// The first 4 bytes of the server id, as 8 lower-case hex digits ("" when not advertised).
    public var idPrefix: String { state?.idPrefixHex ?? "" }
    /// The advertised cap, when known.
    public var capacity: Int? { state?.capacity }
    /// The advertised player count, when known.
    public var players: Int? { state?.players }

    /// Reads a Device1's properties (all of them merged so far); nil when it is not one of our
    /// hosts or has no address. One of ours: ``SnapBluetooth/serviceUUID`` in `UUIDs`, or our
    /// ManufacturerData (company ``SnapBluetooth/manufacturerID``, exactly
    /// ``AdvertisedState/byteCount`` bytes). The second is needed because bluetoothd stops adding
    /// advertised UUIDs to `UUIDs` once it has resolved a device's services over SDP (an earlier
    /// connection, before the host served, leaves `UUIDs` without ours).
    public init?(device properties: [String: DBusValue], adapter: String) {
        guard let address = properties["Address"]?.stringValue else { return nil }
        let uuids = properties["UUIDs"]?.arrayValue?.compactMap(\.stringValue).map { $0.lowercased() } ?? []
        var state: AdvertisedState? = nil
        if case .dict(_, _, let entries)? = properties["ManufacturerData"] {
            for entry in entries {
                guard case .uint16(SnapBluetooth.manufacturerID) = entry.key, let bytes = entry.value.bytesValue,
                    bytes.count == AdvertisedState.byteCount
                else { continue }
                state = AdvertisedState(bytes: bytes)
            }
        }
        guard uuids.contains(SnapBluetooth.serviceUUID) || state != nil else { return nil }
        let name = properties["Name"]?.stringValue ?? properties["Alias"]?.stringValue ?? address
        self.init(address: address.uppercased(), name: name, state: state, adapter: adapter)
    }

    /// Whether this sighting is the host that `advertisement` (from the LAN) describes: the
    /// advertisement names this Bluetooth address, or (when it names none) the advertised
    /// server-id prefix matches.
    public func isSameHost(as advertisement: HostAdvertisement) -> Bool {
        if let route = advertisement.bluetooth { return route.address.description.uppercased() == address }
        return state?.matches(advertisement.serverID) ?? false
    }
}
