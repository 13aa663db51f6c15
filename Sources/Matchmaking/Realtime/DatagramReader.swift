import NIOCore

/// A UDP socket's end of a NIO pipeline (the host's and a client's alike): hands each datagram,
/// with where it came from, to `read`, which checks it. Decides nothing; errors (an ICMP
/// "unreachable" for a peer that is gone) leave the socket open: the path's timing decides.
final class DatagramReader: ChannelInboundHandler {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    private let read: @Sendable ([UInt8], SocketAddress) -> Void

    init(_ read: @escaping @Sendable ([UInt8], SocketAddress) -> Void) { self.read = read }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        read(Array(envelope.data.readableBytesView), envelope.remoteAddress)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {}
}
