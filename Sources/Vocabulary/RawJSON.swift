import FoundationEssentials

/// A JSON value kept as its encoded bytes: the body of an application message as it came off
/// the wire. The host relays it without looking inside, and a game decodes its own type from it
/// in one pass with ``decode(_:)``. Every way of making one guarantees the bytes are valid JSON.
///
/// Two bodies are equal when they hold the same JSON value (`{"a":1,"b":2}` equals
/// `{"b":2, "a":1}`), whatever their spacing or member order.
public struct RawJSON: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The JSON text, UTF-8.
    public let bytes: Data

    /// Wraps bytes the caller has already validated as JSON (the frame scanner, `JSONEncoder`).
    package init(validated bytes: Data) { self.bytes = bytes }

    /// The encoding of a JSON value.
    public init(_ value: JSONValue) { self.bytes = Data(value.jsonBytes) }

    /// The JSON encoding of any `Encodable` value.
    public init<T: Encodable>(encoding value: T) throws {
        switch value {
        case let raw as RawJSON: self = raw
        case let json as JSONValue: self.init(json)
        default: self.init(validated: try JSONEncoder().encode(value))
        }
    }

    /// Checks that `bytes` are one JSON value (a fragment such as `3` or `"x"` included) in
    /// UTF-8 without a byte-order mark, as RFC 8259 §8.1 has JSON exchanged.
    /// - Throws: `DecodingError.dataCorrupted` when they are not.
    public init(parsing bytes: Data) throws {
        // JSONDecoder also reads UTF-16 and UTF-32 (told by NUL bytes) and skips a byte-order
        // mark; the bytes are relayed as they are, so only plain UTF-8 passes.
        guard Self.isPlainUTF8(bytes) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not UTF-8 JSON text"))
        }
        let value = try JSONDecoder().decode(JSONValue.self, from: bytes)
        // JSONDecoder also takes a trailing comma (`[1,]`) and skips the value of a repeated
        // member name unchecked, which a browser's `JSON.parse` refuses: what the strict scanner
        // does not pass is kept re-encoded (valid JSON it leaves alone too: same value).
        self.bytes = Self.isStrictJSON(bytes) ? bytes : Data(value.jsonBytes)
    }

    /// Whether the strict scanner passes `bytes` as one value (it also refuses some valid JSON:
    /// exponents, long numbers, surrogate escapes, deep nesting).
    private static func isStrictJSON(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            guard scanner.skipValue() else { return false }
            scanner.skipWhitespace()
            return scanner.isAtEnd
        }
    }

    /// Whether `bytes` are UTF-8 that JSONDecoder reads as UTF-8: valid, and not
    /// ``hasForeignEncodingMarks(_:)``.
    static func isPlainUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        guard !hasForeignEncodingMarks(bytes) else { return false }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// A NUL byte (no JSON text has one; JSONDecoder takes NULs for UTF-16 or UTF-32) or a
    /// leading byte-order mark (which JSONDecoder skips, and a browser's `JSON.parse` refuses).
    package static func hasForeignEncodingMarks(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.contains(0)
    }

    /// Decodes the body as a game's own type, straight from the bytes.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: bytes)
    }

    /// The body as a ``JSONValue``, parsed on each call: for code that inspects arbitrary bodies.
    /// Games should ``decode(_:)`` their own types instead.
    public var value: JSONValue {
        get throws { try JSONDecoder().decode(JSONValue.self, from: bytes) }
    }

    /// The JSON text.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    public static func == (lhs: RawJSON, rhs: RawJSON) -> Bool {
        if lhs.bytes == rhs.bytes { return true }
        guard let left = try? lhs.value, let right = try? rhs.value else { return false }
        return left == right
    }

    public func hash(into hasher: inout Hasher) {
        if let value = try? value { hasher.combine(value) } else { hasher.combine(bytes) }
    }

    /// Decodes any JSON value (the full decoder's path; the frame scanner keeps the bytes).
    public init(from decoder: any Decoder) throws {
        self.init(try JSONValue(from: decoder))
    }

    /// Encodes the value through another encoder (slow: parses the bytes first). The wire
    /// codec splices the bytes instead.
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
