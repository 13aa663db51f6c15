import FoundationEssentials
import NIOCore

/// Turns messages into frame payloads and back. One codec per connection (it is not `Sendable`).
public struct WireCodec {
    /// The protocol versions this build speaks.
    public static let supportedVersions = [1, 2, 3, 4]
    /// The first version with resume tokens, `away` and `back` (docs/PROTOCOL.md, "Version 2").
    public static let resumeVersion = 2
    /// The first version with the real-time channel: `state` messages, datagrams
    /// (docs/PROTOCOL.md, "Version 3").
    public static let realtimeVersion = 3
    /// The first version with the listed roster: a player is told of the first players only
    /// (``ServerConfiguration/listedPlayers``), and of how many there are (docs/PROTOCOL.md,
    /// "Version 4").
    public static let listedRosterVersion = 4
    /// The default cap on a frame's payload: 64 KiB.
    public static let defaultMaxFrame = 65_536

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private let decoder = JSONDecoder()

    /// Creates a codec.
    public init() {}

    /// The JSON payload of one message (without the length prefix).
    public func encode(_ message: WireMessage) -> ByteBuffer {
        // An app body is spliced in as it is; it is JSON already.
        if case .app(let app) = message { return AppPayload.make(body: app.body.bytes, from: app.from, recipients: app.to) }
        if let fast = Self.fastEncode(message) { return fast }
        // Every field of every message is encodable, so this cannot fail.
        return ByteBuffer(bytes: try! encoder.encode(message))
    }

    /// Decodes one payload, or says precisely what is wrong with it.
    public func decode(_ payload: ByteBuffer) throws(ProtocolViolation) -> WireMessage {
        if let message = Self.fastDecode(payload) { return message }  // checks UTF-8 itself
        let isValidUTF8 = payload.withUnsafeReadableBytes { String(validating: $0, as: UTF8.self) != nil }
        guard isValidUTF8 else { throw .invalidUTF8 }
        // JSONDecoder would read NUL-patterned bytes as UTF-16 or UTF-32 and skip a byte-order
        // mark; a payload is UTF-8 without one (docs/PROTOCOL.md, "Framing").
        guard !RawJSON.hasForeignEncodingMarks(payload.readableBytesView) else { throw .malformedMessage("not JSON") }
        do {
            return try decoder.decode(WireMessage.self, from: payload)
        } catch let violation as ProtocolViolation {
            throw violation
        } catch let error as DecodingError {
            throw .malformedMessage(Self.summary(of: error, payload: payload))
        } catch {
            throw .malformedMessage("not JSON")
        }
    }

    /// A short, log-safe summary of a decoding error (no payload bytes are echoed).
    static func summary(of error: DecodingError, payload: ByteBuffer) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "the message" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _): return "missing \(key.stringValue)"
        case .typeMismatch(_, let context): return "wrong type at \(path(context))"
        case .valueNotFound(_, let context): return "null at \(path(context))"
        case .dataCorrupted(let context):
            guard context.codingPath.isEmpty else { return "invalid value at \(path(context))" }
            // Foundation gives no path for a number that does not fit; tell that apart from bad JSON.
            let parsed = payload.withUnsafeReadableBytes { try? JSONDecoder().decode(JSONValue.self, from: Data($0)) }
            switch parsed {
            case nil: return "not JSON"
            case .object?: return "a value is out of range or of the wrong kind"
            default: return "not a JSON object"
            }
        @unknown default: return "undecodable"
        }
    }
}

extension JSONDecoder {
    fileprivate func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        try buffer.withUnsafeReadableBytes { try self.decode(type, from: Data($0)) }
    }
}
