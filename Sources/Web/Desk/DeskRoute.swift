import GameRuntime
import NIOHTTP1

/// Where a request for a game's ``GameDesk`` goes, read from its head (pure): the host page's
/// requests under ``apiPrefix`` (with the host's token) and the public files under
/// `/games/NAME/files/`. Any other path is the pages' (``PageHandler/response(to:game:)``).
enum DeskRoute: Hashable, Sendable {
    /// A host page request: its method, path components, query and the headers a desk reads;
    /// `token` is the bearer token it carries, if any.
    case api(DeskRequest, token: String?)
    /// A public file of the game (its path components).
    case file([String])
    /// A desk path that cannot be: a sentence saying why (`400`).
    case malformed(String)

    /// The prefix of the host page's requests to the game.
    static let apiPrefix = "/host/api/"

    /// The headers a desk may read.
    static let passedHeaders = ["content-type", "if-match", "x-file-name"]
    /// The headers whose values the page percent-encodes (`encodeURIComponent`: a file's name may
    /// be any text), passed to the desk decoded.
    static let encodedHeaders: Set<String> = ["x-file-name"]

    /// The route of `head`, or nil when it is no desk path. `game` is the running game's name
    /// (its public files are under `/games/GAME/files/`).
    static func of(_ head: HTTPRequestHead, game: String?) -> DeskRoute? {
        let uri = head.uri
        let (path, query) = split(uri)
        if path.hasPrefix(apiPrefix) {
            let components: [String]
            do { components = try PercentDecoding.components(path.dropFirst(apiPrefix.count)) } catch {
                return .malformed(error.sentence(path))
            }
            guard let parameters = PercentDecoding.query(query) else {
                return .malformed("The query of \(String(path)) cannot be read: it is name=value pairs joined by “&”, percent-encoded as UTF-8.")
            }
            var headers: [String: String] = [:]
            for name in passedHeaders {
                guard let value = head.headers[name].last else { continue }
                guard encodedHeaders.contains(name) else { headers[name] = value; continue }
                guard let decoded = PercentDecoding.decode(Substring(value), plusIsSpace: false) else {
                    return .malformed("The \(name) header is not percent-encoded UTF-8 (encodeURIComponent).")
                }
                headers[name] = decoded
            }
            let request = DeskRequest(method: head.method.rawValue, path: components, query: parameters, headers: headers)
            return .api(request, token: bearer(head.headers["authorization"].last))
        }
        guard let game else { return nil }
        let files = "/games/\(game)/files/"
        guard path.hasPrefix(files) else { return nil }
        do { return .file(try PercentDecoding.components(path.dropFirst(files.count))) } catch {
            return .malformed(error.sentence(path))
        }
    }

    /// The token of an `Authorization: Bearer TOKEN` header.
    static func bearer(_ value: String?) -> String? {
        guard let value, value.lowercased().hasPrefix("bearer ") else { return nil }
        let token = value.dropFirst("bearer ".count).trimmingPrefix(" ")
        return token.isEmpty ? nil : String(token)
    }

    private static func split(_ uri: String) -> (path: Substring, query: Substring) {
        let withoutFragment = uri.prefix { $0 != "#" }
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (withoutFragment, "") }
        return (withoutFragment[..<mark], withoutFragment[withoutFragment.index(after: mark)...])
    }
}

/// Percent-decoding of request paths and queries (RFC 3986), strict: an invalid escape, a
/// decoded `/` or NUL, an empty, `.` or `..` component, or bytes that are not UTF-8 make the
/// whole path unreadable (a ``Problem`` saying which), never a path the desk could be fooled by.
enum PercentDecoding {
    /// Why a path's components cannot be read.
    enum Problem: Error, Hashable {
        /// Nothing after the prefix.
        case nothing
        /// An empty component (`a//b`).
        case emptyComponent
        /// A component that is `.` or `..`, written so or encoded (`%2e%2e`).
        case dots(String)
        /// A `/` encoded inside a component (`%2F`).
        case encodedSlash
        /// A NUL encoded in a component (`%00`).
        case nul
        /// A `%` without two hex digits after it.
        case badEscape
        /// Escapes whose bytes are not UTF-8.
        case notUTF8

        /// The sentence a refusal of `path` says: what was wrong, then what a path may be.
        func sentence(_ path: Substring) -> String {
            let wrong = switch self {
            case .nothing: "names nothing"
            case .emptyComponent: "has an empty part (“//”)"
            case .dots(let dots): "has a “\(dots)” part"
            case .encodedSlash: "has a “/” encoded inside a part (%2F)"
            case .nul: "has a NUL encoded in it (%00)"
            case .badEscape: "has a “%” without two hex digits after it"
            case .notUTF8: "has escapes that are not UTF-8 text"
            }
            return "The path \(path.prefix(200)) \(wrong); " + Self.rule
        }

        /// What a path may be.
        static let rule = "its parts are names, percent-encoded as UTF-8: never empty, “.” or “..”, with no “/” or NUL encoded in them."
    }

    /// The components of `path` (`a/b%20c` is `["a", "b c"]`); a trailing `/` is allowed.
    static func components(_ path: Substring) throws(Problem) -> [String] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        guard !parts.isEmpty else { throw .nothing }
        var out: [String] = []
        for part in parts {
            guard let bytes = bytes(part, plusIsSpace: false) else { throw .badEscape }
            guard !bytes.isEmpty else { throw .emptyComponent }
            guard !bytes.contains(0) else { throw .nul }
            guard !bytes.contains(UInt8(ascii: "/")) else { throw .encodedSlash }
            guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
            guard decoded != ".", decoded != ".." else { throw .dots(decoded) }
            out.append(decoded)
        }
        return out
    }

    /// The parameters of a query (`a=1&b=x%20y`; `+` is a space).
    static func query(_ query: Substring) -> [String: String]? {
        var out: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(halves[0], plusIsSpace: true), !name.isEmpty,
                let value = decode(halves.count > 1 ? halves[1] : "", plusIsSpace: true)
            else { return nil }
            out[name] = value
        }
        return out
    }

    /// `text` with its escapes decoded; nil for a bad escape, a NUL or bytes that are not UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        guard let bytes = bytes(text, plusIsSpace: plusIsSpace), !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The bytes `text` stands for; nil for a `%` without two hex digits.
    private static func bytes(_ text: Substring, plusIsSpace: Bool) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        return bytes
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
