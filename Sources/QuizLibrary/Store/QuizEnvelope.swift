import FoundationEssentials
import Vocabulary

/// A quiz's `quiz.json`: one file, so that a save is one rename.
///
/// `{"format":1,"modified":"2026-11-27T10:00:00Z","pictures":["<sha256>",…],"revision":3,"title":"…","document":…}`:
/// the document last, byte for byte as the caller gave it. Pure: bytes in, bytes out.
struct QuizEnvelope: Sendable, Hashable {
    /// The one format this host writes and reads.
    static let format = 1

    var revision: Int
    var title: String
    var modified: Date
    /// The pictures the document uses, in hash order.
    var pictures: [PictureHash]
    /// The document, JSON.
    var document: [UInt8]

    /// The file's bytes.
    func encoded() -> [UInt8] {
        let header = JSONValue.object([
            "format": .integer(Int64(Self.format)),
            "modified": .string(modified.formatted(.iso8601)),
            "pictures": .array(pictures.map { .string($0.hex) }),
            "revision": .integer(Int64(revision)),
            "title": .string(title),
        ]).jsonBytes
        return header.dropLast() + Array(",\"document\":".utf8) + document + [UInt8(ascii: "}")]
    }

    /// The members besides the document.
    private struct Header: Decodable {
        var format: Int
        var revision: Int
        var title: String
        var modified: String
        var pictures: [String]
    }

    /// Reads a `quiz.json`.
    /// - Throws: ``Problem`` saying what is wrong with it.
    static func decode(_ bytes: [UInt8]) throws(Problem) -> QuizEnvelope {
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: Data(bytes)) } catch {
            throw Problem(bytes.isEmpty ? "quiz.json is empty" : "quiz.json is not a quiz's JSON (\(Self.describe(error)))")
        }
        guard header.format == Self.format else {
            throw Problem("quiz.json has format \(header.format); this host reads format \(Self.format)")
        }
        guard header.revision >= 1 else { throw Problem("quiz.json has revision \(header.revision)") }
        guard let modified = try? Date(header.modified, strategy: .iso8601) else {
            throw Problem("quiz.json's modified time “\(header.modified.prefix(40))” is not an ISO 8601 time")
        }
        var pictures: [PictureHash] = []
        for text in header.pictures {
            guard let hash = try? PictureHash(text) else { throw Problem("quiz.json names a picture “\(text.prefix(70))”") }
            pictures.append(hash)
        }
        guard let range = TopLevelMembers.valueRanges(bytes)?["document"] else { throw Problem("quiz.json has no document") }
        return QuizEnvelope(
            revision: header.revision, title: header.title, modified: modified, pictures: pictures.sorted(),
            document: Array(bytes[range]))
    }

    /// A few words for a decoding error: what was missing or wrong, and where.
    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): "no \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "it is damaged or cut short"
        }
    }

    /// What is wrong with a `quiz.json`.
    struct Problem: Error, Hashable {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
