import Vocabulary

/// What the person running the host asks of the game (from the host's terminal keys or lines, or
/// a host page). A command is one more event for the table (``GameTable/command(_:at:)``), in
/// order with the players' events; the table answers every command in every state: it does it,
/// or it refuses with a ``CommandRefusal`` the host's screen shows.
///
/// On the wire (for a host page): `{"command":"skip"}`, `{"command":"kick","peer":3}`, and a
/// game's own command by its name with its arguments, `{"command":"mark","right":true}`.
public enum HostCommand: Hashable, Sendable {
    /// Start a game now with the players waiting, without waiting for the countdown or a full room.
    case startNow
    /// Move on: trivia closes the open question (or cuts the result short); Snap! skips the
    /// player whose turn it is.
    case skip
    /// Freeze the game: its deadlines stop and players' moves are refused until ``unpause``.
    case pause
    /// Go on after ``pause``; every deadline moves by the time paused.
    case unpause
    /// Remove a player: told `bye kicked`, the others `left kicked`.
    case kick(PeerID)
    /// End the game now: game over with the standings as they are.
    case end
    /// After a game over, a new game at once for the players in the lobby.
    case rematch
    /// A command of the game's own, declared by the game (``GameCommandKey``): trivia's `mark`
    /// of the answer the buzzer's winner gave aloud.
    case game(GameCommand)

    /// The command's name on the wire and in logs: `startNow`, `skip`, `kick`, ...
    public var name: String {
        switch self {
        case .startNow: "startNow"
        case .skip: "skip"
        case .pause: "pause"
        case .unpause: "unpause"
        case .kick: "kick"
        case .end: "end"
        case .rematch: "rematch"
        case .game(let command): command.name
        }
    }

    /// The verb a person reads: `start`, `skip`, `kick`, ...
    public var verb: String {
        switch self {
        case .startNow: "start"
        case .kick: "kick"
        default: name
        }
    }

    /// What the host's screen prints when the command is done: the verb, or a game command's
    /// ``GameCommand/line`` (``kick(_:)``'s line names the player: the terminal knows the names;
    /// a game command's key gives it a better one: ``GameCommandKey/label``).
    public var line: String {
        if case .game(let command) = self { return command.line }
        return verb
    }

    /// Every common command but ``kick(_:)`` (which names a player), by name.
    public static let plain: [HostCommand] = [.startNow, .skip, .pause, .unpause, .end, .rematch]

    /// Every common command's name on the wire, in the order of the cases (a game adds its own).
    public static let names: [String] = plain.map(\.name) + ["kick"]
}

extension HostCommand: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let command = Key(stringValue: "command")
        static let peer = Key(stringValue: "peer")
    }

    /// A common command by its name; any other name is a game's command with the other fields
    /// as its arguments (the game says whether it knows it).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let name = try container.decode(String.self, forKey: .command)
        if name == "kick" {
            self = .kick(try container.decode(PeerID.self, forKey: .peer))
        } else if let command = Self.plain.first(where: { $0.name == name }) {
            self = command
        } else if name.isEmpty || name.count > 32 {
            let names = Self.names.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .command, in: container, debugDescription: "a command's name is 1 to 32 characters: \(names), or the game's own")
        } else {
            var arguments: [String: JSONValue] = [:]
            for key in container.allKeys where key.stringValue != "command" {
                arguments[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .game(GameCommand(name, arguments))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .command)
        switch self {
        case .kick(let peer): try container.encode(peer, forKey: .peer)
        case .game(let command):
            for (key, value) in command.arguments { try container.encode(value, forKey: Key(stringValue: key)) }
        default: break
        }
    }
}

