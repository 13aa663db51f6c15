/// The court as text, for a terminal: the score line, then the court in a frame of `columns` ×
/// `rows` cells (the paddles `#`, the ball `o`, the net `:`). Pure.
public enum CourtPicture {
    /// Cells across the court.
    public static let columns = 60
    /// Cells down the court.
    public static let rows = 20

    /// The picture's lines: the header (score, then the serve's countdown or `paused`), the frame.
    public static func lines(_ court: CourtState, roles: Roles?, paused: Bool = false) -> [String] {
        var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        for row in stride(from: 0, to: rows, by: 2) { grid[row][columns / 2] = ":" }
        func column(_ x: Double) -> Int { min(max(Int(x / Court.width * Double(columns)), 0), columns - 1) }
        func row(_ y: Double) -> Int { min(max(Int(y / Court.height * Double(rows)), 0), rows - 1) }
        let half = Court.paddleHeight / 2
        for side in Side.allCases {
            let centre = court.paddles[side]
            let x = side == .left ? column(Court.face(.left)) - 1 : column(Court.face(.right)) + 1
            for cell in row(centre - half)...row(centre + half - 0.001) { grid[cell][min(max(x, 0), columns - 1)] = "#" }
        }
        if court.serveInMs == nil || court.tick % 30 < 20 { grid[row(court.ball.y)][column(court.ball.x)] = "o" }
        let score = roles.map { PongText.score(court.score, $0) } ?? court.score.text
        let state = paused ? "   paused" : court.serveInMs.map { "   serve in \(($0 + 99) / 100 * 100) ms" } ?? ""
        let border = "+" + String(repeating: "-", count: columns) + "+"
        return [score + state, border] + grid.map { "|" + String($0) + "|" } + [border]
    }
}
