import ArgumentParser
import Discovery
import FoundationEssentials
import GameRuntime
import Glibc
import Logging
import Matchmaking
import Rendezvous
import Synchronization

/// `snap-host browse`: list the hosts on the LAN.
struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the hosts that advertise a game on the LAN.",
        discussion: """
            Without --watch: listens for --timeout seconds, then prints one line per host (one JSON \
            object per line with --json). With --watch: prints every change as it happens (found, \
            updated, lost, incompatible) until interrupted or --timeout passes.
            """)

    @Option(help: "Seconds to listen (default 3; with --watch, forever).")
    var timeout: Double?

    @Flag(help: "Print changes as they happen.")
    var watch = false

    @Flag(help: "One JSON object per line.")
    var json = false

    @Flag(help: "Do not scan over Bluetooth LE.")
    var noBluetooth = false

    @Option(help: "The Bluetooth adapter to scan with (hciN). Default: the first one.")
    var adapter: String?

    @OptionGroup var common: CommonOptions

    func run() async throws {
        common.bootstrapLogging()
        let logger = Logger(label: "snap-host")
        if !watch { TerminationSignals.onSignal { Glibc.exit(0) } }
        let browser: Browser
        do {
            browser = try Browser(
                acceptedVersions: Set(WireCodec.supportedVersions), probe: { await HostProbe.isReachable($0) }, logger: logger)
        } catch {
            throw ValidationError("\(error)")
        }
        let limit = timeout ?? (watch ? nil : 3)
        let printer = BrowsePrinter(json: json, watch: watch)
        let scanner = noBluetooth ? nil : await Self.startScanner(adapter: adapter, logger: logger)
        if let scanner { browser.add(bluetooth: scanner.hosts) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in browser.events { printer.event(event) }
            }
            group.addTask {
                if let limit {
                    try? await Task.sleep(for: .seconds(limit))
                } else {
                    await TerminationSignals.wait()
                }
            }
            await group.next()
            group.cancelAll()
        }
        // One entry per host (Browser merges a Bluetooth sighting into its LAN host).
        let hosts = browser.snapshot
        let bluetoothOnly = browser.bluetoothOnly
        browser.stop()
        await scanner?.stop()
        if !watch {
            for host in hosts { printer.line(for: host, event: nil) }
            for sighting in bluetoothOnly { printer.line(for: sighting, event: nil) }
            if hosts.isEmpty && bluetoothOnly.isEmpty { Terminal.err("no hosts found") }
        }
    }

    /// Scans over Bluetooth where it can; nil (with one line on stderr) where it cannot.
    static func startScanner(adapter: String?, logger: Logger) async -> BlueZScanner? {
        do {
            if let why = BluetoothUnavailable.check(adapter: adapter) { throw why }
            let name = try BluetoothAdapter(named: adapter).name
            return try await BlueZScanner(adapter: name, logger: logger)
        } catch {
            Terminal.err("bluetooth unavailable: \(error)")
            return nil
        }
    }
}

/// Prints hosts for people (a table row) or programs (JSON lines).
struct BrowsePrinter: Sendable {
    let json: Bool
    let watch: Bool

    func event(_ event: BrowserEvent) {
        switch event {
        case .found(let host): if watch { line(for: host, event: "found") }
        case .updated(let host): if watch { line(for: host, event: "updated") }
        case .bluetoothOnly(let sighting): if watch { line(for: sighting, event: "found") }
        case .lost(let host, let reason): if watch { line(for: host, event: "lost", reason: reason) }
        case .routeLost(let host, let reason): if watch { line(for: host, event: "updated", reason: reason) }
        case .bluetoothOnlyLost(let sighting): if watch { line(for: sighting, event: "lost", reason: .silent) }
        case .incompatible(let name, let reason):
            if watch && json {
                Terminal.out(Self.encode(["event": .string("incompatible"), "name": .string(name), "reason": .string(reason)]))
            } else {
                Terminal.err("skipped \(name): \(reason)")
            }
        case .unavailable(let transport, let why):
            Terminal.err("\(transport.rawValue) unavailable: \(why) (is avahi-daemon running? sudo systemctl start avahi-daemon)")
        }
    }

    /// A host seen only over Bluetooth; `reason` when it was lost.
    func line(for sighting: BluetoothHost, event: String?, reason: LostReason? = nil) {
        if json {
            var object: [String: JSONValue] = [
                "id": .string(sighting.idPrefix), "name": .string(sighting.name), "game": .null,
                "players": sighting.players.map { .integer(Int64($0)) } ?? .null,
                "capacity": sighting.capacity.map { .integer(Int64($0)) } ?? .null,
                "transports": .array([.string(Transport.bluetooth.rawValue)]),
                "bluetooth": .string(sighting.address), "addresses": .array([]),
                "join": .string(sighting.address),
            ]
            if let event { object["event"] = .string(event) }
            Self.add(reason, to: &object)
            Terminal.out(Self.encode(object))
        } else {
            let prefix = event.map { "\($0): " } ?? ""
            Terminal.out(
                "\(prefix)\(sighting.name)  bluetooth \(sighting.players ?? 0)/\(sighting.capacity ?? 0)  \(sighting.address)"
                    + Self.suffix(reason))
        }
    }

    /// A host as the browser lists it; `reason` when it lost a route (`event` "updated") or its
    /// last one (`event` "lost").
    func line(for host: FoundHost, event: String?, reason: LostReason? = nil) {
        let bluetooth = host.bluetooth
        let ad = host.advertisement
        let join = host.lanAddresses.first.map(\.description) ?? bluetooth?.address
        if json {
            var object: [String: JSONValue] = [
                "id": .string(host.id.uuidString.lowercased()), "name": .string(host.name), "game": .string(ad.game),
                "players": .integer(Int64(ad.players)), "capacity": .integer(Int64(ad.capacity)),
                "state": .string(ad.state.rawValue), "joinCode": .bool(ad.joinCodeRequired),
                "protocol": .integer(Int64(ad.protocolVersion)),
                "transports": .array(host.transports.sorted().map { .string($0.rawValue) }),
                "addresses": .array(host.lanAddresses.map { .string($0.description) }),
                "join": join.map(JSONValue.string) ?? .null,
            ]
            if let bluetooth { object["bluetooth"] = .string(bluetooth.address) }
            object["tls"] = ad.tlsFingerprint.map(JSONValue.string) ?? .null
            if let event { object["event"] = .string(event) }
            Self.add(reason, to: &object)
            Terminal.out(Self.encode(object))
        } else {
            let prefix = event.map { "\($0): " } ?? ""
            let code = (ad.joinCodeRequired ? ", join code" : "") + (ad.tlsFingerprint == nil ? ", clear text" : "")
            Terminal.out(
                "\(prefix)\(host.name)  \(ad.game) \(ad.players)/\(ad.capacity) \(ad.state.rawValue)\(code)  \(join ?? "-")"
                    + Self.suffix(reason))
        }
    }

    /// `reason` (goodbye, unreachable, silent) and `lostRoute` (the transport that went).
    static func add(_ reason: LostReason?, to object: inout [String: JSONValue]) {
        guard let reason else { return }
        object["reason"] = .string(reason.rawValue)
        object["lostRoute"] = .string(reason.route.rawValue)
    }

    /// The route that went and why: ` (dnssd goodbye)`, ` (bluetooth silent)`.
    static func suffix(_ reason: LostReason?) -> String {
        reason.map { " (\($0.route.rawValue) \($0.rawValue))" } ?? ""
    }

    static func encode(_ object: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(object), as: UTF8.self)
    }
}
