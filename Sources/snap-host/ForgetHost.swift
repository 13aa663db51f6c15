import ArgumentParser
import FoundationEssentials
import GameRuntime
import SecureLink

/// `snap-host forget-host HOST:PORT`: forget the TLS key remembered for a host joined by
/// address, so that the next `join` trusts the key it shows then (after a host was reinstalled
/// or lost its state directory).
struct ForgetHost: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget-host",
        abstract: "Forget the TLS key remembered for HOST:PORT; the next join trusts the key it shows then.",
        discussion: "Exit status: 0 when a key was forgotten, 1 when none was remembered for HOST:PORT.")

    @Argument(help: "The host as `join` was given it: HOST:PORT or [IPv6]:PORT.")
    var endpoint: String

    func run() throws {
        guard let directory = StateDirectory.user(environment: ProcessInfo.processInfo.environment) else {
            throw ValidationError("no state directory (set HOME)")
        }
        let knownHosts = KnownHosts(path: directory + "/" + KnownHosts.name)
        let remembered = knownHosts.entry(for: endpoint)
        do {
            guard try knownHosts.forget(endpoint), let remembered else {
                Terminal.err("no key remembered for \(endpoint) in \(knownHosts.path)")
                throw ExitCode(1)
            }
            Terminal.out("forgot the key of \(endpoint) (SHA-256 \(remembered.fingerprint.hex), remembered since \(remembered.since))")
        } catch let error as KnownHostsError {
            throw ValidationError(error.description)
        }
    }
}
