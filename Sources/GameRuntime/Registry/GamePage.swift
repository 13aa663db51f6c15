/// A game's page module: the JavaScript the pages import to draw its messages
/// (`/games/NAME.mjs`, docs/WEB.md, "A game's page module").
public struct GamePage: Sendable, Hashable {
    /// The game's name, the module's file name.
    public var name: String
    /// The module's source, UTF-8.
    public var script: [UInt8]

    /// A page module.
    public init(name: String, script: [UInt8]) {
        self.name = name
        self.script = script
    }
}
