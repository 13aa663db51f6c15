import GameRuntime
import ArgumentParser
import FoundationEssentials
import Matchmaking

/// `serve --config FILE`: a JSON object whose keys are `serve`'s long option names and whose
/// values are their values (`true` for a flag), e.g.
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
        return ["serve"] + (try options(fromFile: path)) + arguments.dropFirst()
    }

    /// The file's settings as `serve` options, each checked by `serve`'s own parser.
    static func options(fromFile path: String) throws(Invalid) -> [String] {
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
        // Each key is checked on its own, in the context of a game it can belong to (a game's own
        // options are refused without it); an error is reported as the file's own game sees it.
        var games = ["trivia", "snap", "pong", "lobby"]
        if case .string(let game) = object["game"] { games.removeAll { $0 == game }; games.insert(game, at: 0) }
        var options: [String] = []
        for key in object.keys.sorted() {
            let option = try Self.option(key: key, value: object[key]!, path: path)
            var firstError: (any Error)?
            for game in key == "game" ? [""] : games {
                do {
                    _ = try Serve.parse(game.isEmpty ? option : ["--game", game] + option)
                    firstError = nil
                    break
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
            if let firstError {
                let message = Serve.message(for: firstError).replacing("\n", with: " ")
                throw Invalid(description: "config \(path): key \"\(key)\": \(message)")
            }
            options += option
        }
        return options
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
