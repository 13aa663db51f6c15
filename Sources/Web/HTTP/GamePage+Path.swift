import GameRuntime

/// Where the web port serves a game's page module (docs/WEB.md, "A game's page module"):
/// `/games/NAME.mjs`, NAME being the game the pages' hello announces, and at a name carrying its
/// hash, which the pages name (``Site``). The web port only serves it, with the same headers as
/// its other scripts.
extension GamePage {
    /// Its plain path: `/games/trivia.mjs`.
    var path: String { "/games/\(name).mjs" }

    /// The plain path of its watchers' half, if it has one: `/games/trivia.watch.mjs`.
    var watcherPath: String { "/games/\(name).watch.mjs" }

    /// Whether `name` is a game's name (the rule of `GameName`), so that ``path`` is one clean segment.
    var hasValidName: Bool {
        (1...16).contains(name.utf8.count) && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }
}
