import FoundationEssentials
import NIOCore

/// The hot messages (`app`, `ping`, `pong`) decoded by one pass of ``JSONScanner`` over the
/// payload, with no Foundation parse and no intermediate values: an `app` body stays the bytes it
/// came as (``/Vocabulary/RawJSON``), checked but not parsed. Anything unusual (a missing, `null` or
/// mistyped member, a duplicate member, a number the scanner leaves alone, invalid JSON) returns
/// nil, and the full decoder then accepts it or reports it with its precise error: the fast path
/// never decides what is invalid.
extension WireCodec {
    static func fastDecode(_ payload: ByteBuffer) -> WireMessage? {
        payload.withUnsafeReadableBytes { HotFrame.parse($0) }
    }
}

/// The members of a hot frame, as the scanner finds them.
private struct HotFrame {
    enum Kind { case app, ping, pong }

    var kind: Kind?
    var body: Range<Int>?
    var from: PeerID?
    var to: WireRecipients?
    var seq: UInt32?
    var sent: Int64?
    var received: Int64?
    var replied: Int64?

    static func parse(_ bytes: UnsafeRawBufferPointer) -> WireMessage? {
        var scanner = JSONScanner(bytes)
        var frame = HotFrame()
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        repeat {
            scanner.skipWhitespace()
            guard let key = scanner.plainString(), scanner.consume(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            guard frame.member(key, &scanner) else { return nil }
        } while scanner.consume(UInt8(ascii: ","))
        guard scanner.consume(UInt8(ascii: "}")) else { return nil }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { return nil }
        if scanner.sawNonASCII, String(validating: bytes, as: UTF8.self) == nil { return nil }
        return frame.message(bytes)
    }

    /// Reads one member's value; false when the full decoder should judge the frame.
    private mutating func member(_ key: Range<Int>, _ scanner: inout JSONScanner) -> Bool {
        if scanner.bytes(in: key, equal: "type") {
            guard kind == nil, let word = scanner.plainString() else { return false }
            if scanner.bytes(in: word, equal: "app") { kind = .app }
            else if scanner.bytes(in: word, equal: "ping") { kind = .ping }
            else if scanner.bytes(in: word, equal: "pong") { kind = .pong }
            else { return false }
        } else if scanner.bytes(in: key, equal: "body") {
            let start = scanner.index
            guard body == nil, scanner.skipValue() else { return false }
            body = start..<scanner.index
        } else if scanner.bytes(in: key, equal: "from") {
            guard from == nil, let id = scanner.integer().flatMap(UInt32.init(exactly:)) else { return false }
            from = PeerID(rawValue: id)
        } else if scanner.bytes(in: key, equal: "to") {
            guard to == nil, let recipients = Self.recipients(&scanner) else { return false }
            to = recipients
        } else if scanner.bytes(in: key, equal: "seq") {
            guard seq == nil, let value = scanner.integer().flatMap(UInt32.init(exactly:)) else { return false }
            seq = value
        } else if scanner.bytes(in: key, equal: "sent") {
            guard sent == nil, let value = scanner.integer() else { return false }
            sent = value
        } else if scanner.bytes(in: key, equal: "received") {
            guard received == nil, let value = scanner.integer() else { return false }
            received = value
        } else if scanner.bytes(in: key, equal: "replied") {
            guard replied == nil, let value = scanner.integer() else { return false }
            replied = value
        } else {
            return scanner.skipValue()  // unknown members are ignored
        }
        return true
    }

    /// `"all"` or a list of peer ids.
    private static func recipients(_ scanner: inout JSONScanner) -> WireRecipients? {
        if let word = scanner.plainString() {
            return scanner.bytes(in: word, equal: "all") ? .all : nil
        }
        guard scanner.consume(UInt8(ascii: "[")) else { return nil }
        var ids: [PeerID] = []
        if scanner.consume(UInt8(ascii: "]")) { return .peers(ids) }
        repeat {
            scanner.skipWhitespace()
            guard let id = scanner.integer().flatMap(UInt32.init(exactly:)) else { return nil }
            ids.append(PeerID(rawValue: id))
        } while scanner.consume(UInt8(ascii: ","))
        return scanner.consume(UInt8(ascii: "]")) ? .peers(ids) : nil
    }

    private func message(_ bytes: UnsafeRawBufferPointer) -> WireMessage? {
        switch kind {
        case .app:
            guard let body else { return nil }
            let raw = RawJSON(validated: Data(UnsafeRawBufferPointer(rebasing: bytes[body])))
            return .app(AppMessage(from: from, to: to, body: raw))
        case .ping:
            guard let seq, let sent else { return nil }
            return .ping(Ping(seq: seq, sent: sent))
        case .pong:
            guard let seq, let sent, let received, let replied else { return nil }
            return .pong(Pong(seq: seq, sent: sent, received: received, replied: replied))
        case nil:
            return nil
        }
    }
}
