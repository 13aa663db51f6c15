import ArgumentParser
import FoundationEssentials
import GameRuntime
import Glibc

/// Where the games' own options meet ArgumentParser, which knows only snap-host's: `serve`'s
/// and `join`'s command lines hand the options the games declare over to the games' parser, and
/// their help lists them under each game.
enum GameArguments {
    /// The command line with the games' options of `serve` (or `join`) moved after a lone `--`,
    /// where the command takes them as its `gameOptions`; snap-host's own options stay for
    /// ArgumentParser (which names an unknown one, with a suggestion). Other commands unchanged.
    static func separated(_ arguments: [String]) -> [String] {
        let declared: [GameOption]
        switch arguments.first {
        case "serve": declared = GameRegistry.serveOptions
        case "join": declared = GameRegistry.playOptions
        default: return arguments
        }
        let (own, game) = GameOptionParser.split(Array(arguments.dropFirst()), declared: declared)
        return [arguments[0]] + own + (game.isEmpty ? [] : ["--"] + game)
    }

    /// The help `error` asks for, when it is `serve`'s or `join`'s (`--help`, `-h`, `help
    /// serve`): ArgumentParser's, then a section per game of the options it declares. Nil for
    /// any other error or help.
    static func help(for error: any Error) -> String? {
        guard SnapHost.exitCode(for: error) == .success else { return nil }
        let message = SnapHost.fullMessage(for: error)
        let columns = Self.columns
        if message == SnapHost.helpMessage(for: Serve.self) {
            return SnapHost.helpMessage(for: Serve.self, columns: columns) + "\n" + GameOptionsHelp.serve(GameRegistry.games, columns: columns)
        }
        if message == SnapHost.helpMessage(for: Join.self) {
            return SnapHost.helpMessage(for: Join.self, columns: columns) + "\n" + GameOptionsHelp.join(GameRegistry.games, columns: columns)
        }
        return nil
    }

    /// The width help is laid out to, as ArgumentParser finds it: `$COLUMNS`, else the terminal's,
    /// else 80.
    private static var columns: Int {
        if let given = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), given > 0 { return given }
        return POSIX.terminalColumns(STDOUT_FILENO) ?? 80
    }
}
