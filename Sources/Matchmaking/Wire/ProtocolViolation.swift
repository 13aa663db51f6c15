/// A peer broke the wire protocol. The connection it came on is closed with this as the logged
/// reason; no other connection is affected.
public enum ProtocolViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// A length prefix above the frame cap.
    case frameTooLarge(length: Int, limit: Int)
    /// A length prefix of zero.
    case emptyFrame
    /// The connection closed in the middle of a frame.
    case truncatedFrame(expected: Int, received: Int)
    /// The payload is not UTF-8.
    case invalidUTF8
    /// The payload is not a JSON object of a known shape.
    case malformedMessage(String)
    /// The `type` member names no message of this protocol version.
    case unknownMessageType(String)
    /// A known message that is not allowed in the connection's current state.
    case unexpectedMessage(type: String, state: String)
    /// An app message that would exceed the frame cap once the host adds its sender.
    case tooLargeToRelay(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .frameTooLarge(let length, let limit): "frame of \(length) bytes exceeds the \(limit)-byte limit"
        case .emptyFrame: "empty frame (length 0)"
        case .truncatedFrame(let expected, let received): "connection closed inside a frame (\(received) of \(expected) bytes)"
        case .invalidUTF8: "frame payload is not valid UTF-8"
        case .malformedMessage(let detail): "malformed message: \(detail)"
        case .unknownMessageType(let type): "unknown message type \"\(type)\""
        case .unexpectedMessage(let type, let state): "\(type) is not allowed while \(state)"
        case .tooLargeToRelay(let bytes, let limit): "app message of \(bytes) bytes once relayed exceeds the \(limit)-byte limit"
        }
    }
}
