import Vocabulary

/// What the host's keys (on a terminal) or lines (stdin not a terminal) mean, as a pure value:
/// each key or line gives a ``HostCommand`` to send, a sentence to show, or nothing.
///
/// Keys (the footer): `s` start now, `n` skip (next), `p` pause, `u` unpause, `k` kick, `e` end,
/// `r` rematch; and the game's own (``GameCommandKey``: trivia's buzzer mode, `y` marks the
/// buzzer winner's answer right, `x` wrong; the footer shows them first while the game wants
/// them, ``footer(wanted:)``). After `k` the host types the player's id (the number `joined: NAME (id N)`
/// showed, listed again in the prompt): as soon as the digits name one player it is kicked;
/// Enter takes the digits as they are; any other key cancels.
///
/// Lines: `start`, `skip`, `pause`, `unpause`, `kick NAME` (or `kick ID`), `end`, `rematch`,
/// and the game's own words (`right`, `wrong`).
public struct HostControls: Hashable, Sendable {
    /// What a key or a line leads to.
    public enum Outcome: Hashable, Sendable {
        /// Send this command to the game.
        case command(HostCommand)
        /// Show this (a prompt, a help line, why nothing happened).
        case say(String)
        /// Nothing.
        case nothing
    }

    /// The footer on the host's terminal.
    public static let footer = "keys: [s] start  [n] skip  [p] pause  [u] unpause  [k] kick  [e] end  [r] rematch"
    /// The footer while the game wants its own keys: theirs first, then those that still make
    /// sense during a game.
    static let duringGame = "[n] skip  [p] pause  [u] unpause  [k] kick  [e] end"

    /// The game's own commands' keys.
    public let gameKeys: [GameCommandKey]
    /// The digits typed after `k`, while choosing whom to kick.
    public private(set) var kickDigits: String?

    /// Nothing typed yet; `gameKeys` are the game's own (none by default).
    public init(gameKeys: [GameCommandKey] = []) { self.gameKeys = gameKeys }

    /// The footer: with the game's own keys first while the game wants them.
    public func footer(wanted: Bool) -> String {
        guard wanted, !gameKeys.isEmpty else { return Self.footer }
        let keyed = gameKeys.compactMap { key in key.key.map { "[\($0)] \(key.label)" } }
        guard !keyed.isEmpty else { return Self.footer }
        return "keys: " + keyed.joined(separator: "  ") + "  " + Self.duringGame
    }

    /// The commands as lines, for the help.
    public var lineHelp: String {
        let own = gameKeys.map { $0.argument == nil ? $0.word : "\($0.word) NAME (or \($0.word) ID)" }
        return (["commands: start", "skip", "pause", "unpause", "kick NAME (or kick ID)", "end", "rematch"] + own).joined(separator: ", ")
    }

    /// What the host's screen says a command done was: the game key's `mark right`, else the
    /// command's ``HostCommand/line``.
    public func line(of command: HostCommand) -> String {
        guard case .game(let own) = command, let key = gameKeys.first(where: { $0.command == own }) else { return command.line }
        return key.label == own.name ? own.name : "\(own.name) \(key.label)"
    }

    /// A key on the host's terminal; `players` are those present.
    public mutating func key(_ key: KeyInput.Key, players: [Peer]) -> Outcome {
        let typed: String
        switch key {
        case .answer(let index): typed = String(index + 1)
        case .quit: typed = "q"
        case .other(let text): typed = text
        case .arrow: typed = ""
        }
        if let digits = kickDigits { return choosing(typed, after: digits, players: players) }
        switch typed.lowercased() {
        case "s": return .command(.startNow)
        case "n": return .command(.skip)
        case "p": return .command(.pause)
        case "u": return .command(.unpause)
        case "e": return .command(.end)
        case "r": return .command(.rematch)
        case "k":
            guard !players.isEmpty else { return .say("kick: nobody is here") }
            kickDigits = ""
            let list = players.map { "\($0.id) \($0.name)" }.joined(separator: ", ")
            return .say("kick which player? \(list) (type the id; any other key cancels)")
        case "q": return .say("(Ctrl-C stops the host)")
        case "?", "h": return .say(footer(wanted: true))
        default:
            guard let own = gameKeys.first(where: { $0.key.map { String($0).lowercased() } == typed.lowercased() }) else { return .nothing }
            return .command(.game(own.command))
        }
    }

    /// A key while choosing whom to kick.
    private mutating func choosing(_ typed: String, after digits: String, players: [Peer]) -> Outcome {
        let ids = players.map { String($0.id.rawValue) }
        if typed.count == 1, typed.first!.isASCII, typed.first!.isNumber {
            let now = digits + typed
            let candidates = ids.filter { $0.hasPrefix(now) }
            if candidates == [now] { return kick(now, players: players) }
            if candidates.isEmpty {
                kickDigits = nil
                return .say("kick: no player has id \(now)")
            }
            kickDigits = now
            return .nothing
        }
        if typed == "\n" || typed == "\r", !digits.isEmpty { return kick(digits, players: players) }
        kickDigits = nil
        return .say("kick: cancelled")
    }

    private mutating func kick(_ digits: String, players: [Peer]) -> Outcome {
        kickDigits = nil
        guard let number = UInt32(digits) else { return .say("kick: no player has id \(digits)") }
        return .command(.kick(PeerID(rawValue: number)))
    }

    /// A game command from a line: with its argument, the player the rest of the line names.
    private static func game(_ key: GameCommandKey, naming rest: String, players: [Peer]) -> Outcome {
        guard let argument = key.argument else { return .command(.game(key.command)) }
        let id = players.first(where: { $0.name.lowercased() == rest.lowercased() })?.id.rawValue ?? UInt32(rest)
        guard let id else {
            return .say(rest.isEmpty ? "\(key.word): say whom: \(key.word) NAME or \(key.word) ID" : "\(key.word): nobody here is called \(rest)")
        }
        var command = key.command
        command.arguments[argument] = .integer(Int64(id))
        return .command(.game(command))
    }

    /// A line typed on the host's stdin when it is not a terminal; `players` are those present.
    public func line(_ line: String, players: [Peer]) -> Outcome {
        let words = line.trimmingSpacesAndTabs().split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = words.first?.lowercased() else { return .nothing }
        let rest = words.count > 1 ? words[1].trimmingSpacesAndTabs() : ""
        switch first {
        case "start": return .command(.startNow)
        case "skip", "next": return .command(.skip)
        case "pause": return .command(.pause)
        case "unpause": return .command(.unpause)
        case "end": return .command(.end)
        case "rematch": return .command(.rematch)
        case "kick":
            guard !rest.isEmpty else { return .say("kick: say whom: kick NAME or kick ID") }
            if let player = players.first(where: { $0.name.lowercased() == rest.lowercased() }) {
                return .command(.kick(player.id))
            }
            if let number = UInt32(rest) { return .command(.kick(PeerID(rawValue: number))) }
            return .say("kick: nobody here is called \(rest)")
        default:
            if let own = gameKeys.first(where: { $0.word.lowercased() == first }) { return Self.game(own, naming: rest, players: players) }
            return .say("unknown command \"\(line.trimmingSpacesAndTabs())\"; \(lineHelp)")
        }
    }
}
