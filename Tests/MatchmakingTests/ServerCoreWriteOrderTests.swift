import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import Matchmaking

/// The core's writes never run inside a connection handler's own sequence: a new player's
/// welcome is always the first frame on its wire, even when telling the others about it makes a
/// dead peer leave (whose `left` then goes to everyone, the new player included).
@Suite struct ServerCoreWriteOrderTests {
    /// Runs `onWrite` the first time something is written to its channel, as a dead peer's
    /// failed write runs its close and `peerLeft` inline.
    final class OnFirstWrite: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = ByteBuffer
        private var action: (() -> Void)?
        init(_ action: @escaping () -> Void) { self.action = action }
        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if let action { self.action = nil; action() }
            context.write(data, promise: promise)
        }
    }

    static func hello(_ name: String) -> ServerStateMachine.HelloCheck {
        .init(version: 1, name: .success(name), proof: .notRequired)
    }

    static func messages(in channel: EmbeddedChannel) throws -> [WireMessage] {
        var decoded: [WireMessage] = []
        while var frame = try channel.readOutbound(as: ByteBuffer.self) {
            let length = Int(frame.readInteger(as: UInt32.self)!)
            decoded.append(try WireCodec().decode(frame.readSlice(length: length)!))
        }
        return decoded
    }

    @Test func aLeaveCausedByTheJoinReachesTheNewPlayerOnlyAfterItsWelcome() throws {
        let loop = EmbeddedEventLoop()
        let core = ServerCore(configuration: ServerConfiguration(name: "Host"), logger: Logger(label: "test"))
        core.start()

        let ann = EmbeddedChannel(loop: loop)
        guard case .admitted(let annWelcome) = core.evaluate(Self.hello("Ann"), channel: ann) else {
            Issue.record("Ann not admitted"); return
        }
        loop.run()
        _ = try Self.messages(in: ann)
        // Ann is dead: the first frame written to her makes her leave at once.
        try ann.pipeline.syncOperations.addHandler(OnFirstWrite { core.peerLeft(annWelcome.you.id, reason: .connectionDropped) })

        let bob = EmbeddedChannel(loop: loop)
        guard case .admitted(let bobWelcome) = core.evaluate(Self.hello("Bob"), channel: bob) else {
            Issue.record("Bob not admitted"); return
        }
        // Bob's handler writes its welcome right after the verdict, on the same loop.
        #expect(try Self.messages(in: bob).isEmpty, "nothing may reach Bob before his welcome")
        bob.writeAndFlush(ByteBuffer.frame(WireCodec().encode(.welcome(bobWelcome))), promise: nil)
        loop.run()

        let received = try Self.messages(in: bob)
        #expect(received.count == 2)
        guard received.count == 2 else { return }
        guard case .welcome = received[0] else { Issue.record("first frame is \(received[0])"); return }
        guard case .left(let left) = received[1] else { Issue.record("second frame is \(received[1])"); return }
        #expect(left.peer.name == "Ann")
        #expect(core.players.map(\.name) == ["Bob"])
    }
}
