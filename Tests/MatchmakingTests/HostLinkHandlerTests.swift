import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import Matchmaking

/// The host's NIO side on EmbeddedChannels (the test is the network, the clock is virtual): the
/// handler, the runner and the outboxes, with the handshake deadline, an oversized frame, the
/// half-close after a farewell, and a peer whose writes fail.
@Suite struct HostLinkHandlerTests {
    /// A runner on one embedded loop, and links made on it.
    struct Rig {
        let loop = EmbeddedEventLoop()
        let runner: HostRunner

        init(capacity: Int = 8, handshakeTimeout: TimeAmount = .seconds(3), maxFrame: Int = 1024) {
            var configuration = ServerConfiguration(name: "Host")
            configuration.capacity = capacity
            configuration.handshakeTimeout = handshakeTimeout
            configuration.maxFrame = maxFrame
            var logger = Logger(label: "test.host")
            logger.logLevel = .critical
            runner = HostRunner(configuration: configuration, timers: loop, logger: logger)
        }

        /// A link whose pipeline is the real one (frame decoder, host link handler), plus
        /// `outbound` handlers nearest the wire.
        func link(outbound: [any ChannelHandler] = []) throws -> EmbeddedChannel {
            let channel = EmbeddedChannel(loop: loop)
            try channel.pipeline.syncOperations.addHandlers(outbound)
            try channel.pipeline.syncOperations.addHandlers(
                ByteToMessageHandler(FrameDecoder(maxPayload: runner.configuration.maxFrame)),
                HostLinkHandler(runner: runner, label: "embedded"))
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
            loop.run()
            return channel
        }

        /// Says hello and returns everything the host wrote back.
        func join(_ channel: EmbeddedChannel, as name: String) throws -> [WireMessage] {
            try channel.writeInbound(ByteBuffer.frame(WireCodec().encode(.clientHello(ClientHello(version: 1, name: name)))))
            loop.run()
            return try written(on: channel)
        }
    }

    /// Every frame the host wrote on a channel so far.
    static func written(on channel: EmbeddedChannel) throws -> [WireMessage] {
        var messages: [WireMessage] = []
        while var bytes = try channel.readOutbound(as: ByteBuffer.self) {
            while let length = bytes.readInteger(as: UInt32.self) {
                messages.append(try WireCodec().decode(bytes.readSlice(length: Int(length))!))
            }
        }
        return messages
    }

