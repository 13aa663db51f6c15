import ArgumentParser
import FoundationEssentials
import GameRuntime
import Vocabulary

extension Serve {
    /// The game `--game` names, or a usage error listing the games.
    func registration() throws -> GameRegistration {
        guard let registration = GameRegistry.registration(for: GameName(rawValue: game)) else {
            throw ValidationError("--game \(game): the games are \(GameRegistry.list)")
        }
        return registration
    }

    /// The game's own options as given, checked by its declarations (another game's option is
    /// refused naming the game it needs).
    func gameValues(of registration: GameRegistration) throws -> GameOptionValues {
        do { return try registration.options(from: gameOptions, among: GameRegistry.games) } catch { throw ValidationError(error.description) }
    }

    /// The game ready to start, as its registration makes it from these options; a setup it
    /// refuses stops `serve` before it listens: a usage error (64), else the sentence on stderr
    /// and 65 (a file it cannot use) or 73 (a file it cannot write).
    func prepare(_ registration: GameRegistration) throws -> PreparedGame {
        let setup = GameSetup(
            capacity: maxPlayers, startRule: start.chosenStartRule, options: try gameValues(of: registration), replayDirectory: replayDir,
            stateDirectory: StateDirectory.host(given: stateDir, environment: ProcessInfo.processInfo.environment))
        do {
            return try registration.host(setup)
        } catch {
            switch error.cause {
            case .options: throw Self.usageError(error.description)
            case .input: Terminal.err("snap-host: \(error)"); throw ExitCode(65)
            case .output: Terminal.err("snap-host: \(error)"); throw ExitCode(73)
            }
        }
    }

    /// A usage error found when the game is set up, after ArgumentParser's checks: said as
    /// ArgumentParser says its own, with `serve`'s usage; exit 64.
    static func usageError(_ message: String) -> ExitCode {
        Terminal.err("Error: \(message)")
        Terminal.err("Usage: \(configuration.usage ?? "snap-host serve")")
        Terminal.err("  See 'snap-host serve --help' for more information.")
        return ExitCode(64)
    }
}
