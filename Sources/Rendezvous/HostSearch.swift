import Discovery
import Logging
import Matchmaking
import NIOConcurrencyHelpers
import SecureLink

/// Which route `join NAME` takes to a host found by name.
public enum JoinRoute: String, Hashable, Sendable, CaseIterable {
    /// The LAN (TCP) when the host was seen there, else Bluetooth (RFCOMM).
    case any
    /// Only the LAN: Bluetooth is not scanned.
    case lan
    /// Only Bluetooth: RFCOMM even when the host is also on the LAN.
    case bluetooth
}

/// Finds a host by its advertised name (case-insensitive) over DNS-SD and, unless `via` is
/// `.lan`, Bluetooth (scanning from `adapter`): the ``HostFinder`` of `join NAME`. With `.any`, a
/// host seen only over Bluetooth is offered as a fallback: the LAN is waited for until the
/// client's search deadline.
public struct HostSearch: HostFinder {
    /// The advertised name looked for.
    public let name: String
    /// Which transports may be used.
    public let via: JoinRoute
    /// The Bluetooth adapter to scan and connect from (`hciN`; nil: any).
    public let adapter: String?
    /// Whether a host whose TCP link is clear text (it advertises no TLS key) may be joined.
    public let clearText: Bool
    private let logger: Logger

    /// A search for `name` over `via`. A host found on the LAN is joined over TLS pinned to the
    /// key it advertises; one that advertises none only with `clearText` (`join --no-tls`).
    public init(named name: String, via: JoinRoute = .any, adapter: String? = nil, clearText: Bool = false, logger: Logger) {
        self.name = name
        self.via = via
        self.adapter = adapter
        self.clearText = clearText
        self.logger = logger
    }

    public var description: String {
        let place = via == .lan ? "on the LAN" : via == .bluetooth ? "over Bluetooth" : "on the LAN or over Bluetooth"
        return "host named \"\(name)\" \(place)"
    }

    /// What one browser event offers.
    enum Offer: Equatable {
        case take(HostRoute)
        case fallback(HostRoute)
        /// The host was found but may not be joined (clear text without `clearText`): why.
        case refuse(String)
        case none
    }

    /// Pure: what `event` offers when looking for `name` (lower-cased) over `via`.
    static func offer(
        _ event: BrowserEvent, name: String, via: JoinRoute, adapter: String?, clearText: Bool = false,
        logger: Logger = Logger(label: "snap-host.search")
    ) -> Offer {
        switch event {
        case .found(let host), .updated(let host):
            guard host.name.lowercased() == name else { return .none }
            if via != .bluetooth, let address = host.lanAddresses.first {
                let scoped = address.isLinkLocal ? "\(address.address)%\(address.interface)" : address.address
                if let advertised = host.advertisement.tlsFingerprint {
                    guard let key = Fingerprint(hex: advertised) else {
                        return .refuse("\(host.name) advertises a TLS key that is not one (tls=\(advertised)); not joining")
                    }
                    return .take(.tls(host: scoped, port: address.port, trust: .pinned(key, source: "advertised on the LAN"), logger: logger))
                }
                guard clearText else {
                    return .refuse(
                        "\(host.name) speaks only clear text (started with --no-tls, or an older snap-host); "
                            + "join with --no-tls to play it without encryption")
                }
                return .take(.tcp(host: scoped, port: address.port))
            }
            if via != .lan, let sighting = host.bluetooth {
                return .take(.rfcomm(address: sighting.address, channel: host.advertisement.bluetooth?.channel, adapter: adapter, logger: logger))
            }
            return .none
        case .bluetoothOnly(let sighting):
            guard via != .lan, sighting.name.lowercased() == name else { return .none }
            let route = HostRoute.rfcomm(address: sighting.address, channel: nil, adapter: adapter, logger: logger)
            return via == .bluetooth ? .take(route) : .fallback(route)
        case .lost, .routeLost, .bluetoothOnlyLost, .incompatible, .unavailable:
            return .none
        }
    }

    public func search() -> AsyncStream<FinderEvent> {
        let (events, sink) = AsyncStream.makeStream(of: FinderEvent.self)
        let task = Task { await run(into: sink) }
        sink.onTermination = { _ in task.cancel() }
        return events
    }

    private func run(into sink: AsyncStream<FinderEvent>.Continuation) async {
        defer { sink.finish() }
        let browser: Browser
        do {
            browser = try Browser(acceptedVersions: Set(WireCodec.supportedVersions), logger: logger)
        } catch {
            sink.yield(.failed("cannot browse: \(error)"))
            return
        }
        defer { browser.stop() }
        let scanner = via == .lan ? nil : await startScanner()
        if let scanner { browser.add(bluetooth: scanner.hosts) }
        let wanted = name.lowercased()
        await withTaskCancellationHandler {
            for await event in browser.events {
                if case .unavailable(let transport, let why) = event {
                    logger.warning("cannot search", metadata: ["transport": "\(transport.rawValue)", "error": "\(why)"])
                }
                switch Self.offer(event, name: wanted, via: via, adapter: adapter, clearText: clearText, logger: logger) {
                case .take(let route):
                    logger.debug("found host", metadata: ["name": "\(name)", "route": "\(route)"])
                    sink.yield(.found(route, isFallback: false))
                case .fallback(let route):
                    sink.yield(.found(route, isFallback: true))
                case .refuse(let why):
                    sink.yield(.failed(why))
                case .none:
                    break
                }
            }
        } onCancel: {
            browser.stop()
        }
        await scanner?.stop()
    }

    /// A Bluetooth scanner where Bluetooth can be used; nil (logged) where it cannot.
    private func startScanner() async -> BlueZScanner? {
        do {
            if let why = BluetoothUnavailable.check(adapter: adapter) { throw why }
            return try await BlueZScanner(adapter: try BluetoothAdapter(named: adapter).name, logger: logger)
        } catch {
            logger.info("not searching over Bluetooth", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
