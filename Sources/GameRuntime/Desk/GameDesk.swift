import FoundationEssentials

/// A game's own requests on the web port, beside the pages every game shares: the host page's
/// (under `/host/api/`, each carrying the host's token, checked by the web port before any of
/// its body is read) and public files the phones and the TV fetch (under `/games/NAME/files/`:
/// a question's picture). Trivia's quiz library is one: its list, uploads, editor and reports.
///
/// The web port stays game-agnostic: it reads a request's body up to ``bodyLimit(for:)`` (a body
/// past it is refused, `413`, with the limit in the sentence), hands the whole request over, and
/// writes the response. A desk is called on a thread of the web port's pool, never on an event
/// loop nor on Swift's small cooperative pool (where the game runs): it may block, reading and
/// writing files.
public protocol GameDesk: Sendable {
    /// The largest body this request may carry, in bytes (0: none), asked at its head, before
    /// any of the body is read (on the event loop: decide from the request alone).
    func bodyLimit(for request: DeskRequest) -> Int
    /// Answers a request of the host page (the token was checked).
    func answer(_ request: DeskRequest) -> DeskResponse
    /// A public file at `path` (the components after `/games/NAME/files/`); nil: no such file.
    func file(at path: [String]) -> DeskResponse?
    /// The running game's commands, once it runs: how the desk changes the game (trivia's next
    /// quiz), through the same queue as the host's keys and page. Default: not kept.
    func attach(commands: @escaping @Sendable (HostCommand) -> Void)
}

extension GameDesk {
    public func attach(commands: @escaping @Sendable (HostCommand) -> Void) {}
}

/// A request to a ``GameDesk``.
public struct DeskRequest: Sendable, Hashable {
    /// `GET`, `POST`, `PUT`, `DELETE`.
    public var method: String
    /// The path's components after `/host/api/`, percent-decoded (`["quizzes", "k3x9", "pictures"]`).
    public var path: [String]
    /// The query's parameters, percent-decoded (the last value of a name given twice).
    public var query: [String: String]
    /// The request's headers the desk may read, by lowercased name (`content-type`,
    /// `if-match`, `x-file-name`: a file's name, which the page percent-encodes, decoded).
    public var headers: [String: String]
    /// The body (empty for a request without one).
    public var body: [UInt8]

    /// A request.
    public init(method: String, path: [String], query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

/// A ``GameDesk``'s answer.
public struct DeskResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The body's media type.
    public var contentType: String
    /// The body.
    public var body: [UInt8]
    /// Further headers (`ETag`, `Content-Disposition`, `Cache-Control`).
    public var headers: [String: String]

    /// A response.
    public init(status: Int, contentType: String, body: [UInt8], headers: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// `200` with JSON.
    public static func json(_ body: [UInt8], status: Int = 200, headers: [String: String] = [:]) -> DeskResponse {
        DeskResponse(status: status, contentType: "application/json", body: body, headers: headers)
    }

    /// A refusal: `status` and a JSON body `{"error": sentence}` the host page shows as it is.
    public static func problem(_ status: Int, _ sentence: String) -> DeskResponse {
        .json(Array((try? JSONEncoder().encode(["error": sentence])) ?? Data()), status: status)
    }
}
