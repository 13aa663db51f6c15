/// Pong's page module for the browser, `Page/pong.mjs`: how the phone, the TV and the host page
/// draw Pong's messages. The web port serves it at `/games/pong.mjs` when this host runs Pong
/// (`WebConfiguration.gamePage`; docs/WEB.md, "A game's page module").
public enum PongPage {
    /// The game's name, as the host's hello announces it and the pages load the module by.
    public static let name = "pong"
    /// The module's source (UTF-8 JavaScript), embedded in the binary.
    public static let script: [UInt8] = PackageResources.pong_mjs
}
