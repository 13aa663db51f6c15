import GameRuntime

/// Where the web port serves a game's page module (docs/WEB.md, "A game's page module"): the
/// pages import it as `/games/NAME.mjs`, NAME being the game their hello announces. The web port
/// only serves it, with the same headers as its other scripts.
extension GamePage {
    /// Where the pages import it from: `/games/trivia.mjs`.
    var path: String { "/games/\(name).mjs" }

    /// Whether `name` is a game's name (the rule of `GameName`), so that ``path`` is one clean segment.
    var hasValidName: Bool {
        (1...16).contains(name.utf8.count) && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }
}