    /// Records how the host asks a channel to close; a half-close is swallowed, as a socket whose
    /// output is shut but whose input is still open.
    final class CloseRecorder: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = ByteBuffer
        var modes: [CloseMode] = []
        func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
            modes.append(mode)
            if mode == .output {
                promise?.succeed(())
            } else {
                context.close(mode: mode, promise: promise)
            }
        }
    }

    /// Fails every write and closes the channel, as a write to a peer that vanished does.
    final class DeadPeer: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = ByteBuffer
        var isDead = false
        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            guard isDead else { return context.write(data, promise: promise) }
            promise?.fail(ChannelError.ioOnClosedChannel)
            context.close(promise: nil)
        }
    }

    @Test func aLinkThatSaysNothingIsDeniedAtTheDeadlineAndClosed() throws {
        let rig = Rig(handshakeTimeout: .seconds(3))
        let channel = try rig.link()
        guard case .serverHello? = try Self.written(on: channel).first else { Issue.record("no serverHello"); return }
        rig.loop.advanceTime(by: .seconds(2))
        rig.runner.tick()
        #expect(channel.isActive)
        rig.loop.advanceTime(by: .milliseconds(1001))
        rig.runner.tick()
        rig.loop.run()
        #expect(try Self.written(on: channel) == [.deny(Deny(reason: .badHello, detail: "no clientHello within 3.0 s"))])
        #expect(!channel.isActive)
        #expect(rig.runner.read { $0.linkCount } == 0)
    }

    @Test func aPingCarriesTheTimeItIsWritten() throws {
        let rig = Rig()
        let channel = try rig.link()
        _ = try rig.join(channel, as: "Ada")
        // The roster batch's wake-up (50 ms after the join) runs the first tick; the ping that is
        // due then is written at once, stamped with the loop's clock as it goes (on a real host
        // the write can come later than the tick, on another thread: the stamp is the write's).
        rig.loop.advanceTime(by: .milliseconds(300))
        let pings = try Self.written(on: channel).compactMap { if case .ping(let ping) = $0 { ping } else { nil } }
        #expect(pings.count == 1)
        #expect(pings.first?.sent == NIODeadline.uptimeNanoseconds(50_000_000).microseconds)
    }

    @Test func anOversizedFrameIsRefusedAsSoonAsItsLengthArrives() throws {
        let rig = Rig(maxFrame: 1024)
        let channel = try rig.link()
        _ = try rig.join(channel, as: "Ada")
        var prefix = ByteBuffer()
        prefix.writeInteger(UInt32(100 * 1024 * 1024))  // a frame claiming 100 MB, and nothing of it
        try channel.writeInbound(prefix)
        rig.loop.run()
        let detail = ProtocolViolation.frameTooLarge(length: 100 * 1024 * 1024, limit: 1024).description
        #expect(try Self.written(on: channel) == [.bye(Bye(reason: .protocolError, detail: detail))])
        #expect(!channel.isActive)
        #expect(rig.runner.read { $0.players.isEmpty })
    }

    /// Seen once in CI: bytes that came after an oversized frame's prefix, in a later read, made the
    /// handler close at once, and the reset lost the `deny` the peer had not read yet.
    @Test func bytesAfterABrokenFrameDoNotCutTheFarewellShort() throws {
        let rig = Rig(maxFrame: 1024)
        let recorder = CloseRecorder()
        let channel = try rig.link(outbound: [recorder])
        var prefix = ByteBuffer()
        prefix.writeInteger(UInt32(0x8000_0000))
        try channel.writeInbound(prefix)
        try channel.writeInbound(ByteBuffer(repeating: 0x41, count: 2048))  // the rest, read later
        rig.loop.run()
        let detail = ProtocolViolation.frameTooLarge(length: 0x8000_0000, limit: 1024).description
        #expect(try Self.written(on: channel).last == .deny(Deny(reason: .badHello, detail: detail)))
        #expect(recorder.modes == [.output], "half-closed after the deny, not closed at once")
        rig.loop.advanceTime(by: .seconds(2))
        #expect(recorder.modes == [.output, .all])
    }

    @Test func aFarewellHalfClosesAndClosesWhenThePeerDoesOrAfterTheLinger() throws {
        let rig = Rig(capacity: 1)
        _ = try rig.join(try rig.link(), as: "Ada")
        let recorder = CloseRecorder()
        let denied = try rig.link(outbound: [recorder])
        let frames = try rig.join(denied, as: "Bob")
        #expect(frames.last == .deny(Deny(reason: .full, detail: "the game is full (1 of 1 players)")))
        #expect(recorder.modes == [.output], "the host stops sending, and keeps reading until the peer closes")
        #expect(denied.isActive)
        rig.loop.advanceTime(by: .milliseconds(1999))
        #expect(denied.isActive)
        rig.loop.advanceTime(by: .milliseconds(1))
        #expect(recorder.modes == [.output, .all])
        #expect(!denied.isActive)
    }

    @Test func aPeerWhoseWritesFailLeavesAndTheNewcomerHearsItOnlyAfterItsWelcome() throws {
        let rig = Rig()
        let dead = DeadPeer()
        let ann = try rig.link(outbound: [dead])
        _ = try rig.join(ann, as: "Ann")
        rig.loop.advanceTime(by: .milliseconds(60))
        rig.runner.tick()
        _ = try Self.written(on: ann)
        dead.isDead = true

        let bob = try rig.link()
        let bobFrames = try rig.join(bob, as: "Bob")
        #expect(bobFrames.map(\.typeName) == ["serverHello", "welcome"])
        // The batch with Bob's `joined` goes to Ann, whose write fails: she is gone, and Bob
        // hears that in the next batch, after his welcome.
        rig.loop.advanceTime(by: .milliseconds(60))
        rig.runner.tick()
        rig.loop.run()
        #expect(!ann.isActive)
        rig.loop.advanceTime(by: .milliseconds(60))
        rig.runner.tick()
        rig.loop.run()
        let later = try Self.written(on: bob)
        #expect(later.compactMap { if case .left(let left) = $0 { left.peer.name } else { nil } } == ["Ann"])
        #expect(rig.runner.read { $0.players.map(\.name) } == ["Bob"])
    }
}
