/// A quiz's id in the library: 1 to 32 letters, digits, `-` or `_` (URL-safe, and never a path:
/// no `/`, no `.`). The store makes the ids of the quizzes it creates (12 random characters);
/// the read-only quizzes are given theirs (`built-in`). Never a name a user typed.
public struct QuizID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The id's text.
    public let rawValue: String

    /// The most characters an id may have.
    public static let maxLength = 32
    /// How many characters the store's own ids have (72 random bits).
    static let generatedLength = 12
    /// The characters of an id: base64url's.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `text` as an id.
    /// - Throws: ``QuizStoreError/invalidID(_:)`` when it is not 1 to 32 of the allowed characters.
    public init(_ text: String) throws(QuizStoreError) {
        guard (1...Self.maxLength).contains(text.utf8.count), text.utf8.allSatisfy(Self.alphabet.contains) else {
            throw .invalidID(text)
        }
        rawValue = text
    }

    private init(unchecked text: String) { rawValue = text }

    /// A new random id of ``generatedLength`` characters.
    static func random(using generator: inout some RandomNumberGenerator) -> QuizID {
        let characters = (0..<generatedLength).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return QuizID(unchecked: String(decoding: characters, as: UTF8.self))
    }

    public var description: String { rawValue }
    public static func < (lhs: QuizID, rhs: QuizID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A picture's name in a quiz: the SHA-256 of its bytes, 64 lower-case hex digits. A quiz
/// document refers to its pictures by it.
public struct PictureHash: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 64 hex digits.
    public let hex: String

    /// `text` as a picture hash.
    /// - Throws: ``QuizStoreError/invalidPictureHash(_:)`` unless it is 64 lower-case hex digits.
    public init(_ text: String) throws(QuizStoreError) {
        guard text.utf8.count == 64, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw .invalidPictureHash(text)
        }
        hex = text
    }

    /// The hash of `digest`'s 32 bytes.
    init(digest: some Sequence<UInt8>) {
        hex = digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    public var description: String { hex }
    public static func < (lhs: PictureHash, rhs: PictureHash) -> Bool { lhs.hex < rhs.hex }
}
