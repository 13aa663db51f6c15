import GameRuntime

/// The games' own options in `serve --help` and `join --help`, drawn from their declarations:
/// one section per game that has any, laid out as ArgumentParser lays out its own.
enum GameOptionsHelp {
    /// The width of the label column (ArgumentParser's).
    static let labelWidth = 26

    /// `serve`'s game sections: each game's ``GameRegistration/options`` under
    /// `TRIVIA (WITH --GAME TRIVIA):`.
    static func serve(_ games: [GameRegistration], columns: Int) -> String {
        sections(games.map { ("\($0.title) (with --game \($0.name))", $0.options) }, columns: columns)
    }

    /// `join`'s game sections: each game's ``GameRegistration/playOptions`` under
    /// `SNAP! (WHEN THE HOST RUNS SNAP):`.
    static func join(_ games: [GameRegistration], columns: Int) -> String {
        sections(games.map { ("\($0.title) (when the host runs \($0.name))", $0.playOptions) }, columns: columns)
    }

    /// The sections with options, each a title and a line per option, a blank line between.
    static func sections(_ sections: [(title: String, options: [GameOption])], columns: Int) -> String {
        sections.filter { !$0.options.isEmpty }.map { section in
            section.title.uppercased() + ":\n" + section.options.map { element($0, columns: columns) }.joined()
        }.joined(separator: "\n")
    }

    /// One option: its synopsis, then its help from the label column on, wrapped to `columns`.
    static func element(_ option: GameOption, columns: Int) -> String {
        var help = option.help
        if case .choice(let words) = option.kind { help += " (values: \(words.joined(separator: ", ")))" }
        let label = "  " + option.synopsis
        let lines = wrap(help, width: max(columns - labelWidth - 1, 20))
        let indent = String(repeating: " ", count: labelWidth)
        guard label.count < labelWidth else { return label + "\n" + lines.map { indent + $0 + "\n" }.joined() }
        let first = label + String(repeating: " ", count: labelWidth - label.count) + (lines.first ?? "")
        return ([first] + lines.dropFirst().map { indent + $0 }).map { $0 + "\n" }.joined()
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
