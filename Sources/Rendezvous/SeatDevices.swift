import Matchmaking

/// Which Bluetooth device holds each seat, from the server's ``SeatChange``s: a seat held over a
/// link labelled `rfcomm AA:BB:CC:DD:EE:FF` (``BluetoothHosting``'s label) is that device's until
/// it is given up or taken back over another link. Pure: each change says which device now holds
/// a seat and which no longer does, for the Bluetooth host to keep or forget that device's key.
struct SeatDevices: Sendable, Equatable {
    /// What a change means for the devices.
    struct Effect: Sendable, Equatable {
        /// The device that now holds the seat (it did not before).
        var held: String?
        /// The device that no longer holds it.
        var givenUp: String?
    }

    /// The device address of each seat held over RFCOMM.
    private(set) var devices: [PeerID: String] = [:]

    /// The label ``BluetoothHosting`` gives an RFCOMM link from `address`.
    static func label(ofAddress address: String) -> String { "rfcomm \(address)" }

    /// The device address in an RFCOMM link's label; nil for any other link.
    static func address(inLabel label: String) -> String? {
        guard label.hasPrefix("rfcomm ") else { return nil }
        return String(label.dropFirst("rfcomm ".count))
    }

    /// Applies `change`.
    mutating func apply(_ change: SeatChange) -> Effect {
        switch change {
        case .held(let peer, let remote):
            let now = Self.address(inLabel: remote)
            let before = devices[peer.id]
            guard now != before else { return Effect() }  // back over the same device: no change
            devices[peer.id] = now
            return Effect(held: now, givenUp: before)
        case .givenUp(let peer, _):
            return Effect(givenUp: devices.removeValue(forKey: peer.id))
        }
    }
}
