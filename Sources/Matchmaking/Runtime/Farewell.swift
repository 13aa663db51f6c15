import NIOCore

/// Closing a connection after a goodbye frame (`bye`, `deny`) so the other side is sure to read it.
///
/// A plain close right after the write is not enough: if the peer's last frames (a heartbeat
/// ping, say) are still unread in our socket, the kernel answers the close with a reset, and a
/// reset can make the peer drop the goodbye it had not read yet (it then reports
/// `connectionDropped` instead of `serverQuit` or `userQuit`). So the goodbye is followed by
/// shutting down only our sending side; the peer reads the goodbye and the end of the stream and
/// closes, and our side closes when it sees that. A peer that does not close within `linger` is
/// closed on anyway, and so is one the goodbye cannot be written to: a TLS link whose handshake
/// never came (a peer that never sent a TLS hello) holds the write, and the half-close after it,
/// for as long as the peer keeps the connection open.
enum Farewell {
    /// How long to wait for the peer to close after our goodbye.
    static let linger = TimeAmount.seconds(2)

    /// Writes `frame`, shuts down our output once it is written, and closes fully when the peer
    /// closes or `linger` after the call. `closed` completes when the channel is closed.
    static func send(_ frame: ByteBuffer, on channel: any Channel, closed: EventLoopPromise<Void>? = nil) {
        if let closed { channel.closeFuture.cascade(to: closed) }
        let deadline = channel.eventLoop.scheduleTask(in: linger) { channel.close(promise: nil) }
        channel.closeFuture.whenComplete { _ in deadline.cancel() }
        channel.writeAndFlush(frame).whenComplete { _ in
            channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
        }
    }
}
