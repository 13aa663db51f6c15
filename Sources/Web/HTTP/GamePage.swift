/// The page module of the game this host runs (docs/WEB.md, "A game's page module"): the pages
/// import it as `/games/NAME.mjs`, NAME being the game their hello announces, and it draws that
/// game's messages on the phone, the TV and the host page. A game's own target owns the script
/// (`TriviaPage.script`, ...); the web port only serves it, with the same headers as its other
/// scripts.
public struct GamePage: Sendable, Hashable {
    /// The game's name (1-16 of `a-z`, `0-9`, `-`), as its hello announces it.
    public let name: String
    /// The module's source: UTF-8 JavaScript, an ES module.
    public let script: [UInt8]

    /// The module of the game called `name`.
    public init(name: String, script: [UInt8]) {
        self.name = name
        self.script = script
    }

    /// Where the pages import it from: `/games/trivia.mjs`.
    public var path: String { "/games/\(name).mjs" }

    /// Whether `name` is a game's name (the rule of `GameName`), so that `path` is one clean segment.
    var hasValidName: Bool {
        (1...16).contains(name.utf8.count) && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }
}
