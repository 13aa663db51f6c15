import NIOCore

/// The writes and closes waiting for one event loop, in the order the host machine decided them.
///
/// The runner appends to it while it holds its lock, so the order across all links equals the
/// order of the machine's results; the loop takes everything queued and performs it, with no
/// lock held (a write that fails can close a link inline and so feed the machine again). The one
/// that performs is either the loop's own thread right after the event (no task hop), or a task
/// on the loop; never two at once, and never nested: what arrives while it performs waits for its
/// next turn round.
struct Outbox: Sendable {
    /// One thing to do on a channel.
    enum Operation: Sendable {
        /// Write this frame (length prefix included).
        case write(ByteBuffer, to: any Channel)
        /// Write a `ping` numbered `seq`, stamped with the loop's clock now.
        case ping(seq: UInt32, to: any Channel)
        /// Write this last frame (if any), then close (``Farewell``).
        case close(any Channel, farewell: ByteBuffer?)
        /// Write this real-time state's frame, or, while the channel cannot take it, keep it as
        /// the newest waiting state of its key (``StateCoalescer``).
        case state(ByteBuffer, key: String, to: any Channel, waiting: StateCoalescer)
        /// Send this datagram from the host's UDP socket.
        case datagram([UInt8], to: SocketAddress, on: any Channel)
    }

    /// What waits, in order.
    private(set) var queued: [Operation] = []
    /// Someone is performing this outbox's operations now (or a task to do so is scheduled).
    var isClaimed = false

    /// Adds an operation.
    mutating func append(_ operation: Operation) { queued.append(operation) }

    /// Takes every queued operation, in order.
    mutating func takeAll() -> [Operation] {
        defer { queued = [] }
        return queued
    }

    /// Performs operations on the loop they belong to, in order: a run of writes to one channel
    /// is flushed once, after its last write.
    static func perform(_ operations: [Operation]) {
        for (index, operation) in operations.enumerated() {
            let flush = index + 1 == operations.count || !operations[index + 1].writes(to: operation.channel)
            switch operation {
            case .write(let frame, let channel):
                if flush { channel.writeAndFlush(frame, promise: nil) } else { channel.write(frame, promise: nil) }
            case .ping(let seq, let channel):
                let ping = WireMessage.ping(Ping(seq: seq, sent: channel.eventLoop.now.microseconds))
                let frame = ByteBuffer.frame(WireCodec.fastEncode(ping)!)
                if flush { channel.writeAndFlush(frame, promise: nil) } else { channel.write(frame, promise: nil) }
            case .state(let frame, let key, let channel, let waiting):
                waiting.write(frame, key: key, on: channel)
            case .datagram(let bytes, let address, let socket):
                let envelope = AddressedEnvelope(remoteAddress: address, data: socket.allocator.buffer(bytes: bytes))
                socket.writeAndFlush(envelope, promise: nil)
            case .close(let channel, let farewell):
                guard channel.isActive else { continue }
                if let farewell {
                    Farewell.send(farewell, on: channel)
                } else {
                    channel.close(promise: nil)
                }
            }
        }
    }
}

extension Outbox.Operation {
    /// The channel the operation is for.
    var channel: any Channel {
        switch self {
        case .write(_, let channel), .ping(_, let channel), .close(let channel, _), .state(_, _, let channel, _),
             .datagram(_, _, let channel): channel
        }
    }

    /// Whether this is a write to `channel` (a close is not: what comes before it is flushed).
    func writes(to channel: any Channel) -> Bool {
        switch self {
        case .write(_, let target), .ping(_, let target): target === channel
        case .close, .state, .datagram: false
        }
    }
}
