import NIOCore

/// Splits a byte stream into frames: a 4-byte big-endian length, then that many payload bytes.
/// A length of 0 or above the cap is refused as soon as the prefix arrives (no buffering of an
/// oversized frame); a stream that ends inside a frame is refused as truncated.
public struct FrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = ByteBuffer
    /// The largest payload accepted.
    public let maxPayload: Int

    /// Creates a decoder with the given cap on payload size.
    public init(maxPayload: Int = WireCodec.defaultMaxFrame) { self.maxPayload = maxPayload }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let length = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self) else { return .needMoreData }
        guard length > 0 else { throw ProtocolViolation.emptyFrame }
        guard length <= maxPayload else { throw ProtocolViolation.frameTooLarge(length: Int(length), limit: maxPayload) }
        guard buffer.readableBytes >= 4 + Int(length) else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: 4)
        context.fireChannelRead(Self.wrapInboundOut(buffer.readSlice(length: Int(length))!))
        return .continue
    }

    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        guard buffer.readableBytes > 0 else { return .needMoreData }
        let expected = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self).map { Int($0) + 4 } ?? 4
        let received = buffer.readableBytes
        buffer.clear()
        throw ProtocolViolation.truncatedFrame(expected: expected, received: received)
    }
}

extension ByteBuffer {
    /// A frame: the payload's length as 4 big-endian bytes, then the payload.
    public static func frame(_ payload: ByteBuffer) -> ByteBuffer {
        var frame = ByteBuffer()
        frame.reserveCapacity(4 + payload.readableBytes)
        frame.writeInteger(UInt32(payload.readableBytes))
        frame.writeImmutableBuffer(payload)
        return frame
    }
}
