import Foundation
import Logging

/// Scans with bluetoothd for hosts advertising ``SnapBluetooth/serviceUUID``: a discovery filter
/// on the UUID over LE, StartDiscovery, the current objects, then InterfacesAdded and
/// PropertiesChanged of Device1 objects (the filter is OR-merged across clients, so matches are
/// re-checked here).
///
/// LE only: every host advertises over LE (with its name and state), and an LE-only discovery
/// scans without pause, where "auto" alternates 5.12 s of LE scanning with 5.12 s of BR/EDR
/// inquiry, during which a host that starts advertising is not seen.
public final class BlueZScanner: Sendable {
    /// Hosts as they are found or change. One consumer.
    public let hosts: AsyncStream<BluetoothHost>
    private let sink: AsyncStream<BluetoothHost>.Continuation
    private let bus: DBusBusConnection
    private let adapterPath: String
    private let adapter: String
    private let devices = Locked<[String: [String: DBusValue]]>([:])

    /// Starts scanning on `adapter` (`hciN`).
    public init(adapter: String, logger: Logger) async throws(DBusError) {
        bus = try DBusBusConnection(logger: logger)
        self.adapter = adapter
        adapterPath = "/org/bluez/\(adapter)"
        (hosts, sink) = AsyncStream.makeStream(of: BluetoothHost.self)
        bus.onSignal { [weak self] signal in
            guard let self else { return }
            switch signal.member {
            case "InterfacesAdded" where signal.arguments.count == 2:
                if let path = signal.arguments[0].stringValue,
                    let properties = signal.arguments[1].dictValue?["org.bluez.Device1"]?.dictValue
                {
                    self.update(path: path, properties)
                }
            case "PropertiesChanged" where signal.arguments.count >= 2:
                if signal.arguments[0].stringValue == "org.bluez.Device1", let changed = signal.arguments[1].dictValue {
                    self.update(path: signal.path, changed)
                }
            default: break
            }
        }
        bus.addMatch("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='InterfacesAdded'")
        bus.addMatch("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path_namespace='/org/bluez'")
        _ = try await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.freedesktop.DBus.Properties", method: "Set",
            [.string("org.bluez.Adapter1"), .string("Powered"), .variant(.bool(true))])
        _ = try await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "SetDiscoveryFilter",
            [.properties(["UUIDs": .strings([SnapBluetooth.serviceUUID]), "Transport": .string("le"), "DuplicateData": .bool(false)])])
        _ = try await bus.call(destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "StartDiscovery")
        logger.info("Bluetooth discovery started", metadata: ["adapter": "\(adapter)", "uuid": "\(SnapBluetooth.serviceUUID)"])
        let objects = try await bus.call(
            destination: "org.bluez", path: "/", interface: "org.freedesktop.DBus.ObjectManager", method: "GetManagedObjects")
        if let all = objects.first?.dictValue {
            for (path, interfaces) in all {
                if let properties = interfaces.dictValue?["org.bluez.Device1"]?.dictValue { update(path: path, properties) }
            }
        }
    }

    private func update(path: String, _ changed: [String: DBusValue]) {
        guard path.hasPrefix(adapterPath + "/") else { return }
        let merged = devices.withLock { devices -> [String: DBusValue] in
            devices[path, default: [:]].merge(changed) { _, new in new }
            return devices[path]!
        }
        guard let host = BluetoothHost(device: merged, adapter: adapter) else { return }
        sink.yield(host)
    }

    /// Stops discovery and closes the bus connection; ends ``hosts``.
    public func stop() async {
        _ = try? await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "StopDiscovery", timeoutMilliseconds: 2000)
        bus.close()
        sink.finish()
    }
}
