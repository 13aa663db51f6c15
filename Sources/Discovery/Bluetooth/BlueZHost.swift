import FoundationEssentials
import Logging

/// The project's Bluetooth identity.
public enum SnapBluetooth {
    /// The 128-bit service UUID: in the LE advertisement, the SDP record and the scan filter.
    public static let serviceUUID = "5e1d5a7a-0c1b-4b7e-9b2e-736e61700001"
    /// ``serviceUUID`` as a `UUID`.
    public static let serviceUUIDValue = UUID(uuidString: serviceUUID)!
    /// Company id 0xFFFF (reserved for tests and internal use) for the compact state in the LE
    /// ManufacturerData: 4 bytes of the server id, then capacity and players (one byte each).
    public static let manufacturerID: UInt16 = 0xFFFF
}

/// The host's side of BlueZ over D-Bus: an RFCOMM profile (ProfileManager1.RegisterProfile with
/// an explicit channel; authentication required, which bluetoothd makes security level medium:
/// an encrypted link, a "Just Works" key enough; no authorization, so no pairing agent is
/// needed) whose NewConnection fds go to `onConnection`; an LE advertisement
/// (LEAdvertisingManager1) with the service UUID, the host name and compact state; the adapter
/// made powered and discoverable (so it pages in). Registers again whenever bluetoothd (re)appears on the bus.
///
/// Legacy advertising budget (31 bytes): flags 3 + 128-bit service UUID 18 + ManufacturerData
/// (2 + 2-byte company id + 6) 10 = 31; the name goes into the scan response (BlueZ 5.66).
public final class BlueZHost: Sendable {
    private static let profilePath = "/org/snaphost/profile"
    private static let advertisementPath = "/org/snaphost/advertisement"
    private static let alreadyExists = "org.bluez.Error.AlreadyExists"
    private let bus: DBusBusConnection
    private let adapterPath: String
    private let channel: Int
    private let name: String
    private let serverID: UUID
    private let capacity: Int
    private let logger: Logger
    private let saved = Locked<[String: DBusValue]>([:])
    private let advertised: Locked<Advertised>
    private let updates = Locked<UpdateState>(UpdateState())
    private let keys: Locked<PlayerKeys>
    private let playedFile: PlayedDevicesFile?
    /// Held while ``playedFile`` is written (each write writes the latest list).
    private let saving = Locked<Void>(())
    private let registered = Locked<Registered>(Registered())

    /// What the current bluetoothd has of ours (both false again when it restarts).
    struct Registered: Sendable, Equatable {
        var profile = false
        var advertisement = false
        var complete: Bool { profile && advertisement }
    }

    struct UpdateState: Sendable {
        var pending = false
        var running = false
        var last: ContinuousClock.Instant? = nil
    }

