import FoundationEssentials
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// A version 3 client's real-time channel: its ``DatagramPath`` to the host (pure) and the I/O
/// around it. When the welcome offered a UDP port and the link runs over IP, it binds a UDP
/// socket and probes the host every ``DatagramTiming/probeInterval``; states go over UDP while
/// the host's answers show the path works both ways, else over the link, coalesced
/// (``StateCoalescer``). States from the host, by either way, are handed on only when newer than
/// any before. It decides nothing the path does not.
final class ClientRealtime: Sendable {
    private let path: Mutex<DatagramPath<SocketAddress>>
    private let link: any Channel
    private let coalescer = StateCoalescer()
    private let socket: Mutex<(any Channel)?> = Mutex(nil)
    /// The way the latest state went (logged when it changes): true over UDP.
    private let lastWay: Mutex<Bool?> = Mutex(nil)
    private let prober: Mutex<RepeatedTask?> = Mutex(nil)
    private let host: SocketAddress?
    private let deliver: @Sendable (SessionMessage) -> Void
    private let logger: Logger
    /// The client's own id (the sender in its datagrams).
    private let me: PeerID

    /// The channel for a client admitted by `welcome` on `link`; `useDatagrams` false keeps every
    /// state on the link. `deliver` gets the host's newer states.
    init(welcome: Welcome, link: any Channel, useDatagrams: Bool, logger: Logger, deliver: @escaping @Sendable (SessionMessage) -> Void) {
        self.link = link
        self.me = welcome.you.id
        self.logger = logger
        self.deliver = deliver
        var host: SocketAddress?
        var key: [UInt8]?
        if useDatagrams, let offer = welcome.datagram, let bytes = Base64.decode(offer.key), bytes.count == 32,
           var address = link.remoteAddress, address.protocol == .inet || address.protocol == .inet6 {
            address.port = offer.port
            host = address
            key = bytes
        }
        self.host = host
        self.path = Mutex(DatagramPath(key: key, address: host))
    }

    /// Binds the UDP socket and starts probing (nothing when the path has no key).
    func start() {
        guard let host else { return }
        let bootstrap = DatagramBootstrap(group: link.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(DatagramReader { self.received($0, from: $1) }) }
            }
        bootstrap.bind(host: host.protocol == .inet6 ? "::" : "0.0.0.0", port: 0).whenComplete { result in
            switch result {
            case .success(let channel):
                self.socket.withLock { $0 = channel }
                if self.prober.withLock({ $0 == nil }) {
                    let task = channel.eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: DatagramTiming.probeInterval) { _ in
                        self.probe()
                    }
                    self.prober.withLock { $0 = task }
                }
                if !self.link.isActive { self.stop() }
                // NIO closes a UDP socket on most send errors (a firewall refusing a datagram):
                // open another (the host learns its address from the next datagram).
                channel.closeFuture.whenComplete { _ in
                    guard self.link.isActive, self.socket.withLock({ $0 === channel }) else { return }
                    self.logger.debug("UDP socket closed; opening another")
                    self.link.eventLoop.scheduleTask(in: .milliseconds(200)) { self.start() }
                }
            case .failure(let error):
                self.logger.notice("no UDP socket; states go over the link", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Stops probing and closes the UDP socket.
    func stop() {
        prober.withLock { $0?.cancel() }
        socket.withLock { socket in defer { socket = nil }; return socket }?.close(promise: nil)
    }

    /// Whether states go over UDP now.
    var usesDatagrams: Bool { path.withLock { $0.usesDatagrams(now: .now()) } }

    /// Sends a state: numbered, then over UDP while the path works, else over the link.
    func send(_ body: RawJSON, key: String) {
        let now = NIODeadline.now()
        let (seq, datagram) = path.withLock { path -> (UInt64, [UInt8]?) in
            let seq = path.numbers.next(for: key)
            guard path.usesDatagrams(now: now) else { return (seq, nil) }
            return (seq, path.seal(.state, from: me, seq: seq, key: key, body: Array(body.bytes), now: now))
        }
        let overUDP = datagram != nil
        if lastWay.withLock({ way in defer { way = overUDP }; return way != overUDP }) {
            logger.debug(overUDP ? "real-time states over UDP" : "real-time states over the connection", metadata: ["key": "\(key)"])
        }
        if let datagram, let socket = socket.withLock({ $0 }), let host {
            socket.writeAndFlush(AddressedEnvelope(remoteAddress: host, data: socket.allocator.buffer(bytes: datagram)), promise: nil)
            return
        }
        var payload = ByteBuffer()
        payload.writeBytes(try! JSONEncoder().encode(WireMessage.state(StateMessage(key: key, seq: seq, body: body))))
        let frame = ByteBuffer.frame(payload)
        link.eventLoop.execute { self.coalescer.write(frame, key: key, on: self.link) }
    }

    /// A state from the host over the link.
    func received(_ state: StateMessage) {
        guard path.withLock({ $0.accept(key: state.key, seq: state.seq) }) else { return }
        deliver(SessionMessage(from: .host, body: state.body, key: state.key))
    }

    /// A datagram on the UDP socket.
    func received(_ bytes: [UInt8], from address: SocketAddress) {
        guard address == host else { return }  // only the host's port speaks to this socket
        let opened = path.withLock { $0.open(bytes, from: address, expecting: .host, now: .now()) }
        guard case .success(let datagram) = opened, datagram.kind == .state,
              let body = try? RawJSON(parsing: Data(datagram.body)) else { return }
        deliver(SessionMessage(from: .host, body: body, key: datagram.key))
    }

    private func probe() {
        guard link.isActive else { return stop() }
        guard let socket = socket.withLock({ $0 }), let host,
              let bytes = path.withLock({ $0.seal(.probe, from: me, now: .now()) }) else { return }
        socket.writeAndFlush(AddressedEnvelope(remoteAddress: host, data: socket.allocator.buffer(bytes: bytes)), promise: nil)
    }
}
