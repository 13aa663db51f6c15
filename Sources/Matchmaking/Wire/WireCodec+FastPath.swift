import Foundation
import NIOCore

/// The hot messages (`app`, `ping`, `pong`) decoded from one `JSONSerialization` parse instead of
/// `JSONDecoder`, whose type probing for `JSONValue` bodies throws and catches an error per
/// attempt (12 µs against 4 µs per app frame; docs/BENCHMARKS.md). Anything unusual (a missing
/// or mistyped member, a number out of range) returns nil, and the full decoder then reports it
/// with its precise error: the fast path never decides what is valid.
extension WireCodec {
    static func fastDecode(_ payload: ByteBuffer) -> WireMessage? {
        let parsed = payload.withUnsafeReadableBytes { try? JSONSerialization.jsonObject(with: Data($0)) }
        guard let object = parsed as? [String: Any], let type = object["type"] as? String else { return nil }
        switch type {
        case "app":
            guard let raw = object["body"], let body = JSONValue(jsonObject: raw) else { return nil }
            var from: PeerID?
            if let value = object["from"] {
                guard let id = uint32(value) else { return nil }
                from = PeerID(rawValue: id)
            }
            var to: WireRecipients?
            switch object["to"] {
            case nil: to = nil
            case let word as String where word == "all": to = .all
            case let list as [Any]:
                var ids: [PeerID] = []
                for element in list {
                    guard let id = uint32(element) else { return nil }
                    ids.append(PeerID(rawValue: id))
                }
                to = .peers(ids)
            default: return nil
            }
            return .app(AppMessage(from: from, to: to, body: body))
        case "ping":
            guard let seq = object["seq"].flatMap(uint32), let sent = object["sent"].flatMap(int64) else { return nil }
            return .ping(Ping(seq: seq, sent: sent))
        case "pong":
            guard let seq = object["seq"].flatMap(uint32), let sent = object["sent"].flatMap(int64),
                let received = object["received"].flatMap(int64), let replied = object["replied"].flatMap(int64)
            else { return nil }
            return .pong(Pong(seq: seq, sent: sent, received: received, replied: replied))
        default:
            return nil
        }
    }

    private static func int64(_ value: Any) -> Int64? {
        guard let number = value as? NSNumber, JSONValue.isInteger(number) else { return nil }
        return number.int64Value
    }

    private static func uint32(_ value: Any) -> UInt32? {
        guard let wide = int64(value), let narrow = UInt32(exactly: wide) else { return nil }
        return narrow
    }
}

extension JSONValue {
    /// Converts what `JSONSerialization` returns; nil for anything else.
    init?(jsonObject: Any) {
        switch jsonObject {
        case is NSNull:
            self = .null
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            if Self.isBoolean(number) {
                self = .bool(number.boolValue)
            } else if Self.isInteger(number) {
                self = .integer(number.int64Value)
            } else {
                let double = number.doubleValue
                // As JSONDecoder does: a whole number that fits is an integer ("2.0" is 2).
                if let whole = Int64(exactly: double) { self = .integer(whole) } else { self = .number(double) }
            }
        case let list as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(list.count)
            for element in list {
                guard let value = JSONValue(jsonObject: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let value = JSONValue(jsonObject: element) else { return nil }
                values[key] = value
            }
            self = .object(values)
        default:
            return nil
        }
    }

    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    static func isInteger(_ number: NSNumber) -> Bool {
        switch String(cString: number.objCType) {
        case "i", "l", "q", "s": return true
        default: return false  // "c" Bool, "d"/"f" floating point, "Q" above Int64.max
        }
    }

    /// The JSON text of the value, written directly (keys sorted, slashes unescaped, as the codec
    /// writes): about a tenth of the time of `JSONEncoder`.
    public var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        write(into: &bytes)
        return bytes
    }

    private func write(into bytes: inout [UInt8]) {
        switch self {
        case .null: bytes += Array("null".utf8)
        case .bool(let value): bytes += Array((value ? "true" : "false").utf8)
        case .integer(let value): bytes += Array(String(value).utf8)
        case .number(let value): bytes += Array(Self.format(value).utf8)
        case .string(let value): Self.writeString(value, into: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let values):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in values.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                values[key]!.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }  // JSON has no NaN or infinity
        return "\(value)"
    }

    private static func writeString(_ string: String, into bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20: bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
