import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import Web

/// A WebSocket as a host link, in an EmbeddedChannel: one message per frame payload both ways.
/// What the link writes is raw bytes (``ServerFrames``); the tests read them back with NIO's own
/// decoder, so the framing is checked by another implementation.
@Suite struct WebSocketLinkTests {
    static func channel(cache: ServerFrames.Cache = ServerFrames.Cache()) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: WebSocketLink(cache: cache))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    static func frames(_ payloads: [String]) -> ByteBuffer {
        var buffer = ByteBuffer()
        for payload in payloads {
            buffer.writeInteger(UInt32(payload.utf8.count))
            buffer.writeString(payload)
        }
        return buffer
    }

    /// Every byte the link wrote, decoded into messages by NIO's WebSocket decoder.
    static func written(by channel: EmbeddedChannel) throws -> [WebSocketFrame] {
        var bytes = ByteBuffer()
        while var chunk = try channel.readOutbound(as: ByteBuffer.self) { bytes.writeBuffer(&chunk) }
        let decoder = EmbeddedChannel(handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)))
        try decoder.writeInbound(bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try decoder.readInbound(as: WebSocketFrame.self) { frames.append(frame) }
        #expect(try decoder.finish().isClean)
        return frames
    }

    @Test func eachFrameTheHostWritesIsOneTextMessage() throws {
        let channel = try Self.channel()
        try channel.writeOutbound(Self.frames([#"{"type":"ping"}"#, #"{"type":"app"}"#]))
        let frames = try Self.written(by: channel)
        try #require(frames.count == 2)
        #expect(frames[0].opcode == .text && frames[0].fin && frames[0].maskKey == nil)
        #expect(String(buffer: frames[0].data) == #"{"type":"ping"}"#)
        #expect(frames[1].opcode == .text && String(buffer: frames[1].data) == #"{"type":"app"}"#)
    }

    @Test(arguments: [0, 1, 125, 126, 65_535, 65_536, 200_000])
    func everyLengthIsFramedAsRFC6455Says(length: Int) throws {
        let channel = try Self.channel()
        let payload = String(repeating: "x", count: length)
        try channel.writeOutbound(Self.frames([payload, "end"]))
        let frames = try Self.written(by: channel)
        #expect(frames.map { $0.data.readableBytes } == [length, 3])
        #expect(frames.first.map { String(buffer: $0.data) } == payload)
    }

    @Test func aBroadcastIsFramedOnceAndItsBytesShared() throws {
        let cache = ServerFrames.Cache()
        let (first, second) = (try Self.channel(cache: cache), try Self.channel(cache: cache))
        let broadcast = Self.frames([#"{"type":"app","from":3}"#])
        try first.writeOutbound(broadcast)
        try second.writeOutbound(broadcast)
        let (a, b) = (try #require(try first.readOutbound(as: ByteBuffer.self)), try #require(try second.readOutbound(as: ByteBuffer.self)))
        #expect(a == b)
        let address = { (buffer: ByteBuffer) in buffer.withUnsafeReadableBytes { $0.baseAddress } }
        #expect(address(a) == address(b), "both links write the same storage")
        // The same bytes in another buffer are framed anew (and rightly).
        try first.writeOutbound(Self.frames([#"{"type":"app","from":3}"#]))
        let c = try #require(try first.readOutbound(as: ByteBuffer.self))
        #expect(c == a && address(c) != address(a))
        // And a new message after it is not mistaken for the old one.
        try second.writeOutbound(Self.frames([#"{"type":"app","from":4}"#]))
        #expect(try Self.written(by: second).map { String(buffer: $0.data) } == [#"{"type":"app","from":4}"#])
    }

    @Test func aMessageFromThePageIsOneFramePayloadAndPingsAreAnswered() throws {
        let channel = try Self.channel()
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: "{}")))
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "{}")
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(string: "[]")))
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "[]")
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(string: "hi")))
        let pong = try #require(try Self.written(by: channel).first)
        #expect(pong.opcode == .pong && String(buffer: pong.data) == "hi")
    }

    @Test func theHostsHalfCloseAfterAFarewellBecomesACloseMessage() throws {
        let channel = try Self.channel()
        try channel.writeOutbound(Self.frames([#"{"type":"bye","reason":"serverQuit"}"#]))
        channel.close(mode: .output, promise: nil)
        let frames = try Self.written(by: channel)
        #expect(frames.map(\.opcode) == [.text, .connectionClose])
        var data = try #require(frames.last).data
        #expect(data.readWebSocketErrorCode() == .normalClosure)
        // Nothing more is written after the close message.
        #expect(throws: (any Error).self) { try channel.writeOutbound(Self.frames(["{}"])) }
    }

    @Test func aCloseFromThePageClosesTheLink() throws {
        let channel = try Self.channel()
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .connectionClose, data: ByteBuffer()))
        #expect(try Self.written(by: channel).map(\.opcode) == [.connectionClose])
        #expect(!channel.isActive)
    }

    @Test(arguments: [
        (NIOWebSocketError.invalidFrameLength as any Error, WebSocketErrorCode.messageTooLarge),
        (NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge, .messageTooLarge),
        (NIOWebSocketError.fragmentedControlFrame, .protocolError),
        (NIOWebSocketFrameAggregator.Error.tooManyFragments, .protocolError),
    ])
    func aProtocolErrorIsAnsweredWithItsCloseCode(error: any Error, code: WebSocketErrorCode) throws {
        let channel = try Self.channel()
        channel.pipeline.fireErrorCaught(error)
        let frames = try Self.written(by: channel)
        var data = try #require(frames.first).data
        #expect(frames.map(\.opcode) == [.connectionClose] && data.readWebSocketErrorCode() == code)
        #expect(!channel.isActive)
    }
}
