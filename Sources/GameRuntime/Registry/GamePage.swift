/// A game's page module: the JavaScript the pages import to draw its messages
/// (`/games/NAME.mjs`, docs/WEB.md, "A game's page module"), in one file for every page, or in two
/// halves so that a phone downloads only its own.
public struct GamePage: Sendable, Hashable {
    /// The game's name, the module's file name.
    public var name: String
    /// The module's source, UTF-8: the whole module, or with a ``watcherScript`` the phone's half.
    public var script: [UInt8]
    /// The TV's and the host page's half (`/games/NAME.watch.mjs`), or nil when ``script`` serves
    /// every page. It may import the phone's half by the relative name `./NAME.mjs` (the web port
    /// names the copy it serves), and passes on what the TV and the host page use of it.
    public var watcherScript: [UInt8]?

    /// A page module: one for every page, or a phone's half and the watchers' half.
    public init(name: String, script: [UInt8], watcherScript: [UInt8]? = nil) {
        self.name = name
        self.script = script
        self.watcherScript = watcherScript
    }
}
