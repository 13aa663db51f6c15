import NIOCore
import NIOPosix

/// A second baseline: the same 48-byte ping-pong through SwiftNIO with no protocol at all, driven
/// like the session benchmark (a task writes, an AsyncStream delivers the reply). The gap between
/// this and the raw sockets is the cost of async I/O itself; the gap to the session is ours.
/// `throughTask` also hands each read on the echoing side to a task, which writes the echo back
/// through the channel's event loop: what the host's game and core do, without any protocol.
enum NIOEcho {
    private final class Echo: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        /// When set, each read goes to a task (as the host's game gets messages) that writes
        /// the echo back through the channel's event loop, as the host's core does.
        let sink: AsyncStream<(any Channel, ByteBuffer)>.Continuation?
        init(sink: AsyncStream<(any Channel, ByteBuffer)>.Continuation?) { self.sink = sink }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if let sink { sink.yield((context.channel, unwrapInboundIn(data))) } else { context.writeAndFlush(data, promise: nil) }
        }
    }

    private final class Collect: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let sink: AsyncStream<ByteBuffer>.Continuation
        var pending = 0
        init(sink: AsyncStream<ByteBuffer>.Continuation) { self.sink = sink }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            pending += buffer.readableBytes
            while pending >= 48 {
                pending -= 48
                sink.yield(buffer)
            }
        }
    }

    static func run(rounds: Int, throughTask: Bool = false) async throws -> [UInt64] {
        let (requests, requestSink) = AsyncStream.makeStream(of: (any Channel, ByteBuffer).self)
        let echoTask = Task {
            for await (channel, buffer) in requests { channel.eventLoop.execute { channel.writeAndFlush(buffer, promise: nil) } }
        }
        defer { echoTask.cancel() }
        let hostSink = throughTask ? requestSink : nil
        // Server on one loop, client on the other, as the session benchmark's "separate loops".
        let loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator())
        let server = try await ServerBootstrap(group: loops[0])
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Echo(sink: hostSink)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let (replies, sink) = AsyncStream.makeStream(of: ByteBuffer.self)
        let client = try await ClientBootstrap(group: loops[1 % loops.count])
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collect(sink: sink)) }
            }
            .connect(to: server.localAddress!).get()
        var iterator = replies.makeAsyncIterator()
        let message = ByteBuffer(repeating: 42, count: 48)
        var samples: [UInt64] = []
        for round in 0..<(rounds + rounds / 10) {
            let start = now()
            client.writeAndFlush(message, promise: nil)
            _ = await iterator.next()
            if round >= rounds / 10 { samples.append(now() - start) }
        }
        try await client.close()
        try await server.close()
        return samples
    }
}
