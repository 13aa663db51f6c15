import CAvahi
import FoundationEssentials
import Logging

/// Browses `_snap._tcp` through avahi-daemon and resolves every instance, per interface and
/// protocol (IPv4 and IPv6 report separately). TXT changes arrive as new ``Event/resolved(_:)``
/// events within a few hundred milliseconds: besides the resolver (which reports a changed TXT
/// only about 2 s after it is in the cache), each resolved instance has a record browser on its
/// TXT record, which reports the new record as soon as it arrives. Survives avahi-daemon
/// restarts: browsing resumes by itself.
///
/// This is the raw backend; ``Browser`` merges it into one entry per host.
public final class DNSSDBrowser: @unchecked Sendable {
    /// One sighting of a service instance.
    public struct Key: Hashable, Sendable {
        /// The interface index it was seen on.
        public var interface: Int32
        /// `AVAHI_PROTO_INET` (0) or `AVAHI_PROTO_INET6` (1).
        public var ipProtocol: Int32
        /// The instance name.
        public var name: String
    }

    /// A resolved instance.
    public struct Resolved: Hashable, Sendable {
        /// Where it was seen.
        public var key: Key
        /// The target host name (`kitchen-pi.local`).
        public var hostName: String
        /// The address as text (IPv6 without scope).
        public var address: String
        /// The port.
        public var port: Int
        /// The TXT strings as received.
        public var txt: [String]
    }

    /// What the backend saw.
    public enum Event: Hashable, Sendable {
        /// An instance was resolved, or its TXT changed.
        case resolved(Resolved)
        /// An instance said goodbye (or expired) on one interface/protocol.
        case removed(Key)
        /// An instance could not be resolved.
        case resolveFailed(Key, String)
        /// avahi-daemon came or went.
        case status(AvahiStatus)
    }

    /// Events, in order. One consumer.
    public let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    private let serviceType: ServiceType
    private var runtime: AvahiRuntime?
    // Poll thread or poll lock only:
    private var browser: OpaquePointer?
    private var resolvers: [Key: OpaquePointer] = [:]
    private var contexts: [Key: Unmanaged<ResolverContext>] = [:]
    private var txtBrowsers: [Key: OpaquePointer] = [:]
    private var lastResolved: [Key: Resolved] = [:]
    /// The TXT records of each instance now in avahi-daemon's cache, oldest first. The newest is
    /// the current TXT; when it is flushed, the one before it is current again (a value that
    /// came back within a second, e.g. players 0 → 1 → 0, refreshes the old record, no NEW).
    /// Instances listed here ignore the resolver's TXT, which lags by up to 2 s.
    private var cachedTXT: [Key: [[String]]] = [:]

    /// Starts browsing at once (or when avahi-daemon appears).
    public init(serviceType: ServiceType = .snap, logger: Logger) throws(DiscoveryError) {
        self.serviceType = serviceType
        (events, sink) = AsyncStream.makeStream(of: Event.self)
        let sink = self.sink
        runtime = try AvahiRuntime(
            logger: logger, onStatus: { sink.yield(.status($0)) },
            onRunning: { [unowned self] client in self.browse(on: client) },
            onLost: { [unowned self] freed in if freed { self.forgetAll() } })
    }

    /// Stops browsing.
    public func stop() {
        guard let runtime else { return }
        runtime.withLock {
            for resolver in resolvers.values { avahi_service_resolver_free(resolver) }
            for browser in txtBrowsers.values { avahi_record_browser_free(browser) }
            if let browser { avahi_service_browser_free(browser) }
            forgetAll()
        }
        runtime.stop()
        self.runtime = nil
        sink.finish()
    }

    // MARK: Poll thread, lock held

    private func browse(on client: OpaquePointer) {
        guard browser == nil else { return }
        browser = avahi_service_browser_new(
            client, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), serviceType.description, nil,
            AvahiLookupFlags(0), avahiBrowseCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    private func forgetAll() {
        browser = nil  // freed with the client, or by stop()
        resolvers.removeAll()
        txtBrowsers.removeAll()
        lastResolved.removeAll()
        cachedTXT.removeAll()
        for context in contexts.values { context.release() }
        contexts.removeAll()
    }

    fileprivate func browsed(
        _ browser: OpaquePointer, _ interface: AvahiIfIndex, _ ipProtocol: AvahiProtocol, _ event: AvahiBrowserEvent,
        _ name: String, _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?
    ) {
        let key = Key(interface: interface, ipProtocol: ipProtocol, name: name)
        switch event {
        case AVAHI_BROWSER_NEW:
            guard resolvers[key] == nil, let client = avahi_service_browser_get_client(browser) else { return }
            let fullName = Self.fullName(name, type, domain)
            let context = Unmanaged.passRetained(ResolverContext(browser: self, key: key, fullName: fullName))
            guard let resolver = avahi_service_resolver_new(
                client, interface, ipProtocol, name, type, domain, ipProtocol, AvahiLookupFlags(0), avahiResolveCallback,
                context.toOpaque())
            else {
                context.release()
                sink.yield(.resolveFailed(key, String(cString: avahi_strerror(avahi_client_errno(client)))))
                return
            }
            resolvers[key] = resolver
            contexts[key] = context
        case AVAHI_BROWSER_REMOVE:
            if let resolver = resolvers.removeValue(forKey: key) { avahi_service_resolver_free(resolver) }
            if let txtBrowser = txtBrowsers.removeValue(forKey: key) { avahi_record_browser_free(txtBrowser) }
            lastResolved[key] = nil
            cachedTXT[key] = nil
            contexts.removeValue(forKey: key)?.release()
            sink.yield(.removed(key))
        default:
            break
        }
    }

    fileprivate func resolved(
        _ key: Key, _ event: AvahiResolverEvent, _ hostName: UnsafePointer<CChar>?, _ address: UnsafePointer<AvahiAddress>?,
        _ port: UInt16, _ txt: UnsafeMutablePointer<AvahiStringList>?, _ resolver: OpaquePointer
    ) {
        switch event {
        case AVAHI_RESOLVER_FOUND:
            guard let address else { return }
            var buffer = [CChar](repeating: 0, count: Int(AVAHI_ADDRESS_STR_MAX))
            avahi_address_snprint(&buffer, buffer.count, address)
            var resolved = Resolved(
                key: key, hostName: hostName.map { String(cString: $0) } ?? "", address: String(cString: buffer),
                port: Int(port), txt: TXTStrings.strings(txt))
            if cachedTXT[key] != nil, let last = lastResolved[key] { resolved.txt = last.txt }
            lastResolved[key] = resolved
            sink.yield(.resolved(resolved))
            followTXT(of: key, resolver: resolver)
        case AVAHI_RESOLVER_FAILURE:
            let error = avahi_client_errno(avahi_service_resolver_get_client(resolver))
            sink.yield(.resolveFailed(key, String(cString: avahi_strerror(error))))
        default:
            break
        }
    }
}

/// Carries the browser and the key into a resolver's or record browser's C callback.
final class ResolverContext {
    unowned let browser: DNSSDBrowser
    let key: DNSSDBrowser.Key
    /// `Name._snap._tcp.local`, escaped, for the TXT record browser.
    let fullName: String
    init(browser: DNSSDBrowser, key: DNSSDBrowser.Key, fullName: String) {
        self.browser = browser
        self.key = key
        self.fullName = fullName
    }
}

extension DNSSDBrowser {
    static func fullName(_ name: String, _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?) -> String {
        var buffer = [CChar](repeating: 0, count: Int(AVAHI_DOMAIN_NAME_MAX))
        guard avahi_service_name_join(&buffer, buffer.count, name, type, domain) >= 0 else { return "" }
        return String(cString: buffer)
    }

