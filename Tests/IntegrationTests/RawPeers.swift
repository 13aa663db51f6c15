import Foundation
import NIOCore
import NIOPosix

@testable import Matchmaking

/// A bare TCP client that speaks frames by hand, to play a misbehaving or silent client. It
/// reads only when asked to, like a real stuck client.
final class RawClient: @unchecked Sendable {
    private let channel: any Channel
    private var iterator: AsyncStream<ByteBuffer>.AsyncIterator
    private var pending = ByteBuffer()

    private init(channel: any Channel, bytes: AsyncStream<ByteBuffer>) {
        self.channel = channel
        self.iterator = bytes.makeAsyncIterator()
    }

    static func connect(port: Int, receiveBuffer: Int? = nil) async throws -> RawClient {
        let (bytes, sink) = AsyncStream.makeStream(of: ByteBuffer.self)
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.autoRead, value: false)
        if let receiveBuffer { bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer)) }
        let channel = try await bootstrap
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(sink: sink)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawClient(channel: channel, bytes: bytes)
    }

    /// Sends one frame with this JSON text as its payload.
    func send(_ json: String) async throws {
        try await channel.writeAndFlush(ByteBuffer.frame(ByteBuffer(string: json)))
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
            channel.read()
            guard var chunk = await iterator.next() else { throw CancellationError() }
            pending.writeBuffer(&chunk)
        }
    }

    /// Reads until the other side closes; true when it did.
    func readToEOF() async throws -> Bool {
        while true {
            channel.read()
            guard await iterator.next() != nil else { return true }
        }
    }

    func close() async { try? await channel.close() }

    private final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let sink: AsyncStream<ByteBuffer>.Continuation
        init(sink: AsyncStream<ByteBuffer>.Continuation) { self.sink = sink }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) { sink.yield(unwrapInboundIn(data)) }
        func channelInactive(context: ChannelHandlerContext) { sink.finish() }
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
                versions: [1], serverId: UUID(), name: "Fake", game: .lobby,
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
