import Glibc

/// Line output that reaches a pipe at once (stdout is block-buffered when it is not a terminal),
/// and on a terminal never lands on the status line (``ScreenWriter/standard``).
public enum Terminal {
    /// One line on stdout.
    public static func out(_ line: String) { ScreenWriter.standard.line(line) }
    /// One line on stderr.
    public static func err(_ line: String) { ScreenWriter.standard.interrupt { POSIX.write(line + "\n", to: STDERR_FILENO) } }
}
