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
///
/// Each route goes its own way: LAN sightings by DNS-SD's goodbye or the liveness probe,
/// Bluetooth ones when they go quiet (``BluetoothRoutes``, aged by ``expire(at:)``). A host seen
/// on both loses only the route that went (``BrowserEvent/routeLost(_:_:)``) and is kept with the
/// last advertisement it had on the LAN; it is ``BrowserEvent/lost(_:_:)`` when both have gone.
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
    private var bluetooth = BluetoothRoutes()

    /// An empty directory.
    public init(acceptedVersions: Set<Int>) { self.acceptedVersions = acceptedVersions }

    /// The hosts known now, by name.
    public var snapshot: [FoundHost] { hosts.values.sorted { ($0.name, $0.id.uuidString) < ($1.name, $1.id.uuidString) } }

    /// Hosts seen only over Bluetooth, by address.
    public var bluetoothOnly: [BluetoothHost] {
        let claimed = Set(hosts.values.compactMap { $0.bluetooth?.address })
        return bluetooth.sightings.filter { !claimed.contains($0.address) }
    }

    /// When the next Bluetooth route goes quiet unless heard before: the time of the next useful
    /// ``expire(at:)``.
    public var nextBluetoothDeadline: ContinuousClock.Instant? { bluetooth.nextDeadline }

    /// How long each Bluetooth route that ``expire(at:)`` would lose at `now` has gone unheard.
    public func bluetoothSilences(at now: ContinuousClock.Instant) -> [String: Duration] { bluetooth.silences(at: now) }

    /// Applies one Bluetooth sighting: the host was heard advertising at `now`.
    public mutating func apply(bluetooth sighting: BluetoothHost, at now: ContinuousClock.Instant) -> [BrowserEvent] {
        guard bluetooth.heard(sighting, at: now) else { return [] }
        let owners = hosts.values.filter { sighting.isSameHost(as: $0.advertisement) }.map(\.id)
        guard !owners.isEmpty else { return [.bluetoothOnly(sighting)] }
        return owners.sorted { $0.uuidString < $1.uuidString }.flatMap { rebuild($0, reason: .silent) }
    }

    /// Ages the Bluetooth routes at `now`: each one quiet past its deadline is lost; a host it
    /// was the last route of leaves the list.
    public mutating func expire(at now: ContinuousClock.Instant) -> [BrowserEvent] {
        bluetooth.expire(at: now).flatMap { gone -> [BrowserEvent] in
            let owners = hosts.values.filter { $0.bluetooth?.address == gone.address }.map(\.id)
            guard !owners.isEmpty else { return [.bluetoothOnlyLost(gone)] }
            return owners.sorted { $0.uuidString < $1.uuidString }.flatMap { rebuild($0, reason: .silent) }
        }
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

    /// The liveness probe gave up on a host: its LAN route is lost until it is resolved again.
    public mutating func unreachable(_ id: UUID) -> [BrowserEvent] {
        guard hosts[id] != nil else { return [] }
        sightings = sightings.filter { $0.value.serverID != id }
        return rebuild(id, reason: .unreachable)
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

    /// Recomputes one host from its sightings and says what changed; `reason` is why a route
    /// went, if one did.
    private mutating func rebuild(_ id: UUID, reason: LostReason) -> [BrowserEvent] {
        let mine = sightings.filter { $0.value.serverID == id }
        let newest = mine.values.max(by: { $0.sequence < $1.sequence })
        guard var advertisement = newest?.advertisement ?? hosts[id]?.advertisement else { return [] }
        let seen = bluetooth.sightings.first { $0.isSameHost(as: advertisement) }
        guard newest != nil || seen != nil else {
            guard let gone = hosts.removeValue(forKey: id) else { return [] }
            return [.lost(gone, reason)]
        }
        // Only Bluetooth is left: its compact state is the freshest count there is.
        if newest == nil, let state = seen?.state { advertisement.players = state.players }
        var transports: Set<Transport> = []
        if newest != nil { transports.insert(.dnssd) }
        if seen != nil { transports.insert(.bluetooth) }
        let host = FoundHost(
            advertisement: advertisement, lanAddresses: Array(Set(mine.values.map(\.address))).sorted(),
            transports: transports, bluetooth: seen)
        defer { hosts[id] = host }
        guard let old = hosts[id] else { return [.found(host)] }
        if old == host { return [] }
        return old.transports.isSubset(of: transports) ? [.updated(host)] : [.routeLost(host, reason)]
    }
}
