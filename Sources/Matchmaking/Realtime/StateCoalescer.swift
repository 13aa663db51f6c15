import NIOCore

/// The reliable link's side of the real-time channel: a state is written at once while the
/// channel takes writes; while it does not (the peer reads slowly, or TCP is retransmitting),
/// only the newest waiting state per key is kept, and those are written when it takes writes
/// again. So a slow link falls behind by at most one state per key, never a backlog.
///
/// Used on the channel's event loop only (hence `@unchecked Sendable`).
public final class StateCoalescer: @unchecked Sendable {
    private var waiting: [String: ByteBuffer] = [:]
    private var retryScheduled = false
    /// How often a link that cannot take writes is looked at again.
    static let retryInterval = TimeAmount.milliseconds(4)

    /// Nothing waiting.
    public init() {}

    /// Writes `frame` (a state of `key`) on `channel`, or keeps it as the newest waiting one.
    public func write(_ frame: ByteBuffer, key: String, on channel: any Channel) {
        channel.eventLoop.assertInEventLoop()
        if waiting.isEmpty, channel.isWritable {
            channel.writeAndFlush(frame, promise: nil)
            return
        }
        waiting[key] = frame
        flushWhenWritable(channel)
    }

    private func flushWhenWritable(_ channel: any Channel) {
        guard channel.isActive else {
            waiting = [:]
            return
        }
        if channel.isWritable {
            for frame in waiting.values { channel.write(frame, promise: nil) }
            waiting = [:]
            channel.flush()
            return
        }
        guard !retryScheduled else { return }
        retryScheduled = true
        channel.eventLoop.scheduleTask(in: Self.retryInterval) {
            self.retryScheduled = false
            self.flushWhenWritable(channel)
        }
    }
}
