import FoundationEssentials
import GameRuntime
import QuizLibrary
import Vocabulary

/// What the quiz library's requests and answers hold, as JSON.
extension QuizDesk {
    /// One quiz as the library's list shows it.
    struct Summary: Encodable {
        var id: String
        var title: String
        var revision: Int
        var bytes: Int
        var modified: String?
        var readOnly: Bool
        var problem: String?
        var questions: Int?

        init(_ summary: QuizSummary, questions: Int? = nil) {
            id = summary.id.rawValue
            title = summary.title
            revision = summary.revision
            bytes = summary.bytes
            modified = summary.modified.map { $0.formatted(.iso8601) }
            readOnly = summary.readOnly
            problem = summary.problem
            self.questions = questions
        }

        init(_ stored: StoredQuiz) {
            id = stored.id.rawValue
            title = stored.title
            revision = stored.revision
            bytes = stored.document.count
            modified = stored.modified.map { $0.formatted(.iso8601) }
            readOnly = stored.readOnly
        }
    }

    /// An edited quiz: its title and its questions (snap-host's JSON).
    struct Edit: Decodable {
        var title: String
        var document: JSONValue
    }

    /// A title alone (a copy's).
    struct Titled: Decodable {
        var title: String
    }

    /// A picture taken.
    struct PictureJSON: Encodable {
        var hash: String
        var format: String
        var width: Int
        var height: Int
        var bytes: Int
        var url: String

        init(_ picture: StoredPicture, url: String) {
            hash = picture.hash.hex
            format = picture.info.format.name
            width = picture.info.width
            height = picture.info.height
            bytes = picture.bytes
            self.url = url
        }
    }

    /// The next game, as the host page chooses it.
    struct NextGameChoice: Decodable {
        var quiz: String
        var mode: TriviaMode?
        var rounds: Int?
        var questionTime: Double?
        var resultTime: Double?
        var shuffleQuestions: Bool?
        var shuffleAnswers: Bool?
        var picturesOnPhones: Bool?
        var categories: [String]?
        /// Team mode: the teams' names (absent or empty: no teams).
        var teams: [String]?
        /// `choose` or `placed`.
        var teamPlacement: String?
    }

    /// The one way the desk writes JSON: keys sorted, slashes as they are (picture URLs).
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func json(_ value: some Encodable, status: Int = 200) throws -> DeskResponse {
        .json(Array(try encoder.encode(value)), status: status)
    }

    /// A stored quiz's questions (checked when it was saved).
    static func bank(of stored: StoredQuiz) throws -> QuestionBank {
        try QuestionBank.parse(Data(stored.document), source: stored.title + ".json")
    }

    /// A quiz with its document inline: `{"quiz": summary, "document": {...}, "pictures": [...]}`.
    static func document(_ stored: StoredQuiz) -> DeskResponse {
        let head: [UInt8] = Array((try? encoder.encode(Summary(stored))) ?? Data("{}".utf8))
        let urls: [String] = stored.pictures.map { pictureURL(stored.id, $0) }
        let pictures: [UInt8] = Array((try? encoder.encode(urls)) ?? Data("[]".utf8))
        var body: [UInt8] = Array(#"{"quiz":"#.utf8)
        body += head
        body += Array(#","document":"#.utf8)
        body += stored.document
        body += Array(#","pictures":"#.utf8)
        body += pictures
        body += Array("}".utf8)
        return .json(body, headers: ["ETag": "\"\(stored.revision)\""])
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ body: [UInt8], what: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw DeskRefusal(400, "\(what.prefix(1).uppercased() + what.dropFirst()) is not what the page sends (JSON).")
        }
    }

    /// The questions of an edited quiz, checked as a bank file is.
    static func bank(of document: JSONValue, title: String) throws -> QuestionBank {
        guard let data = try? JSONEncoder().encode(document) else { throw DeskRefusal(400, "The quiz is not JSON.") }
        do {
            return try QuestionBank.parse(data, source: (title.isEmpty ? "quiz" : title) + ".json")
        } catch {
            throw DeskRefusal(422, "\(error)")
        }
    }

    /// The revision an `If-Match` names (`"3"` or `3`).
    static func revision(_ request: DeskRequest) throws -> Int {
        guard let value = request.headers["if-match"], let revision = Int(value.filter { $0 != "\"" && $0 != " " }) else {
            throw DeskRefusal(428, "Say which revision you changed (If-Match): reload the quiz and try again.")
        }
        return revision
    }

    /// A file to save (`Content-Disposition: attachment`, with its name in UTF-8 too).
    static func download(_ bytes: [UInt8], type: String, name: String) -> DeskResponse {
        let plain = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        let encoded = name.utf8.map { byte -> String in
            let safe = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte)
            return safe ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }.joined()
        return DeskResponse(
            status: 200, contentType: type, body: bytes,
            headers: ["Content-Disposition": "attachment; filename=\"\(plain)\"; filename*=UTF-8''\(encoded)"])
    }

    /// What makes an uploaded file's name no file's name (a browser sends the name alone): a
    /// folder in it (`/`, `\\`, or `.` and `..` themselves), or a control character; nil for a
    /// good one.
    static func fileNameProblem(_ name: String) -> String? {
        if name == "." || name == ".." || name.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" }) { return "has a folder in it" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "has a control character in it" }
        return nil
    }

    /// A quiz's title from its file's name: `Pub quiz.xlsx` is `Pub quiz`.
    static func title(ofFile name: String) -> String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        let stem = base.lastIndex(of: ".").map { String(base[..<$0]) } ?? base
        let title = stem.trimmingWhitespaceAndNewlines()
        return title.isEmpty ? "Quiz" : String(title.prefix(200))
    }

    /// The store's refusal as the page shows it.
    static func refusal(_ error: QuizStoreError) -> DeskResponse {
        let status: Int
        switch error {
        case .notFound, .pictureNotFound: status = 404
        case .changedElsewhere, .readOnly: status = 409
        case .quizTooLarge, .libraryFull, .tooManyQuizzes: status = 413
        case .unreadable, .fileSystem: status = 500
        default: status = 422
        }
        return .problem(status, "\(error)")
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
