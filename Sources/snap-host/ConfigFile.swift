import GameRuntime
import ArgumentParser
import FoundationEssentials
import Matchmaking

/// `serve --config FILE`: a JSON object whose keys are `serve`'s long option names (a game's own
/// options included, as its registration declares them) and whose values are their values
/// (`true` for a flag), e.g.
/// `{"name": "Kitchen Pi", "game": "trivia", "max-players": 12, "no-bluetooth": true}`.
///
/// The file's settings become options placed before the command line's own, so a flag given on
/// the command line overrides the file (the last value of an option wins). Every key is checked
/// on its own, so an error names the file, the key and the problem. Reference: docs/PI.md.
enum ConfigFile {
    /// Why a config file was refused.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    /// The `--config` path among `serve`'s arguments, if any.
    static func path(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--config", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--config=") { return String(argument.dropFirst("--config=".count)) }
        }
        return nil
    }

    /// `serve`'s arguments with the file's settings inserted in front of the command line's.
    static func expand(_ arguments: [String], path: String) throws(Invalid) -> [String] {
        guard arguments.first == "serve" else { return arguments }
        return ["serve"] + (try options(fromFile: path, commandLineGame: game(in: arguments))) + arguments.dropFirst()
    }

    /// The last `--game` among `arguments`, if any.
    static func game(in arguments: [String]) -> String? {
        var game: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--game", index + 1 < arguments.count { game = arguments[index + 1] }
            if argument.hasPrefix("--game=") { game = String(argument.dropFirst("--game=".count)) }
        }
        return game
    }

    /// The file's settings as `serve` options, each checked on its own: a game's option by the
    /// game that runs (`commandLineGame`, else the file's `game`, else the lobby), so another
    /// game's is refused naming the file and the key; any other by `serve`'s own parser.
    static func options(fromFile path: String, commandLineGame: String? = nil) throws(Invalid) -> [String] {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw Invalid(description: "config \(path): cannot be read (\(POSIX.describe(error)))")
        }
        let object: [String: JSONValue]
        do {
            guard case .object(let parsed) = try JSONDecoder().decode(JSONValue.self, from: data) else {
                throw Invalid(description: "config \(path): must be one JSON object of option names and values")
            }
            object = parsed
        } catch let invalid as Invalid {
            throw invalid
        } catch {
            throw Invalid(description: "config \(path): not valid JSON")
        }
        var game = commandLineGame ?? GameName.lobby.rawValue
        if commandLineGame == nil, case .string(let name) = object["game"] { game = name }
        var options: [String] = []
        for key in object.keys.sorted() {
            let option = try Self.option(key: key, value: object[key]!, path: path)
            do {
                try check(option, key: key, game: GameName(rawValue: game))
            } catch {
                let message = (error as? GameOptionError)?.description ?? Serve.message(for: error).replacing("\n", with: " ")
                throw Invalid(description: "config \(path): key \"\(key)\": \(message)")
            }
            options += option
        }
        return options
    }

    /// Checks one key's `option`: a game's option by `game` (by the first game that declares it
    /// when `game` is none: `game`'s own key says so), any other as one of `serve`'s own.
    private static func check(_ option: [String], key: String, game: GameName) throws {
        guard let declaring = GameRegistry.games.first(where: { $0.options.contains { $0.name == key } }) else {
            _ = try Serve.parse(option)
            return
        }
        _ = try (GameRegistry.registration(for: game) ?? declaring).options(from: option, among: GameRegistry.games)
    }

    private static func option(key: String, value: JSONValue, path: String) throws(Invalid) -> [String] {
        guard key != "config", !key.hasPrefix("-"), !key.isEmpty else {
            throw Invalid(description: "config \(path): key \"\(key)\" is not a serve option (use the long name without dashes, e.g. \"max-players\")")
        }
        switch value {
        case .bool(let flag):
            return flag ? ["--\(key)"] : []
        case .integer(let number):
            return ["--\(key)", String(number)]
        case .number(let number):
            return ["--\(key)", String(number)]
        case .string(let text):
            return ["--\(key)", text]
        case .null, .array, .object:
            throw Invalid(description: "config \(path): key \"\(key)\": expected a string, a number or true/false")
        }
    }
}
