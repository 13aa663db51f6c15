import NIOCore
import NIOEmbedded
import Testing

@testable import Matchmaking

@Suite struct FrameDecoderTests {
    static func channel(maxPayload: Int = 1024) -> EmbeddedChannel {
        EmbeddedChannel(handler: ByteToMessageHandler(FrameDecoder(maxPayload: maxPayload)))
    }

    static func prefix(_ length: UInt32) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(length)
        return buffer
    }

    static func readAll(_ channel: EmbeddedChannel) throws -> [ByteBuffer] {
        var frames: [ByteBuffer] = []
        while let frame = try channel.readInbound(as: ByteBuffer.self) { frames.append(frame) }
        return frames
    }

    static let payloads: [ByteBuffer] = [
        ByteBuffer(string: "hello"),
        ByteBuffer(string: #"{"type":"ping","seq":1,"sent":2}"#),
        ByteBuffer(bytes: (0..<300).map { UInt8($0 % 251) }),
        ByteBuffer(bytes: [0]),
    ]

    @Test func defaultCap() {
        #expect(FrameDecoder().maxPayload == WireCodec.defaultMaxFrame)
        #expect(FrameDecoder(maxPayload: 10).maxPayload == 10)
    }

    @Test func frameLayout() {
        let frame = ByteBuffer.frame(ByteBuffer(string: "hi!"))
        #expect(Array(frame.readableBytesView) == [0, 0, 0, 3, 0x68, 0x69, 0x21])
        let big = ByteBuffer.frame(ByteBuffer(repeating: 7, count: 0x01_02_03))
        #expect(big.readableBytes == 4 + 0x01_02_03)
        #expect(big.getBytes(at: big.readerIndex, length: 4) == [0x00, 0x01, 0x02, 0x03])
    }

    @Test func frameOfASliceUsesOnlyItsReadableBytes() {
        var payload = ByteBuffer(string: "xxabc")
        payload.moveReaderIndex(forwardBy: 2)
        #expect(Array(ByteBuffer.frame(payload).readableBytesView) == [0, 0, 0, 3, 0x61, 0x62, 0x63])
    }

    @Test func oneFrame() throws {
        let channel = Self.channel()
        try channel.writeInbound(ByteBuffer.frame(ByteBuffer(string: "hello")))
        #expect(try Self.readAll(channel) == [ByteBuffer(string: "hello")])
        #expect(try channel.finish().isClean)
    }

    @Test func severalFramesInOneWrite() throws {
        let channel = Self.channel()
        var all = ByteBuffer()
        for payload in Self.payloads { all.writeImmutableBuffer(.frame(payload)) }
        try channel.writeInbound(all)
        #expect(try Self.readAll(channel) == Self.payloads)
        #expect(try channel.finish().isClean)
    }

    @Test(arguments: [1, 2, 3, 5, 7])
    func framesSplitAcrossManySmallWrites(chunk: Int) throws {
        let channel = Self.channel()
        var all = ByteBuffer()
        for payload in Self.payloads { all.writeImmutableBuffer(.frame(payload)) }
        var frames: [ByteBuffer] = []
        var written = 0
        while let piece = all.readSlice(length: min(chunk, all.readableBytes)), piece.readableBytes > 0 {
            try channel.writeInbound(piece)
            written += piece.readableBytes
            frames += try Self.readAll(channel)
            // A frame appears exactly when its last byte has been written, not before.
            let complete = Self.completeFrames(after: written)
            #expect(frames.count == complete)
        }
        #expect(frames == Self.payloads)
        #expect(try channel.finish().isClean)
    }

    /// How many of ``payloads`` are complete once `bytes` bytes of their frames have arrived.
    static func completeFrames(after bytes: Int) -> Int {
        var end = 0
        var count = 0
        for payload in payloads {
            end += 4 + payload.readableBytes
            if end <= bytes { count += 1 }
        }
        return count
    }

    @Test func frameAtTheCapIsAccepted() throws {
        let channel = Self.channel(maxPayload: 16)
        let payload = ByteBuffer(repeating: 0x41, count: 16)
        try channel.writeInbound(ByteBuffer.frame(payload))
        #expect(try Self.readAll(channel) == [payload])
    }

    @Test func zeroLengthIsAnEmptyFrame() throws {
        let channel = Self.channel()
        #expect(throws: ProtocolViolation.emptyFrame) { try channel.writeInbound(Self.prefix(0)) }
        _ = try? channel.finish()
    }

    @Test func zeroLengthAfterAGoodFrame() throws {
        let channel = Self.channel()
        var both = ByteBuffer.frame(ByteBuffer(string: "ok"))
        both.writeInteger(UInt32(0))
        #expect(throws: ProtocolViolation.emptyFrame) { try channel.writeInbound(both) }
        #expect(try Self.readAll(channel) == [ByteBuffer(string: "ok")])
        _ = try? channel.finish()
    }

    @Test func oversizedLengthIsRejectedAsSoonAsThePrefixArrives() throws {
        let channel = Self.channel(maxPayload: 16)
        // Three bytes of the prefix: nothing to say yet.
        var prefix = Self.prefix(17)
        try channel.writeInbound(prefix.readSlice(length: 3)!)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        // The fourth byte: refused before any of the body.
        #expect(throws: ProtocolViolation.frameTooLarge(length: 17, limit: 16)) { try channel.writeInbound(prefix) }
        _ = try? channel.finish()
    }

    @Test func hugeLengthIsRejected() throws {
        let channel = Self.channel()
        #expect(throws: ProtocolViolation.frameTooLarge(length: Int(UInt32.max), limit: 1024)) {
            try channel.writeInbound(Self.prefix(.max))
        }
        _ = try? channel.finish()
    }

    @Test func defaultCapRejects65537() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(FrameDecoder()))
        #expect(throws: ProtocolViolation.frameTooLarge(length: 65_537, limit: 65_536)) {
            try channel.writeInbound(Self.prefix(65_537))
        }
        _ = try? channel.finish()
    }

    @Test func truncatedBodyAtClose() throws {
        let channel = Self.channel()
        var partial = Self.prefix(10)
        partial.writeString("abc")
        try channel.writeInbound(partial)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        #expect(throws: ProtocolViolation.truncatedFrame(expected: 14, received: 7)) { try channel.finish() }
    }

    @Test func truncatedPrefixAtClose() throws {
        let channel = Self.channel()
        try channel.writeInbound(ByteBuffer(bytes: [0, 0]))
        #expect(throws: ProtocolViolation.truncatedFrame(expected: 4, received: 2)) { try channel.finish() }
    }

    @Test func completeFramesBeforeATruncatedOneAreDelivered() throws {
        let channel = Self.channel()
        var data = ByteBuffer.frame(ByteBuffer(string: "one"))
        data.writeImmutableBuffer(.frame(ByteBuffer(string: "two")))
        data.writeInteger(UInt32(5))
        data.writeString("th")
        try channel.writeInbound(data)
        #expect(try Self.readAll(channel) == [ByteBuffer(string: "one"), ByteBuffer(string: "two")])
        #expect(throws: ProtocolViolation.truncatedFrame(expected: 9, received: 6)) { try channel.finish() }
    }

    @Test func cleanCloseBetweenFrames() throws {
        let channel = Self.channel()
        try channel.writeInbound(ByteBuffer.frame(ByteBuffer(string: "done")))
        #expect(try Self.readAll(channel) == [ByteBuffer(string: "done")])
        #expect(try channel.finish().isClean)
    }

    @Test func payloadsDecodeThroughTheCodec() throws {
        let channel = Self.channel(maxPayload: WireCodec.defaultMaxFrame)
        let codec = WireCodec()
        var stream = ByteBuffer()
        for message in Fixtures.messages { stream.writeImmutableBuffer(.frame(codec.encode(message))) }
        try channel.writeInbound(stream)
        let decoded = try Self.readAll(channel).map { try codec.decode($0) }
        #expect(decoded == Fixtures.messages)
    }
}
