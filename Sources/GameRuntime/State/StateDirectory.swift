/// Where snap-host keeps what outlives a run; the one owner of the rules.
///
/// - The **host's** directory (its TLS key, the Bluetooth players it must forget): `serve
///   --state-dir`, else systemd's `$STATE_DIRECTORY` (the service's StateDirectory, its first
///   entry), else `$XDG_STATE_HOME/snap-host`, else `~/.local/state/snap-host`.
/// - The **user's** directory (`join`'s resume tokens and the host keys it trusts):
///   `$XDG_STATE_HOME/snap-host`, else `~/.local/state/snap-host`.
///
/// Relative paths in the environment are not used; nil when no rule gives a directory.
public enum StateDirectory {
    /// The host's state directory.
    public static func host(given: String? = nil, environment: [String: String]) -> String? {
        if let given { return given }
        if let directory = environment["STATE_DIRECTORY"]?.split(separator: ":").first, directory.hasPrefix("/") {
            return String(directory)
        }
        return user(environment: environment)
    }

    /// The user's state directory.
    public static func user(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/snap-host" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/snap-host"
    }
}
