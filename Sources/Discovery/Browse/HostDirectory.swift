import FoundationEssentials

/// Merges raw DNS-SD sightings (per interface, protocol and instance name) and Bluetooth
/// sightings into one entry per host, keyed by server id. Pure: ``Browser`` feeds it and
/// publishes the changes.
///
/// A Bluetooth sighting joins a LAN host when ``BluetoothHost/isSameHost(as:)`` says so: the
/// host's TXT names that Bluetooth address (exact), or else the advertised 4-byte server-id
/// prefix matches (the LE budget leaves no room for the whole id; two hosts in radio range
/// sharing 32 random bits is a 1-in-4-billion chance per pair). Other sightings are
/// ``bluetoothOnly`` hosts.
public struct HostDirectory: Sendable {
    private struct Sighting: Hashable, Sendable {
        var serverID: UUID
        var address: LANAddress
        var advertisement: HostAdvertisement
        /// Order of resolution: the newest sighting's TXT is the host's current state.
        var sequence: UInt64
    }

    /// Protocol versions this client can join; hosts speaking none of them are incompatible.
    public let acceptedVersions: Set<Int>
    private var sightings: [DNSSDBrowser.Key: Sighting] = [:]
    private var hosts: [UUID: FoundHost] = [:]
    private var reported: Set<String> = []
    private var sequence: UInt64 = 0
    private var bluetooth: [String: BluetoothHost] = [:]

    /// An empty directory.
    public init(acceptedVersions: Set<Int>) { self.acceptedVersions = acceptedVersions }

    /// The hosts known now, by name.
    public var snapshot: [FoundHost] { hosts.values.sorted { ($0.name, $0.id.uuidString) < ($1.name, $1.id.uuidString) } }

    /// Hosts seen only over Bluetooth, by address.
    public var bluetoothOnly: [BluetoothHost] {
        let claimed = Set(hosts.values.compactMap { $0.bluetooth?.address })
        return bluetooth.values.filter { !claimed.contains($0.address) }.sorted { $0.address < $1.address }
    }

    /// Applies one Bluetooth sighting (new or changed).
    public mutating func apply(bluetooth sighting: BluetoothHost) -> [BrowserEvent] {
        guard bluetooth[sighting.address] != sighting else { return [] }
        bluetooth[sighting.address] = sighting
        let owners = hosts.values.filter { sighting.isSameHost(as: $0.advertisement) }.map(\.id)
        guard !owners.isEmpty else { return [.bluetoothOnly(sighting)] }
        return owners.flatMap { rebuild($0, reason: .goodbye) }
    }

    /// Applies one backend event.
    public mutating func apply(_ event: DNSSDBrowser.Event) -> [BrowserEvent] {
        switch event {
        case .resolved(let resolved):
            return resolvedService(resolved)
        case .removed(let key):
            guard let old = sightings.removeValue(forKey: key) else { return [] }
            return rebuild(old.serverID, reason: .goodbye)
        case .resolveFailed, .status:
            return []
        }
    }

    /// The liveness probe gave up on a host: it is lost until it is resolved again.
    public mutating func unreachable(_ id: UUID) -> [BrowserEvent] {
        guard let host = hosts.removeValue(forKey: id) else { return [] }
        sightings = sightings.filter { $0.value.serverID != id }
        return [.lost(host, .unreachable)]
    }

    private mutating func resolvedService(_ resolved: DNSSDBrowser.Resolved) -> [BrowserEvent] {
        let advertisement: HostAdvertisement
        do {
            advertisement = try HostAdvertisement(name: resolved.key.name, txt: TXTRecord(strings: resolved.txt), tcpPort: resolved.port)
        } catch {
            return dropSighting(resolved.key) + incompatible(resolved.key.name, error.description)
        }
        guard acceptedVersions.contains(advertisement.protocolVersion) else {
            let spoken = acceptedVersions.sorted().map(String.init).joined(separator: ", ")
            return dropSighting(resolved.key)
                + incompatible(resolved.key.name, "protocol version \(advertisement.protocolVersion) (this build speaks \(spoken))")
        }
        let previous = sightings[resolved.key]?.serverID
        sequence += 1
        sightings[resolved.key] = Sighting(
            serverID: advertisement.serverID,
            address: LANAddress(address: resolved.address, port: resolved.port, interface: resolved.key.interface),
            advertisement: advertisement, sequence: sequence)
        var changes: [BrowserEvent] = []
        if let previous, previous != advertisement.serverID { changes += rebuild(previous, reason: .goodbye) }
        return changes + rebuild(advertisement.serverID, reason: .goodbye)
    }

    private mutating func dropSighting(_ key: DNSSDBrowser.Key) -> [BrowserEvent] {
        guard let old = sightings.removeValue(forKey: key) else { return [] }
        return rebuild(old.serverID, reason: .goodbye)
    }

    private mutating func incompatible(_ name: String, _ reason: String) -> [BrowserEvent] {
        guard reported.insert("\(name)\u{0}\(reason)").inserted else { return [] }
        return [.incompatible(name: name, reason: reason)]
    }

    /// Recomputes one host from its sightings and says what changed.
    private mutating func rebuild(_ id: UUID, reason: LostReason) -> [BrowserEvent] {
        let mine = sightings.filter { $0.value.serverID == id }
        guard let newest = mine.values.max(by: { $0.sequence < $1.sequence }) else {
            guard let gone = hosts.removeValue(forKey: id) else { return [] }
            return [.lost(gone, reason)]
        }
        let seen = bluetooth.values.sorted { $0.address < $1.address }.first { $0.isSameHost(as: newest.advertisement) }
        let host = FoundHost(
            advertisement: newest.advertisement, lanAddresses: Array(Set(mine.values.map(\.address))).sorted(),
            transports: seen == nil ? [.dnssd] : [.dnssd, .bluetooth], bluetooth: seen)
        defer { hosts[id] = host }
        guard let old = hosts[id] else { return [.found(host)] }
        return old == host ? [] : [.updated(host)]
    }
}
