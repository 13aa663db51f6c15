/// Sizes in words, the one way snap-host says them (the quiz library's limits, the web port's
/// body limit): `812 bytes`, `3.5 kB`, `51.2 MB` (decimal units, as the limits are given:
/// 1 MB is 1,000,000 bytes; one decimal, none when whole).
public enum ByteCount {
    /// `bytes` in the largest unit it reaches. `roundingUp` rounds the last decimal up, so that a
    /// size over a limit never reads as the limit itself.
    public static func text(_ bytes: Int, roundingUp: Bool = false) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let (unit, name) = bytes < 1_000_000 ? (1000, "kB") : (1_000_000, "MB")
        let tenth = unit / 10
        let tenths = roundingUp ? (bytes + tenth - 1) / tenth : (bytes + tenth / 2) / tenth
        return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " " + name
    }
}
