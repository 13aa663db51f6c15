/// Punchline's page module for the browser, `Page/punchline.mjs`: how the phone, the TV and the
/// host page draw its messages. The web port serves it at `/games/punchline.mjs` when this host
/// runs Punchline (`WebConfiguration.gamePage`; docs/WEB.md, "A game's page module").
public enum PunchlinePage {
    /// The game's name, as the host's hello announces it and the pages load the module by.
    public static let name = "punchline"
    /// The module's source (UTF-8 JavaScript), embedded in the binary.
    public static let script: [UInt8] = PackageResources.punchline_mjs
}
