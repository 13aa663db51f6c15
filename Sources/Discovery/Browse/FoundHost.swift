import FoundationEssentials

/// How a host can be reached.
public enum Transport: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// Found over DNS-SD on the LAN; reached over TCP.
    case dnssd
    /// Found over Bluetooth; reached over RFCOMM.
    case bluetooth

    public static func < (lhs: Transport, rhs: Transport) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A TCP address a host was resolved to.
public struct LANAddress: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The IP address as text (IPv6 without scope).
    public var address: String
    /// The TCP port.
    public var port: Int
    /// The interface index it was seen on (the scope of a link-local IPv6 address).
    public var interface: Int32

    /// Creates an address.
    public init(address: String, port: Int, interface: Int32) {
        self.address = address
        self.port = port
        self.interface = interface
    }

    /// IPv6 or not.
    public var isIPv6: Bool { address.contains(":") }
    /// An IPv6 link-local address needs its interface to be usable.
    public var isLinkLocal: Bool { address.lowercased().hasPrefix("fe80:") }

    /// `10.0.0.2:7777` or `[2001:db8::2]:7777`.
    public var description: String { isIPv6 ? "[\(address)]:\(port)" : "\(address):\(port)" }

    /// Preference when joining: IPv4, then routable IPv6, then link-local IPv6.
    public static func < (lhs: LANAddress, rhs: LANAddress) -> Bool {
        func rank(_ address: LANAddress) -> Int { address.isIPv6 ? (address.isLinkLocal ? 2 : 1) : 0 }
        return (rank(lhs), lhs.address, lhs.port, lhs.interface) < (rank(rhs), rhs.address, rhs.port, rhs.interface)
    }
}

/// A host as a browser knows it: one entry however many interfaces, protocols and transports
/// report it.
public struct FoundHost: Hashable, Sendable {
    /// The latest advertisement.
    public var advertisement: HostAdvertisement
    /// Every LAN address it was resolved to, best first.
    public var lanAddresses: [LANAddress]
    /// The transports it was seen on.
    public var transports: Set<Transport>
    /// The Bluetooth sighting of this host, when it was also seen over Bluetooth.
    public var bluetooth: BluetoothHost? = nil

    /// An entry (browsers build these; tests too).
    public init(advertisement: HostAdvertisement, lanAddresses: [LANAddress], transports: Set<Transport>, bluetooth: BluetoothHost? = nil) {
        self.advertisement = advertisement
        self.lanAddresses = lanAddresses
        self.transports = transports
        self.bluetooth = bluetooth
    }

    /// The host's server id: the key of the entry.
    public var id: UUID { advertisement.serverID }
    /// The advertised name.
    public var name: String { advertisement.name }
}

/// Why a host's route went (and with its last route, the host).
public enum LostReason: String, Hashable, Sendable {
    /// It said goodbye (or its records expired) on every interface.
    case goodbye
    /// It stopped answering the liveness probe (crashed, or its link is down).
    case unreachable
    /// Its Bluetooth advertising was not heard for three of its advertising intervals (10 s at
    /// most): it stopped advertising, died, or went out of range. BLE has no goodbye.
    case silent

    /// The route this reason ends: the LAN's for a goodbye or a failed probe, else Bluetooth's.
    public var route: Transport {
        switch self {
        case .goodbye, .unreachable: .dnssd
        case .silent: .bluetooth
        }
    }
}

/// A change in the list of hosts.
public enum BrowserEvent: Hashable, Sendable {
    /// A new host.
    case found(FoundHost)
    /// A known host changed (players, state, addresses).
    case updated(FoundHost)
    /// A host is gone: its last route went (``LostReason/route``).
    case lost(FoundHost, LostReason)
    /// A host lost one route (``LostReason/route``) and is still listed on the others (as it is now).
    case routeLost(FoundHost, LostReason)
    /// A host seen only over Bluetooth (not matched to any LAN host), found or changed.
    case bluetoothOnly(BluetoothHost)
    /// A host seen only over Bluetooth went quiet (``LostReason/silent``) and left the list.
    case bluetoothOnlyLost(BluetoothHost)
    /// A service of our type that cannot be used, and why (reported once per name and reason).
    case incompatible(name: String, reason: String)
    /// A backend cannot browse right now (e.g. avahi-daemon is not running); it keeps trying.
    case unavailable(Transport, String)
}
