import FuzzKit
import Matchmaking
import NIOCore
import NIOEmbedded

/// The frame decoder and the wire codec behind it: the bytes of a TCP or RFCOMM link, fed in
/// chunks that the input chooses, split into frames, each decoded as a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let chunk = Int(input.byte()) + 1
    let stream = Array(input.rest)
    let whole = frames(of: stream, chunk: stream.count + 1)
    let chunked = frames(of: stream, chunk: chunk)
    require(whole == chunked, "chunking changed the frames: \(whole) vs \(chunked)")
    let codec = WireCodec()
    for payload in whole.frames {
        guard let message = try? codec.decode(payload) else { continue }
        let again = try? codec.decode(codec.encode(message))
        require(again == message, "decode(encode(m)) != m for \(message)")
    }
    return 0
}

/// What a link's decoder makes of `stream`, given `chunk` bytes at a time.
private func frames(of stream: [UInt8], chunk: Int) -> Decoded {
    let channel = EmbeddedChannel(handler: ByteToMessageHandler(FrameDecoder(maxPayload: 4096)))
    var decoded = Decoded()
    var offset = 0
    while offset < stream.count, decoded.error == nil {
        let end = min(offset + chunk, stream.count)
        do {
            try channel.writeInbound(ByteBuffer(bytes: stream[offset..<end]))
        } catch {
            decoded.error = "\(error)"
        }
        while let frame = try? channel.readInbound(as: ByteBuffer.self) { decoded.frames.append(frame) }
        offset = end
    }
    if decoded.error == nil {
        do { _ = try channel.finish() } catch { decoded.error = "\(error)" }
        while let frame = try? channel.readInbound(as: ByteBuffer.self) { decoded.frames.append(frame) }
    } else {
        _ = try? channel.finish()
    }
    return decoded
}

private struct Decoded: Equatable {
    var frames: [ByteBuffer] = []
    var error: String?
}