    /// Opens the TXT record browser of a resolved instance (once). Poll thread, lock held.
    fileprivate func followTXT(of key: Key, resolver: OpaquePointer) {
        guard txtBrowsers[key] == nil, let context = contexts[key], !context.takeUnretainedValue().fullName.isEmpty,
            let client = avahi_service_resolver_get_client(resolver)
        else { return }
        let browser = avahi_record_browser_new(
            client, key.interface, key.ipProtocol, context.takeUnretainedValue().fullName, UInt16(AVAHI_DNS_CLASS_IN),
            UInt16(AVAHI_DNS_TYPE_TXT), AvahiLookupFlags(0), avahiTXTCallback, context.toOpaque())
        if let browser { txtBrowsers[key] = browser }
    }

    /// A TXT record arrived in or left the cache: report the current one with the last resolved
    /// address and port.
    fileprivate func txtChanged(_ key: Key, _ event: AvahiBrowserEvent, _ rdata: UnsafeRawBufferPointer) {
        guard var resolved = lastResolved[key] else { return }
        let record = TXTStrings.strings(rdata: rdata)
        var cached = cachedTXT[key] ?? []
        switch event {
        case AVAHI_BROWSER_NEW:
            cached.removeAll { $0 == record }
            cached.append(record)
        case AVAHI_BROWSER_REMOVE:
            cached.removeAll { $0 == record }
        default:
            return
        }
        cachedTXT[key] = cached
        guard let strings = cached.last, strings != resolved.txt else { return }
        resolved.txt = strings
        lastResolved[key] = resolved
        sink.yield(.resolved(resolved))
    }
}

private func avahiTXTCallback(
    _ browser: OpaquePointer?, _ interface: AvahiIfIndex, _ ipProtocol: AvahiProtocol, _ event: AvahiBrowserEvent,
    _ name: UnsafePointer<CChar>?, _ clazz: UInt16, _ type: UInt16, _ rdata: UnsafeRawPointer?, _ size: Int,
    _ flags: AvahiLookupResultFlags, _ context: UnsafeMutableRawPointer?
) {
    guard let context, let rdata else { return }
    let resolverContext = Unmanaged<ResolverContext>.fromOpaque(context).takeUnretainedValue()
    resolverContext.browser.txtChanged(resolverContext.key, event, UnsafeRawBufferPointer(start: rdata, count: size))
}

private func avahiBrowseCallback(
    _ browser: OpaquePointer?, _ interface: AvahiIfIndex, _ ipProtocol: AvahiProtocol, _ event: AvahiBrowserEvent,
    _ name: UnsafePointer<CChar>?, _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?,
    _ flags: AvahiLookupResultFlags, _ context: UnsafeMutableRawPointer?
) {
    guard let browser, let context, let name else { return }
    Unmanaged<DNSSDBrowser>.fromOpaque(context).takeUnretainedValue()
        .browsed(browser, interface, ipProtocol, event, String(cString: name), type, domain)
}

private func avahiResolveCallback(
    _ resolver: OpaquePointer?, _ interface: AvahiIfIndex, _ ipProtocol: AvahiProtocol, _ event: AvahiResolverEvent,
    _ name: UnsafePointer<CChar>?, _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?,
    _ hostName: UnsafePointer<CChar>?, _ address: UnsafePointer<AvahiAddress>?, _ port: UInt16,
    _ txt: UnsafeMutablePointer<AvahiStringList>?, _ flags: AvahiLookupResultFlags, _ context: UnsafeMutableRawPointer?
) {
    guard let resolver, let context else { return }
    let resolverContext = Unmanaged<ResolverContext>.fromOpaque(context).takeUnretainedValue()
    resolverContext.browser.resolved(resolverContext.key, event, hostName, address, port, txt, resolver)
}
