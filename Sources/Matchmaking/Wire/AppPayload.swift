import Foundation
import NIOCore

/// Builds an `app` payload around an already-encoded body without decoding it again:
/// `{"body":…,"from":N,"to":…,"type":"app"}` (keys in sorted order, as the codec writes them).
public enum AppPayload {
    public static func make(body: Data, from sender: PeerID?, to recipients: Data?) -> ByteBuffer {
        var payload = ByteBuffer()
        payload.reserveCapacity(body.count + (recipients?.count ?? 0) + 48)
        payload.writeString("{\"body\":")
        payload.writeBytes(body)
        if let sender { payload.writeString(",\"from\":\(sender.rawValue)") }
        if let recipients {
            payload.writeString(",\"to\":")
            payload.writeBytes(recipients)
        }
        payload.writeString(",\"type\":\"app\"}")
        return payload
    }
}