    /// Connects to the system bus and registers (now, and after every bluetoothd restart).
    /// `onConnection` gets each RFCOMM connection's fd (owned by the callee) and the peer's
    /// device path. `playedFile` remembers the players' devices across runs (nil: this run only).
    public init(
        adapter: String, channel: Int, name: String, serverID: UUID, capacity: Int, playedFile: PlayedDevicesFile? = nil,
        logger: Logger, onConnection: @escaping @Sendable (Int32, String) -> Void
    ) throws(DBusError) {
        self.bus = try DBusBusConnection(logger: logger)
        self.adapterPath = "/org/bluez/\(adapter)"
        self.channel = channel
        self.name = name
        self.serverID = serverID
        self.capacity = capacity
        self.logger = logger
        self.playedFile = playedFile
        self.keys = Locked(PlayerKeys(played: playedFile?.load() ?? []))
        self.advertised = Locked(Advertised(name: name, state: AdvertisedState(serverID: serverID, capacity: capacity, players: 0)))
        let keys = self.keys
        let save: @Sendable () -> Void = { [playedFile, saving] in Self.savePlayed(keys: keys, to: playedFile, saving: saving, logger: logger) }
        bus.export(path: Self.profilePath) { message in
            switch message.member {
            case "NewConnection":
                guard message.arguments.count >= 2, case .fd(let fd) = message.arguments[1] else {
                    return .error(name: "org.bluez.Error.Rejected", message: "no fd")
                }
                let device = message.arguments[0].stringValue ?? "?"
                if keys.withLock({ $0.connected(device) }) { Task { save() } }  // off the bus thread
                onConnection(fd, device)
                return .values([])
            case "Release": return .none
            default: return .values([])  // RequestDisconnection: NIO closes on its own
            }
        }
        let current = self.advertised
        bus.export(path: Self.advertisementPath) { message in
            let advertisement = current.withLock { $0 }.properties
            switch (message.interface, message.member) {
            case ("org.freedesktop.DBus.Properties", "GetAll"): return .values([advertisement])
            case ("org.freedesktop.DBus.Properties", "Get"):
                let key = message.arguments.count > 1 ? message.arguments[1].stringValue ?? "" : ""
                guard let value = advertisement.dictValue?[key] else {
                    return .error(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "no property \(key)")
                }
                return .values([.variant(value)])
            case (_, "Release"): return .none
            default: return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message.member)
            }
        }
        let bus = self.bus
        let adapterPath = self.adapterPath
        bus.onSignal { [weak self] signal in
            if signal.member == "PropertiesChanged", signal.arguments.first?.stringValue == "org.bluez.Device1",
                signal.arguments.count >= 2, let changed = signal.arguments[1].dictValue
            {
                let device = signal.path
                guard device.hasPrefix(adapterPath + "/") else { return }  // another adapter's view of a device
                if changed["Paired"]?.boolValue == true, keys.withLock({ $0.paired(device) }) { Task { save() } }
                if changed["Connected"]?.boolValue == false, keys.withLock({ $0.forgets(device) }) {
                    Task { await BlueZHost.forgetKey(device, bus: bus, adapterPath: adapterPath, keys: keys, save: save, logger: logger) }
                }
                return
            }
            guard signal.member == "NameOwnerChanged", signal.arguments.count == 3,
                signal.arguments[0].stringValue == "org.bluez", signal.arguments[2].stringValue?.isEmpty == false
            else { return }
            logger.info("bluetoothd (re)started: registering again")
            guard let self else { return }
            self.registered.withLock { $0 = Registered() }
            self.completeRegistration()
        }
        bus.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.bluez'")
        bus.addMatch("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',arg0='org.bluez.Device1'")
    }

    /// Writes the players' devices to `file` (the latest list; a failure is logged).
    private static func savePlayed(keys: Locked<PlayerKeys>, to file: PlayedDevicesFile?, saving: Locked<Void>, logger: Logger) {
        guard let file else { return }
        saving.withLock { _ in
            do {
                try file.save(keys.withLock { $0.played })
            } catch {
                logger.notice("players' Bluetooth devices not saved", metadata: ["error": "\(error)"])
            }
        }
    }

    /// A player's seat is held over a link from the device at `address` (`AA:BB:CC:DD:EE:FF`,
    /// one of this adapter's): its link key is kept while the device holds a seat, even while its
    /// link is down (the player away for the resume grace), so the player comes back without
    /// pairing again.
    public func seatHeld(by address: String) {
        let device = devicePath(of: address)
        if keys.withLock({ $0.seatHeld(by: device) }) { Task { [self] in save() } }
    }

    /// The seat held by the device at `address` is given up: its key is forgotten once it holds
    /// no seat (now, when its link is down; else at that link's end).
    public func seatGivenUp(by address: String) {
        let device = devicePath(of: address)
        guard keys.withLock({ $0.seatGivenUp(by: device) }) else { return }
        Task { [self] in await forgetKey(device) }
    }

    /// The object path of the device at `address` (`AA:BB:CC:DD:EE:FF`) under this adapter.
    private func devicePath(of address: String) -> String {
        adapterPath + "/dev_" + address.uppercased().replacing(":", with: "_")
    }

    private func save() {
        Self.savePlayed(keys: keys, to: playedFile, saving: saving, logger: logger)
    }

    /// Adapter1.RemoveDevice: bluetoothd drops the device and the kernel its link key. Not while
    /// the device is connected again (a new link came up meanwhile): bluetoothd 5.66 then
    /// defers the removal to that link's end and, in the VM, lost it (the key stayed); that
    /// link's end forgets it (every link down of a player's device does). Nor when the device
    /// is Trusted by now: the user's (a device the user paired while the host served).
    private static func forgetKey(
        _ device: String, bus: DBusBusConnection, adapterPath: String, keys: Locked<PlayerKeys>,
        save: @escaping @Sendable () -> Void, logger: Logger
    ) async {
        let properties = try? await bus.call(
            destination: "org.bluez", path: device, interface: "org.freedesktop.DBus.Properties", method: "GetAll",
            [.string("org.bluez.Device1")], timeoutMilliseconds: 5000)
        let device1 = properties?.first?.dictValue
        if device1?["Trusted"]?.boolValue == true {
            if keys.withLock({ $0.trusted(device) }) { save() }
            logger.debug("device trusted: the user's, its key is kept", metadata: ["device": "\(device)"])
            return
        }
        if device1?["Connected"]?.boolValue == true {
            logger.debug("player's device connected again: its key is forgotten when that link ends", metadata: ["device": "\(device)"])
            return
        }
        do {
            _ = try await bus.call(
                destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "RemoveDevice",
                [.objectPath(device)], timeoutMilliseconds: 5000)
            logger.info("player's link key forgotten", metadata: ["device": "\(device)"])
        } catch where error.name == "org.bluez.Error.DoesNotExist" {
            logger.debug("player's device already forgotten", metadata: ["device": "\(device)"])  // by an overlapping forget
        } catch {
            logger.notice("player's link key not forgotten", metadata: ["device": "\(device)", "error": "\(error)"])
        }
    }

    private func forgetKey(_ device: String) async {
        let (keys, playedFile, saving, logger) = (self.keys, self.playedFile, self.saving, self.logger)
        await Self.forgetKey(device, bus: bus, adapterPath: adapterPath, keys: keys, save: {
            Self.savePlayed(keys: keys, to: playedFile, saving: saving, logger: logger)
        }, logger: logger)
    }

    /// Notes the devices that are Paired or Trusted now (the user's, unless they played: never
    /// forgotten), and forgets the keys of players' devices that have one and no link.
    private func noteKeptDevices() async {
        do {
            let objects = try await bus.call(
                destination: "org.bluez", path: "/", interface: "org.freedesktop.DBus.ObjectManager", method: "GetManagedObjects")
            var paired: Set<String> = []
            var trusted: Set<String> = []
            var connected: Set<String> = []
            for (path, interfaces) in objects.first?.dictValue ?? [:] {
                guard let device = interfaces.dictValue?["org.bluez.Device1"]?.dictValue else { continue }
                if device["Paired"]?.boolValue == true { paired.insert(path) }
                if device["Trusted"]?.boolValue == true { trusted.insert(path) }
                if device["Connected"]?.boolValue == true { connected.insert(path) }
            }
            let (forget, changed) = keys.withLock { keys in
                let changed = keys.note(paired: paired, trusted: trusted)
                return (keys.stale(paired: paired, connected: connected), changed)
            }
            if changed { Self.savePlayed(keys: keys, to: playedFile, saving: saving, logger: logger) }
            for device in forget { await forgetKey(device) }
        } catch {
            logger.notice("paired devices not read", metadata: ["error": "\(error)"])
        }
    }

    /// What the advertisement says; bluetoothd reads it (GetAll) once per registration.
    struct Advertised: Sendable, Equatable {
        var name: String
        var state: AdvertisedState

        var properties: DBusValue {
            .properties([
                "Type": .string("peripheral"),
                "ServiceUUIDs": .strings([SnapBluetooth.serviceUUID]),
                "LocalName": .string(name),
                "ManufacturerData": .dict(key: "q", value: "v", [
                    DBusEntry(key: .uint16(SnapBluetooth.manufacturerID), value: .variant(.bytes(state.bytes)))
                ]),
            ])
        }
    }

    /// Advertises `players` from now on: bluetoothd reads an advertisement once, so it is
    /// registered again (Unregister + Register, which also makes scanners report it afresh).
    /// Rate-limited: at most one re-registration per `minimumInterval`; changes in between
    /// coalesce into the latest count.
    public func update(players: Int, minimumInterval: Duration = .seconds(2)) {
        let changed = advertised.withLock { advertised -> Bool in
            let state = AdvertisedState(serverID: serverID, capacity: capacity, players: players)
            guard state != advertised.state else { return false }
            advertised.state = state
            return true
        }
        guard changed else { return }
        let start = updates.withLock { updates -> Bool in
            updates.pending = true
            guard !updates.running else { return false }
            updates.running = true
            return true
        }
        guard start else { return }
        Task {
            let clock = ContinuousClock()
            while true {
                if let last = updates.withLock({ $0.last }) {
                    let due = last.advanced(by: minimumInterval)
                    if clock.now < due { try? await Task.sleep(until: due, clock: clock) }
                }
                let go = updates.withLock { updates -> Bool in
                    guard updates.pending else {
                        updates.running = false
                        return false
                    }
                    updates.pending = false
                    updates.last = clock.now
                    return true
                }
                guard go else { return }
                await reregisterAdvertisement()
            }
        }
    }

    private func reregisterAdvertisement() async {
        _ = try? await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.bluez.LEAdvertisingManager1",
            method: "UnregisterAdvertisement", [.objectPath(Self.advertisementPath)], timeoutMilliseconds: 5000)
        do {
            _ = try await bus.call(
                destination: "org.bluez", path: adapterPath, interface: "org.bluez.LEAdvertisingManager1",
                method: "RegisterAdvertisement", [.objectPath(Self.advertisementPath), .properties([:])])
            let state = advertised.withLock { $0.state }
            logger.info("LE advertisement updated", metadata: ["players": "\(state.players)", "capacity": "\(state.capacity)"])
        } catch {
            logger.warning("LE advertisement not updated", metadata: ["error": "\(error)"])
        }
    }

    /// Powers the adapter, then at once registers the advertisement (what gets the host listed:
    /// it need not wait for the rest) while making the adapter discoverable (hence connectable)
    /// and registering the profile. True when the profile was registered. (A player who sees the
    /// advertisement before the profile is registered is refused and retries: `RFCOMM.connect`.)
    /// What failed is tried again in the background (``completeRegistration()``).
    @discardableResult
    public func register() async -> Bool {
        let result = await registerMissing(failures: .notice)
        if !result.complete { completeRegistration() }
        return result.profile
    }

    /// Registers what is missing every 0.5 s for up to 10 s: after a bluetoothd (re)start its
    /// adapter interfaces come one by one (Adapter1 and ProfileManager1 before
    /// LEAdvertisingManager1, seen in the VM). Failures are logged on the last try only.
    private func completeRegistration() {
        Task { [weak self] in
            for attempt in 1...20 {
                try? await Task.sleep(for: .milliseconds(500))
                guard let self else { return }
                if await self.registerMissing(failures: attempt == 20 ? .warning : .debug).complete { return }
            }
        }
    }

    /// One try at registering what the current bluetoothd lacks; failures logged at `failures`.
    private func registerMissing(failures: Logger.Level) async -> Registered {
        do {
            try await setAdapter("Powered", .bool(true))
        } catch {
            logger.log(level: failures, "adapter not powered", metadata: ["error": "\(error)"])
        }
        let before = registered.withLock { $0 }
        async let advertisement = before.advertisement ? true : registerAdvertisement(failures: failures)
        let profile = before.profile ? true : await registerProfile(failures: failures)
        let result = Registered(profile: profile, advertisement: await advertisement)
        registered.withLock { $0 = result }
        return result
    }

    private func setAdapter(_ property: String, _ value: DBusValue, timeoutMilliseconds: Int32 = 25_000) async throws(DBusError) {
        _ = try await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.freedesktop.DBus.Properties", method: "Set",
            [.string("org.bluez.Adapter1"), .string(property), .variant(value)], timeoutMilliseconds: timeoutMilliseconds)
    }

    private func registerProfile(failures: Logger.Level) async -> Bool {
        do {
            try await setAdapter("DiscoverableTimeout", .uint32(0))
            try await setAdapter("Discoverable", .bool(true))
            await configureAdapter()
            await noteKeptDevices()
            _ = try await bus.call(
                destination: "org.bluez", path: "/org/bluez", interface: "org.bluez.ProfileManager1", method: "RegisterProfile",
                [.objectPath(Self.profilePath), .string(SnapBluetooth.serviceUUID), .properties([
                    "Name": .string("snap-host"),
                    "Role": .string("server"),
                    "Channel": .uint16(UInt16(channel)),
                    "RequireAuthentication": .bool(true),  // bluetoothd's listener at RFCOMMSecurity.required (medium)
                    "RequireAuthorization": .bool(false),
                    "AutoConnect": .bool(false),
                ])])
            logger.info("RFCOMM profile registered", metadata: ["channel": "\(channel)"])
            return true
        } catch where error.name == Self.alreadyExists {
            return true  // by a try that overlapped this one
        } catch {
            logger.log(level: failures, "RFCOMM profile not registered", metadata: ["error": "\(error)"])
            return false
        }
    }

    private func registerAdvertisement(failures: Logger.Level) async -> Bool {
        do {
            _ = try await bus.call(
                destination: "org.bluez", path: adapterPath, interface: "org.bluez.LEAdvertisingManager1",
                method: "RegisterAdvertisement", [.objectPath(Self.advertisementPath), .properties([:])])
            logger.info("LE advertisement registered", metadata: ["adapter": "\(adapterPath)"])
            return true
        } catch where error.name == Self.alreadyExists {
            return true  // by a try that overlapped this one
        } catch {
            logger.log(level: failures, "LE advertisement not registered", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Adapter settings while serving (the previous values are restored by ``stop()``):
    /// `Alias` = the host's name: BR/EDR inquiry (the extended inquiry response) shows the
    /// adapter's name, not the LE LocalName, so a host found either way has one name.
    private func configureAdapter() async {
        for (property, value) in [("Alias", DBusValue.string(name)), ("Pairable", .bool(true))] {
            do {
                let current = try await bus.call(
                    destination: "org.bluez", path: adapterPath, interface: "org.freedesktop.DBus.Properties", method: "Get",
                    [.string("org.bluez.Adapter1"), .string(property)])
                if case .variant(let old)? = current.first, old != value {
                    saved.withLock { if $0[property] == nil { $0[property] = old } }
                }
                try await setAdapter(property, value)
            } catch {
                logger.notice("adapter setting not changed", metadata: ["property": "\(property)", "error": "\(error)"])
            }
        }
    }

    /// Withdraws the advertisement and the profile, restores the adapter's settings, then closes
    /// the bus connection.
    public func stop() async {
        for (property, value) in saved.withLock({ $0 }) {
            try? await setAdapter(property, value, timeoutMilliseconds: 2000)
        }
        _ = try? await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.bluez.LEAdvertisingManager1",
            method: "UnregisterAdvertisement", [.objectPath(Self.advertisementPath)], timeoutMilliseconds: 2000)
        _ = try? await bus.call(
            destination: "org.bluez", path: "/org/bluez", interface: "org.bluez.ProfileManager1", method: "UnregisterProfile",
            [.objectPath(Self.profilePath)], timeoutMilliseconds: 2000)
        logger.info("Bluetooth advertisement and profile unregistered")
        bus.close()
    }
}
