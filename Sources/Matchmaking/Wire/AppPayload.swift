import FoundationEssentials
import NIOCore

/// Builds an `app` payload around an already-encoded body without decoding it again:
/// `{"body":…,"from":N,"to":…,"type":"app"}` (keys in sorted order, as the codec writes them).
public enum AppPayload {
    /// The payload with `recipients` written directly.
    public static func make(body: Data, from sender: PeerID?, recipients: WireRecipients?) -> ByteBuffer {
        var payload = ByteBuffer()
        write(body: body, from: sender, recipients: recipients, into: &payload)
        return payload
    }

    /// The payload size of a relayed `app` (`{"body":…,"from":N,"type":"app"}`) around a body of
    /// `body` bytes, without building it.
    public static func size(body: Int, from sender: PeerID) -> Int {
        #"{"body":,"from":,"type":"app"}"#.utf8.count + body + String(sender.rawValue).utf8.count
    }

    /// The whole frame (length prefix and payload) in one buffer, without copying the payload
    /// into a second one as ``NIOCore/ByteBuffer/frame(_:)`` does.
    public static func frame(body: Data, from sender: PeerID?, recipients: WireRecipients?) -> ByteBuffer {
        var frame = ByteBuffer()
        frame.reserveCapacity(body.count + 52)
        frame.writeInteger(UInt32(0))
        write(body: body, from: sender, recipients: recipients, into: &frame)
        frame.setInteger(UInt32(frame.readableBytes - 4), at: frame.readerIndex)
        return frame
    }

    private static func write(body: Data, from sender: PeerID?, recipients: WireRecipients?, into payload: inout ByteBuffer) {
        payload.reserveCapacity(payload.writerIndex + body.count + 48)
        payload.writeStaticString("{\"body\":")
        payload.writeBytes(body)
        if let sender {
            payload.writeStaticString(",\"from\":")
            payload.writeString(String(sender.rawValue))
        }
        switch recipients {
        case nil: break
        case .all: payload.writeStaticString(",\"to\":\"all\"")
        case .peers(let ids):
            payload.writeStaticString(",\"to\":[")
            for (index, id) in ids.enumerated() {
                if index > 0 { payload.writeStaticString(",") }
                payload.writeString(String(id.rawValue))
            }
            payload.writeStaticString("]")
        }
        payload.writeStaticString(",\"type\":\"app\"}")
    }
}
