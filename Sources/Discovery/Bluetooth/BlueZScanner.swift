import FoundationEssentials
import Logging

/// Scans with bluetoothd for hosts advertising ``SnapBluetooth/serviceUUID``: a discovery filter
/// on the UUID over LE, StartDiscovery, the current objects, then InterfacesAdded and
/// PropertiesChanged of Device1 objects (the filter is OR-merged across clients, so matches are
/// re-checked here).
///
/// Every element of ``hosts`` is a hearing: the host was heard advertising just now (a change
/// of a property only an advertising report sets: RSSI, ManufacturerData, ServiceData; or a
/// device that appears with an RSSI). Other changes (Connected, Paired, an RSSI invalidated when
/// discovery stops) are merged silently. `DuplicateData` is on, so bluetoothd signals
/// ManufacturerData for every report the controller passes on, not only for new data: the
/// browser ages a host out by the interval between hearings (``BluetoothRoutes``).
///
/// LE only: every host advertises over LE (with its name and state), and an LE-only discovery
/// scans without pause, where "auto" alternates 5.12 s of LE scanning with 5.12 s of BR/EDR
/// inquiry, during which a host that starts advertising is not seen.
///
/// Discovery is started afresh every ``rescanInterval`` (StopDiscovery, SetDiscoveryFilter,
/// StartDiscovery), for three reasons:
/// - a controller that filters duplicates (the kernel asks for it) reports an advertiser once
///   per scan start: the round is how often such a host is heard, hence how soon the browser can
///   tell that it went quiet (``BluetoothRoutes``);
/// - the kernel drops reports that come before its discovery is under way: the emulated
///   controllers of the VM test bed report only at the scan start, and about half of those
///   reports are lost (docs/BLUETOOTH.md). bluetoothd's own restarts come only every 10.24 s;
/// - a bluetoothd that restarted forgot this client's discovery: the next round starts it again.
public final class BlueZScanner: Sendable {
    /// How often discovery is started afresh: a scan of a second still spans a default BLE
    /// advertising interval (1.28 s, less the restart) most of the time, and ten rounds fit in
    /// the browser's longest silence (10 s).
    public static let rescanInterval: Duration = .seconds(1)
    /// Hosts as they are found or change. One consumer.
    public let hosts: AsyncStream<BluetoothHost>
    private let sink: AsyncStream<BluetoothHost>.Continuation
    private let bus: DBusBusConnection
    private let adapterPath: String
    private let adapter: String
    private let devices = Locked<[String: [String: DBusValue]]>([:])
    private let rescan = Locked<Task<Void, Never>?>(nil)
    private let logger: Logger

    /// Starts scanning on `adapter` (`hciN`).
    public init(adapter: String, logger: Logger) async throws(DBusError) {
        bus = try DBusBusConnection(logger: logger)
        self.adapter = adapter
        adapterPath = "/org/bluez/\(adapter)"
        self.logger = logger
        (hosts, sink) = AsyncStream.makeStream(of: BluetoothHost.self)
        bus.onSignal { [weak self] signal in
            guard let self else { return }
            switch signal.member {
            case "InterfacesAdded" where signal.arguments.count == 2:
                if let path = signal.arguments[0].stringValue,
                    let properties = signal.arguments[1].dictValue?["org.bluez.Device1"]?.dictValue
                {
                    self.update(path: path, properties, heard: properties["RSSI"] != nil)
                }
            case "PropertiesChanged" where signal.arguments.count >= 2:
                if signal.arguments[0].stringValue == "org.bluez.Device1", let changed = signal.arguments[1].dictValue {
                    self.update(path: signal.path, changed, heard: !Self.advertisingProperties.isDisjoint(with: changed.keys))
                }
            default: break
            }
        }
        bus.addMatch("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='InterfacesAdded'")
        bus.addMatch("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path_namespace='/org/bluez'")
        try await startDiscovery()
        logger.info("Bluetooth discovery started", metadata: ["adapter": "\(adapter)", "uuid": "\(SnapBluetooth.serviceUUID)"])
        let objects = try await bus.call(
            destination: "org.bluez", path: "/", interface: "org.freedesktop.DBus.ObjectManager", method: "GetManagedObjects")
        if let all = objects.first?.dictValue {
            for (path, interfaces) in all {
                if let properties = interfaces.dictValue?["org.bluez.Device1"]?.dictValue {
                    update(path: path, properties, heard: properties["RSSI"] != nil)
                }
            }
        }
        rescan.withLock { task in
            task = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.rescanInterval)
                    guard !Task.isCancelled, let self else { return }
                    await self.restartDiscovery()
                }
            }
        }
    }

    /// Powers the adapter, sets this client's discovery filter and starts discovery; each call
    /// waits `timeoutMilliseconds` for bluetoothd's reply.
    private func startDiscovery(timeoutMilliseconds: Int32 = 25_000) async throws(DBusError) {
        _ = try await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.freedesktop.DBus.Properties", method: "Set",
            [.string("org.bluez.Adapter1"), .string("Powered"), .variant(.bool(true))], timeoutMilliseconds: timeoutMilliseconds)
        _ = try await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "SetDiscoveryFilter",
            [.properties(["UUIDs": .strings([SnapBluetooth.serviceUUID]), "Transport": .string("le"), "DuplicateData": .bool(true)])],
            timeoutMilliseconds: timeoutMilliseconds)
        _ = try await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "StartDiscovery",
            timeoutMilliseconds: timeoutMilliseconds)
    }

    /// One round of ``rescanInterval``: stop (an error means it was not running: a bluetoothd
    /// that restarted) and start again. A bluetoothd that is away, or slow to answer (2 s per
    /// call: bluetoothd 5.66 can leave a StartDiscovery unanswered when another client's start
    /// is under way, seen in the VM), is tried again next round.
    private func restartDiscovery() async {
        let wasRunning = (try? await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "StopDiscovery",
            timeoutMilliseconds: 2000)) != nil
        do {
            try await startDiscovery(timeoutMilliseconds: 2000)
            if !wasRunning { logger.info("Bluetooth discovery started again", metadata: ["adapter": "\(adapter)"]) }
        } catch {
            logger.debug("Bluetooth discovery not restarted", metadata: ["adapter": "\(adapter)", "error": "\(error)"])
        }
    }

    /// Device1 properties that bluetoothd sets only from an advertising report: their change
    /// means the device was heard just now.
    static let advertisingProperties: Set<String> = ["RSSI", "ManufacturerData", "ServiceData", "TxPower", "AdvertisingData"]

    /// Merges a device's changed properties; yields the host when it was `heard` advertising.
    private func update(path: String, _ changed: [String: DBusValue], heard: Bool) {
        guard path.hasPrefix(adapterPath + "/") else { return }
        let merged = devices.withLock { devices -> [String: DBusValue] in
            devices[path, default: [:]].merge(changed) { _, new in new }
            return devices[path]!
        }
        guard heard, let host = BluetoothHost(device: merged, adapter: adapter) else { return }
        sink.yield(host)
    }

    /// Stops discovery and closes the bus connection; ends ``hosts``.
    public func stop() async {
        rescan.withLock { $0?.cancel() }
        _ = try? await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "StopDiscovery", timeoutMilliseconds: 2000)
        bus.close()
        sink.finish()
    }
}
