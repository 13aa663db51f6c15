import Foundation
import Logging

/// A host seen over Bluetooth LE: its address, advertised name, and the compact state of its
/// ManufacturerData (``SnapBluetooth/manufacturerID``): the first 4 bytes of its server id (to
/// merge it with the same host seen on the LAN), capacity and players.
public struct BluetoothHost: Hashable, Sendable {
    public var address: String
    public var name: String
    /// The first 4 bytes of the server id, as 8 lower-case hex digits ("" when not advertised).
    public var idPrefix: String
    public var capacity: Int?
    public var players: Int?
    /// The adapter that saw it (`hci1`).
    public var adapter: String
}

/// Scans with bluetoothd for hosts advertising ``SnapBluetooth/serviceUUID``: a discovery filter
/// on the UUID, StartDiscovery, the current objects, then InterfacesAdded and PropertiesChanged
/// of Device1 objects (the filter is OR-merged across clients, so matches are re-checked here).
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
            [.properties(["UUIDs": .strings([SnapBluetooth.serviceUUID]), "Transport": .string("auto"), "DuplicateData": .bool(false)])])
        _ = try await bus.call(destination: "org.bluez", path: adapterPath, interface: "org.bluez.Adapter1", method: "StartDiscovery")
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
        let uuids = merged["UUIDs"]?.arrayValue?.compactMap(\.stringValue).map { $0.lowercased() } ?? []
        guard uuids.contains(SnapBluetooth.serviceUUID), let address = merged["Address"]?.stringValue else { return }
        var host = BluetoothHost(
            address: address, name: merged["Name"]?.stringValue ?? merged["Alias"]?.stringValue ?? address, idPrefix: "",
            capacity: nil, players: nil, adapter: adapter)
        if case .dict(_, _, let entries)? = merged["ManufacturerData"] {
            for entry in entries {
                guard case .uint16(SnapBluetooth.manufacturerID) = entry.key, let bytes = entry.value.bytesValue, bytes.count >= 6 else { continue }
                host.idPrefix = bytes.prefix(4).map { String(format: "%02x", $0) }.joined()
                host.capacity = Int(bytes[4])
                host.players = Int(bytes[5])
            }
        }
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
