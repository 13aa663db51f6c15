/// Snap!'s page module for the browser, `Page/snap.mjs`: how the phone, the TV and the host page
/// draw Snap!'s messages. The web port serves it at `/games/snap.mjs` when this host runs Snap!
/// (`WebConfiguration.gamePage`; docs/WEB.md, "A game's page module").
public enum SnapPage {
    /// The game's name, as the host's hello announces it and the pages load the module by.
    public static let name = "snap"
    /// The module's source (UTF-8 JavaScript), embedded in the binary.
    public static let script: [UInt8] = PackageResources.snap_mjs
}
