import Discovery
import Logging
import NIOConcurrencyHelpers

/// Which route `join NAME` takes to a host found by name.
public enum JoinRoute: String, Hashable, Sendable, CaseIterable {
    /// The LAN (TCP) when the host was seen there, else Bluetooth (RFCOMM).
    case any
    /// Only the LAN: Bluetooth is not scanned.
    case lan
    /// Only Bluetooth: RFCOMM even when the host is also on the LAN.
    case bluetooth
}

/// Finds a host by advertised name for `join NAME`.
enum HostSearch {
    /// What one browser event offers for the wanted name: a target, or a Bluetooth-only target to
    /// fall back on (with `.any`, a LAN route is waited for until the search times out).
    enum Offer: Equatable {
        case take(JoinTarget)
        case fallback(JoinTarget)
        case none
    }

    /// Pure: what `event` offers when looking for `name` (lower-cased) over `via`.
    static func offer(_ event: BrowserEvent, name: String, via: JoinRoute, adapter: String?) -> Offer {
        switch event {
        case .found(let host), .updated(let host):
            guard host.name.lowercased() == name else { return .none }
            if via != .bluetooth, let address = host.lanAddresses.first {
                let scoped = address.isLinkLocal ? "\(address.address)%\(address.interface)" : address.address
                return .take(.tcp(host: scoped, port: address.port))
            }
            if via != .lan, let sighting = host.bluetooth {
                return .take(.rfcomm(address: sighting.address, channel: host.advertisement.bluetooth?.channel, adapter: adapter))
            }
            return .none
        case .bluetoothOnly(let sighting):
            guard via != .lan, sighting.name.lowercased() == name else { return .none }
            let target = JoinTarget.rfcomm(address: sighting.address, channel: nil, adapter: adapter)
            return via == .bluetooth ? .take(target) : .fallback(target)
        case .lost, .incompatible, .unavailable:
            return .none
        }
    }

    static func find(
        named name: String, timeout: Duration, via: JoinRoute = .any, adapter: String? = nil, logger: Logger
    ) async throws(JoinError) -> JoinTarget {
        let browser: Browser
        do {
            browser = try Browser(acceptedVersions: Set(WireCodec.supportedVersions), logger: logger)
        } catch {
            throw .noNetwork("cannot browse: \(error)")
        }
        defer { browser.stop() }
        let scanner = via == .lan ? nil : await startScanner(adapter: adapter, logger: logger)
        if let scanner { browser.add(bluetooth: scanner.hosts) }
        let wanted = name.lowercased()
        let fallback = NIOLockedValueBox<JoinTarget?>(nil)
        let found: JoinTarget? = await withTaskGroup(of: JoinTarget?.self) { group in
            group.addTask {
                for await event in browser.events {
                    if case .unavailable(let transport, let why) = event {
                        logger.warning("cannot search", metadata: ["transport": "\(transport.rawValue)", "error": "\(why)"])
                    }
                    switch offer(event, name: wanted, via: via, adapter: adapter) {
                    case .take(let target): return target
                    case .fallback(let target): fallback.withLockedValue { $0 = $0 ?? target }
                    case .none: break
                    }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        await scanner?.stop()
        guard let target = found ?? fallback.withLockedValue({ $0 }) else {
            let where_ = via == .lan ? "on the LAN" : via == .bluetooth ? "over Bluetooth" : "on the LAN or over Bluetooth"
            throw .noNetwork("no host named \"\(name)\" found \(where_) within \(timeout)")
        }
        logger.debug("found host", metadata: ["name": "\(name)", "target": "\(target)"])
        return target
    }

    /// A Bluetooth scanner where Bluetooth can be used; nil (logged) where it cannot.
    private static func startScanner(adapter: String?, logger: Logger) async -> BlueZScanner? {
        do {
            if let why = BluetoothUnavailable.check(adapter: adapter) { throw why }
            return try await BlueZScanner(adapter: try BluetoothAdapter(named: adapter).name, logger: logger)
        } catch {
            logger.info("not searching over Bluetooth", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
