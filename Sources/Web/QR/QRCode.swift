import CQRencode

#if canImport(Glibc)
import Glibc
#endif

/// A QR code: a square of dark and light modules, made by libqrencode (error correction level M,
/// the whole text in 8-bit mode), drawn as SVG for the TV page and as Unicode half blocks for a
/// terminal.
public struct QRCode: Sendable, Hashable {
    /// Modules per side.
    public let width: Int
    /// Row-major, `true` = dark.
    public let modules: [Bool]

    /// What can go wrong making a code.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Encodes `text` (a URL: at most a few hundred bytes).
    public init(_ text: String) throws(Failure) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw Failure(description: "cannot make a QR code of \(text.utf8.count) bytes (errno \(errno))")
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        self.width = width
        self.modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module at `row`, `column` is dark; outside the code (the quiet zone), light.
    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<width).contains(row), (0..<width).contains(column) else { return false }
        return modules[row * width + column]
    }

    /// An SVG image: one path of unit squares, a 4-module quiet zone, black on white, crisp edges.
    public func svg() -> String {
        let size = width + 8
        var path = ""
        for row in 0..<width {
            var column = 0
            while column < width {
                guard isDark(row: row, column: column) else { column += 1; continue }
                var run = 1
                while isDark(row: row, column: column + run) { run += 1 }
                path += "M\(column + 4) \(row + 4)h\(run)v1h-\(run)z"
                column += run
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" shape-rendering="crispEdges">\
            <rect width="\(size)" height="\(size)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }

    /// Lines of Unicode half blocks, two module rows per line, dark modules as the terminal's
    /// background: light is drawn (`█`, `▀`, `▄`), so the code reads on a dark terminal; with a
    /// 2-module quiet zone.
    public func halfBlocks() -> [String] {
        var lines: [String] = []
        for top in stride(from: -2, to: width + 2, by: 2) {
            var line = ""
            for column in -2..<(width + 2) {
                let upper = !isDark(row: top, column: column)
                let lower = !isDark(row: top + 1, column: column)
                line += upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
            }
            lines.append(line)
        }
        return lines
    }
}
