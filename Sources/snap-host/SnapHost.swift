import GameRuntime
import ArgumentParser
import FoundationEssentials
import Glibc
import Logging
import NIOCore
import NIOPosix

/// `snap-host`: host a local multiplayer game, or join one.
@main
struct SnapHost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap-host",
        abstract: "Host a local multiplayer game on this machine, or join one on the LAN.",
        version: "\(snapHostVersion) (linux \(snapHostArchitecture))",
        subcommands: [Serve.self, Browse.self, Join.self, ForgetHost.self])

    /// Runs Swift Concurrency on NIO's event loops before anything else: a game task resumed by
    /// a channel read then runs on that channel's thread instead of waking another thread
    /// (about half the latency of a message round trip, docs/BENCHMARKS.md).
    @MainActor static func main() async {
        TerminationSignals.install()
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "serve", let path = ConfigFile.path(in: arguments) {
            do {
                arguments = try ConfigFile.expand(arguments, path: path)
            } catch {
                POSIX.write("snap-host: \(error)\n", to: STDERR_FILENO)
                Glibc.exit(78)  // EX_CONFIG
            }
        }
        arguments = GameArguments.separated(arguments)
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if let help = GameArguments.help(for: error) {
                print(help)
                Glibc.exit(0)
            }
            exit(withError: error)
        }
    }
}

/// Options every subcommand has.
struct CommonOptions: ParsableArguments {
    @Option(help: "Log level on stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    /// Sends swift-log output to stderr at the chosen level (beside the screen's status line,
    /// never on it).
    func bootstrapLogging() {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return BesideTheScreen(inner: handler)
        }
    }
}

/// A log handler whose lines make way for the terminal's status line (the countdown, the host's
/// keys): it is taken away before each line and drawn again after (``ScreenWriter/interrupt(_:)``).
struct BesideTheScreen: LogHandler {
    var inner: StreamLogHandler

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) { ScreenWriter.standard.interrupt { inner.log(event: event) } }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
