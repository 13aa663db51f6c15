import Foundation
import NIOCore
import NIOPosix

@testable import Matchmaking

/// A bare TCP client that speaks frames by hand, to play a misbehaving or silent client.
final class RawClient: @unchecked Sendable {
    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var pending = ByteBuffer()

    private init(channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>) {
        self.channel = channel
        self.iterator = channel.inbound.makeAsyncIterator()
    }

    static func connect(port: Int) async throws -> RawClient {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return RawClient(channel: channel)
    }

    /// Sends one frame with this JSON text as its payload.
    func send(_ json: String) async throws {
        try await channel.outbound.write(.frame(ByteBuffer(string: json)))
    }

    /// Reads one frame's payload as text.
    func readFrame() async throws -> String {
        while true {
            if let length = pending.getInteger(at: pending.readerIndex, as: UInt32.self),
                pending.readableBytes >= 4 + Int(length)
            {
                pending.moveReaderIndex(forwardBy: 4)
                return pending.readString(length: Int(length))!
            }
            guard var chunk = try await iterator.next() else { throw CancellationError() }
            pending.writeBuffer(&chunk)
        }
    }

    /// Reads until the other side closes; true when it did.
    func readToEOF() async throws -> Bool {
        while try await iterator.next() != nil {}
        return true
    }
}

/// A host that welcomes a client with a 100 ms heartbeat and then never sends another byte.
struct SilentFakeHost {
    let channel: any Channel
    var port: Int { channel.localAddress!.port! }

    static func start() async throws -> SilentFakeHost {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Handler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return SilentFakeHost(channel: channel)
    }

    func close() async throws { try await channel.close() }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        private var welcomed = false

        func channelActive(context: ChannelHandlerContext) {
            let hello = ServerHello(
                versions: [1], serverId: UUID(), name: "Fake", game: "lobby",
                nonce: Data(repeating: 7, count: 16).base64EncodedString(), joinCodeRequired: false, players: 0,
                capacity: 8, maxFrame: 65536)
            context.writeAndFlush(wrapOutboundOut(.frame(WireCodec().encode(.serverHello(hello)))), promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !welcomed else { return }
            welcomed = true
            let welcome = Welcome(
                version: 1, you: Peer(id: PeerID(rawValue: 1), name: "Ann"), host: Peer(id: .host, name: "Fake"),
                peers: [], heartbeatIntervalMs: 100, heartbeatTimeoutMs: 300)
            context.writeAndFlush(wrapOutboundOut(.frame(WireCodec().encode(.welcome(welcome)))), promise: nil)
        }
    }
}
