import Glibc

/// Line output that reaches a pipe at once (stdout is block-buffered when it is not a terminal).
public enum Terminal {
    /// One line on stdout.
    public static func out(_ line: String) { POSIX.write(line + "\n", to: STDOUT_FILENO) }
    /// One line on stderr.
    public static func err(_ line: String) { POSIX.write(line + "\n", to: STDERR_FILENO) }
}
