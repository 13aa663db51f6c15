import Foundation

/// Line output that reaches a pipe at once (stdout is block-buffered when it is not a terminal).
public enum Terminal {
    /// One line on stdout.
    public static func out(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    /// One line on stderr.
    public static func err(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
