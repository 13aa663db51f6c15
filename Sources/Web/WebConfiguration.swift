import GameRuntime
import NIOCore

/// The settings of the host's web port (``WebServer``): where it listens and the limits that
/// keep a stranger's bytes from costing a player anything.
public struct WebConfiguration: Sendable {
    /// The default web port.
    public static let defaultPort = 8080

    /// Address to listen on; `::` means every IPv6 and IPv4 address.
    public var host = "::"
    /// TCP port; 0 picks a free one.
    public var port = Self.defaultPort
    /// Time a connection has to send a whole request head, from connecting or from the end of
    /// its previous response (slow headers are cut off here).
    public var requestHeadTimeout = TimeAmount.seconds(10)
    /// Open connections (pages, players, screens) allowed from one address; more are closed at
    /// once. Phones on a LAN each have their own address; a load generator needs more.
    public var maxConnectionsPerAddress = 32
    /// The largest WebSocket message accepted from a screen page (it sends nothing that matters)
    /// or a host page (a PIN, a command).
    public var maxScreenMessage = 1024
    /// The page module of the game this host runs, served at its ``GamePage/path``; nil for a
    /// host with no game (the lobby alone): the pages then show the lobby only.
    public var gamePage: GamePage?
    /// The running game's own requests (``GameDesk``): the host page's under `/host/api/` (with
    /// the host page's token) and public files under `/games/NAME/files/`; nil: none.
    public var desk: (any GameDesk)?

    /// The defaults.
    public init() {}

    /// A setting out of range, and what is allowed.
    public struct Invalid: Error, Hashable, CustomStringConvertible {
        public let description: String
    }

    /// Checks the ranges.
    public func validate() throws(Invalid) {
        guard (0...65535).contains(port) else { throw Invalid(description: "web port: \(port), allowed are 0-65535") }
        guard (1...100_000).contains(maxConnectionsPerAddress) else {
            throw Invalid(description: "connections per address: \(maxConnectionsPerAddress), allowed are 1-100000")
        }
        guard requestHeadTimeout > .zero else { throw Invalid(description: "request head timeout: must be positive") }
        if let gamePage, !gamePage.hasValidName {
            throw Invalid(description: "game page: \"\(gamePage.name)\" is no game name (1-16 of a-z, 0-9, -)")
        }
    }
}
