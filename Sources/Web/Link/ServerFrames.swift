import NIOCore
import NIOWebSocket

/// The bytes of WebSocket messages as a server sends them (RFC 6455 §5.2: FIN set, no mask),
/// written by ``WebSocketLink`` straight to the socket: no `WebSocketFrame` per message, no
/// separate header buffer, so a broadcast's message is one buffer whose bytes every player's
/// link shares (``ServerFrames/Cache``).
enum ServerFrames {
    /// The longest payload whose length fits the 7-bit field.
    static let shortLength = 125

    /// The header's size for a payload of `length` bytes: 2, 4 or 10.
    static func headerSize(forPayload length: Int) -> Int {
        length <= shortLength ? 2 : length <= Int(UInt16.max) ? 4 : 10
    }

    /// Appends one whole message: `opcode`'s header, then `payload`.
    static func write(_ opcode: WebSocketOpcode, payload: ByteBuffer, to buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(0x80) | UInt8(webSocketOpcode: opcode))
        let length = payload.readableBytes
        if length <= shortLength {
            buffer.writeInteger(UInt8(length))
        } else if length <= Int(UInt16.max) {
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        } else {
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
        buffer.writeImmutableBuffer(payload)
    }

    /// One message with `opcode` and `payload` (a pong, a close).
    static func message(_ opcode: WebSocketOpcode, payload: ByteBuffer, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: headerSize(forPayload: payload.readableBytes) + payload.readableBytes)
        write(opcode, payload: payload, to: &buffer)
        return buffer
    }

    /// A close message with `code`.
    static func close(_ code: WebSocketErrorCode, allocator: ByteBufferAllocator) -> ByteBuffer {
        var data = allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        return message(.connectionClose, payload: data, allocator: allocator)
    }

    /// What the host wrote (one or more frames, each behind its 4-byte length prefix) as text
    /// messages, one per frame, in one buffer; nil when it holds no whole frame.
    static func text(fromHostFrames frames: ByteBuffer, allocator: ByteBufferAllocator) -> ByteBuffer? {
        var reader = frames
        var size = 0
        var count = 0
        while let length = reader.readInteger(as: UInt32.self), reader.readableBytes >= Int(length) {
            reader.moveReaderIndex(forwardBy: Int(length))
            size += headerSize(forPayload: Int(length)) + Int(length)
            count += 1
        }
        guard count > 0 else { return nil }
        var buffer = allocator.buffer(capacity: size)
        reader = frames
        while let length = reader.readInteger(as: UInt32.self), let payload = reader.readSlice(length: Int(length)) {
            write(.text, payload: payload, to: &buffer)
        }
        return buffer
    }

    /// The last buffer the host wrote on one event loop and its messages, so that a broadcast
    /// (the same buffer written to every player) is framed once per loop, and every link's
    /// queued write holds the same bytes: 2,000 players behind on one message cost one copy of
    /// it, not 2,000. One cache per event loop, used only on that loop's thread.
    final class Cache {
        /// The host's buffer last framed, kept so its storage cannot be freed and reused for
        /// another buffer at the same address while it is remembered.
        private var source: ByteBuffer?
        /// Its messages.
        private var framed: ByteBuffer?

        init() {}

        /// `frames` as text messages (``ServerFrames/text(fromHostFrames:allocator:)``): the
        /// remembered ones when `frames` is the very buffer last framed (same storage, same
        /// bytes).
        func text(fromHostFrames frames: ByteBuffer, allocator: ByteBufferAllocator) -> ByteBuffer? {
            if let source, let framed, Self.isSame(source, frames) { return framed }
            let framed = ServerFrames.text(fromHostFrames: frames, allocator: allocator)
            (source, self.framed) = framed == nil ? (nil, nil) : (frames, framed)
            return framed
        }

        /// Whether `a` and `b` view the same bytes of the same storage (both are alive, so the
        /// same address is the same storage).
        private static func isSame(_ a: ByteBuffer, _ b: ByteBuffer) -> Bool {
            guard a.readableBytes == b.readableBytes else { return false }
            return a.withUnsafeReadableBytes { first in
                b.withUnsafeReadableBytes { second in first.baseAddress == second.baseAddress }
            }
        }
    }
}
