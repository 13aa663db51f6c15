import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import Web

/// A WebSocket as a host link, in an EmbeddedChannel: one message per frame payload both ways.
@Suite struct WebSocketLinkTests {
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: WebSocketLink())
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

    @Test func eachFrameTheHostWritesIsOneTextMessage() throws {
        let channel = try Self.channel()
        try channel.writeOutbound(Self.frames([#"{"type":"ping"}"#, #"{"type":"app"}"#]))
        let first = try #require(try channel.readOutbound(as: WebSocketFrame.self))
        let second = try #require(try channel.readOutbound(as: WebSocketFrame.self))
        #expect(first.opcode == .text && first.fin && String(buffer: first.data) == #"{"type":"ping"}"#)
        #expect(String(buffer: second.data) == #"{"type":"app"}"#)
        #expect(try channel.readOutbound(as: WebSocketFrame.self) == nil)
    }

    @Test func aMessageFromThePageIsOneFramePayloadAndPingsAreAnswered() throws {
        let channel = try Self.channel()
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: "{}")))
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "{}")
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(string: "[]")))
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "[]")
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(string: "hi")))
        let pong = try #require(try channel.readOutbound(as: WebSocketFrame.self))
        #expect(pong.opcode == .pong && String(buffer: pong.data) == "hi")
    }

    @Test func theHostsHalfCloseAfterAFarewellBecomesACloseMessage() throws {
        let channel = try Self.channel()
        try channel.writeOutbound(Self.frames([#"{"type":"bye","reason":"serverQuit"}"#]))
        channel.close(mode: .output, promise: nil)
        _ = try channel.readOutbound(as: WebSocketFrame.self)
        let close = try #require(try channel.readOutbound(as: WebSocketFrame.self))
        #expect(close.opcode == .connectionClose)
        var data = close.data
        #expect(data.readWebSocketErrorCode() == .normalClosure)
        // Nothing more is written after the close message.
        #expect(throws: (any Error).self) { try channel.writeOutbound(Self.frames(["{}"])) }
    }

    @Test func aCloseFromThePageClosesTheLink() throws {
        let channel = try Self.channel()
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .connectionClose, data: ByteBuffer()))
        let echoed = try #require(try channel.readOutbound(as: WebSocketFrame.self))
        #expect(echoed.opcode == .connectionClose)
        #expect(!channel.isActive)
    }
}
