import Logging

/// A player's side of keeping its link key with a host while it holds a seat there
/// (docs/BLUETOOTH.md, "A seat keeps its key"). The kernel pairs an RFCOMM link without bonding,
/// and the player's end drops such a key when the link goes down: a player whose link dropped
/// then had to pair again. So before its RFCOMM connect, `join` asks bluetoothd to pair the host's
/// device with bonding (Device1.Pair: dedicated bonding, so both ends store the key; no agent,
/// hence NoInputNoOutput, a "Just Works" pairing as before) unless it is paired already, and it
/// forgets the host's device (Adapter1.RemoveDevice) when it gives its seat up for good, as the
/// host forgets the player's. Without bluetoothd on the system bus nothing is done (the link
/// pairs without bonding, as before). Every call is bounded; failures are logged, not thrown.
public enum BlueZBonding {
    /// What a ``bond(address:adapter:logger:)`` found.
    public enum Outcome: Sendable, Equatable {
        /// Paired with bonding now.
        case bonded
        /// Paired before (a key from an earlier link: it may be one the host has forgotten since).
        case alreadyPaired
        /// Not paired (no bluetoothd, no device object yet, the pairing failed): the link pairs
        /// on its own, without bonding.
        case notBonded
    }

    /// The devices bonded by this process, as (adapter, address): forgotten by ``unbondAll(logger:)``.
    private static let bonded = Locked<Set<[String]>>([])

    /// Pairs `adapter`'s device `address` (`AA:BB:CC:DD:EE:FF`) with bonding unless it is paired.
    /// Call it while a link to the device is up (after the SDP lookup: bluetoothd makes the device
    /// object when a link comes up; waited for up to 2 s).
    public static func bond(address: String, adapter: String, logger: Logger) async -> Outcome {
        guard let bus = try? DBusBusConnection(logger: logger) else { return .notBonded }
        defer { bus.close() }
        let device = path(of: address, adapter: adapter)
        var paired: Bool?
        for _ in 0..<20 {
            paired = try? await bus.call(
                destination: "org.bluez", path: device, interface: "org.freedesktop.DBus.Properties", method: "Get",
                [.string("org.bluez.Device1"), .string("Paired")], timeoutMilliseconds: 2000
            ).first?.boolValue
            if paired != nil { break }
            try? await Task.sleep(for: .milliseconds(100))
        }
        guard let paired else {
            logger.debug("Bluetooth bonding skipped: no device object", metadata: ["device": "\(device)"])
            return .notBonded
        }
        bonded.withLock { _ = $0.insert([adapter, address]) }
        if paired { return .alreadyPaired }
        // The kernel asks for bonding only from a bondable adapter, which bluetoothd's is only
        // while an agent is registered or Pairable is set: set for the pairing, then put back.
        let adapterPath = "/org/bluez/\(adapter)"
        let pairable = try? await bus.call(
            destination: "org.bluez", path: adapterPath, interface: "org.freedesktop.DBus.Properties", method: "Get",
            [.string("org.bluez.Adapter1"), .string("Pairable")], timeoutMilliseconds: 2000
        ).first?.boolValue
        if pairable == false { await setPairable(true, adapter: adapterPath, bus: bus) }
        let outcome: Outcome
        do {
            _ = try await bus.call(
                destination: "org.bluez", path: device, interface: "org.bluez.Device1", method: "Pair", timeoutMilliseconds: 30_000)
            logger.debug("Bluetooth device bonded", metadata: ["device": "\(device)"])
            outcome = .bonded
        } catch where error.name == "org.bluez.Error.AlreadyExists" {
            outcome = .alreadyPaired
        } catch {
            logger.debug("Bluetooth bonding failed", metadata: ["device": "\(device)", "error": "\(error)"])
            outcome = .notBonded
        }
        if pairable == false { await setPairable(false, adapter: adapterPath, bus: bus) }
        return outcome
    }

    /// Forgets `adapter`'s device `address` and its key (Adapter1.RemoveDevice).
    public static func unbond(address: String, adapter: String, logger: Logger) async {
        guard let bus = try? DBusBusConnection(logger: logger) else { return }
        defer { bus.close() }
        let device = path(of: address, adapter: adapter)
        do {
            _ = try await bus.call(
                destination: "org.bluez", path: "/org/bluez/\(adapter)", interface: "org.bluez.Adapter1", method: "RemoveDevice",
                [.objectPath(device)], timeoutMilliseconds: 5000)
            logger.debug("Bluetooth bond forgotten", metadata: ["device": "\(device)"])
        } catch {
            logger.debug("Bluetooth bond not forgotten", metadata: ["device": "\(device)", "error": "\(error)"])
        }
        bonded.withLock { _ = $0.remove([adapter, address]) }
    }

    /// Forgets every device this process bonded: its seats there are given up.
    public static func unbondAll(logger: Logger) async {
        for pair in bonded.withLock({ $0 }) { await unbond(address: pair[1], adapter: pair[0], logger: logger) }
    }

    private static func setPairable(_ on: Bool, adapter: String, bus: DBusBusConnection) async {
        _ = try? await bus.call(
            destination: "org.bluez", path: adapter, interface: "org.freedesktop.DBus.Properties", method: "Set",
            [.string("org.bluez.Adapter1"), .string("Pairable"), .variant(.bool(on))], timeoutMilliseconds: 2000)
    }

    /// `/org/bluez/hci1/dev_AA_BB_CC_DD_EE_FF`.
    static func path(of address: String, adapter: String) -> String {
        "/org/bluez/\(adapter)/dev_" + address.uppercased().replacing(":", with: "_")
    }
}
