import NIOCore
import Synchronization

/// Counts open web connections per remote address; the gate at the front of each pipeline
/// closes a connection that would exceed the limit before anything reads it.
final class AddressCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Takes a place for `address`; false when it has `limit` already.
    func enter(_ address: String) -> Bool {
        counts.withLock { counts in
            guard counts[address, default: 0] < limit else { return false }
            counts[address, default: 0] += 1
            return true
        }
    }

    /// Gives a place back.
    func leave(_ address: String) {
        counts.withLock { counts in
            let left = counts[address, default: 1] - 1
            counts[address] = left > 0 ? left : nil
        }
    }
}

/// The first handler of every web connection: one place per remote address in ``AddressCounts``.
final class AddressGate: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private let counts: AddressCounts
    private var entered: String?

    init(counts: AddressCounts) { self.counts = counts }

    func channelActive(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "?"
        guard counts.enter(address) else {
            context.close(promise: nil)
            return
        }
        entered = address
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let entered { counts.leave(entered) }
        entered = nil
        context.fireChannelInactive()
    }
}