/// A command the table would not do now, and why: the host's screen shows ``description``, e.g.
/// `nothing to skip: no game is under way`.
public struct CommandRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why a command makes no sense now.
    public enum Reason: Hashable, Sendable {
        /// No game is under way (skip, pause, unpause, end in the lobby).
        case noGame
        /// A game is under way (start, rematch).
        case gameUnderWay
        /// Too few players wait for a game: `needed`, `waiting`.
        case tooFewPlayers(needed: Int, waiting: Int)
        /// No game has ended yet (rematch).
        case noGameYet
        /// The game is paused (skip): unpause first.
        case paused
        /// The game is already paused.
        case alreadyPaused
        /// The game is not paused (unpause).
        case notPaused
        /// No player with this id is here (kick).
        case noSuchPlayer(PeerID)
        /// The host runs no game (`--game lobby`).
        case noGames
        /// The host is stopping.
        case stopped
        /// No answer awaits the host's mark (mark: trivia's buzzer mode, once a player won the
        /// buzzer).
        case nothingToMark
        /// The game has no turn or question to skip (Pong: pause or end it instead).
        case nothingToSkip
        /// The game declares no command of this name; its own are these.
        case unknownCommand(known: [String])
        /// The game's command came without the argument it needs, or with another: what it takes.
        case badArgument(String)

        /// The reason's name on the wire: `noGame`, `tooFewPlayers`, ...
        public var name: String {
            switch self {
            case .noGame: "noGame"
            case .gameUnderWay: "gameUnderWay"
            case .tooFewPlayers: "tooFewPlayers"
            case .noGameYet: "noGameYet"
            case .paused: "paused"
            case .alreadyPaused: "alreadyPaused"
            case .notPaused: "notPaused"
            case .noSuchPlayer: "noSuchPlayer"
            case .noGames: "noGames"
            case .stopped: "stopped"
            case .nothingToMark: "nothingToMark"
            case .nothingToSkip: "nothingToSkip"
            case .unknownCommand: "unknownCommand"
            case .badArgument: "badArgument"
            }
        }
    }

    /// The commands every game knows, for a sentence.
    static let commonNames = HostCommand.names.joined(separator: ", ")

    /// The command refused.
    public var command: HostCommand
    /// Why.
    public var reason: Reason

    /// A refusal of `command` for `reason`.
    public init(_ command: HostCommand, _ reason: Reason) {
        self.command = command
        self.reason = reason
    }

    /// What the host's screen says: `nothing to skip: no game is under way`.
    public var description: String {
        let verb = command.verb
        switch reason {
        case .noGame: return "nothing to \(verb): no game is under way"
        case .gameUnderWay: return "cannot \(verb): a game is under way\(command == .rematch ? " (end it first)" : "")"
        case .tooFewPlayers(let needed, let waiting):
            return "cannot \(verb): a game needs \(needed) \(needed == 1 ? "player" : "players"), \(waiting) waiting"
        case .noGameYet: return "nothing to rematch: no game has been played yet (start one instead)"
        case .paused: return "cannot \(verb) while the game is paused: unpause first"
        case .alreadyPaused: return "nothing to pause: the game is already paused"
        case .notPaused: return "nothing to unpause: the game is not paused"
        case .noSuchPlayer(let id): return "cannot kick: no player with id \(id) is here"
        case .noGames: return "nothing to \(verb): this host runs no game"
        case .stopped: return "cannot \(verb): the host is stopping"
        case .nothingToMark: return "nothing to mark: no player has buzzed and awaits a mark"
        case .nothingToSkip: return "nothing to skip: this game has no turn or question to skip (pause or end it instead)"
        case .badArgument(let takes): return "cannot \(verb): it takes \(takes)"
        case .unknownCommand(let known):
            let own = known.isEmpty ? "it has none of its own" : "its own are \(known.joined(separator: ", "))"
            return "unknown command \"\(verb)\": the commands are \(Self.commonNames); \(own)"
        }
    }
}

extension CommandRefusal: Encodable {
    private enum Key: String, CodingKey { case command, reason, text }

    /// `{"command":{"command":"skip"},"reason":"noGame","text":"nothing to skip: ..."}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(command, forKey: .command)
        try container.encode(reason.name, forKey: .reason)
        try container.encode(description, forKey: .text)
    }
}
