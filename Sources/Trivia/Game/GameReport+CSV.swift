import Vocabulary

extension GameReport {
    /// The report as a table LibreOffice and Excel open (docs/TRIVIA.md, "Results to take home"):
    /// UTF-8 with a byte-order mark, CR LF line ends, a field quoted when it holds a comma, a quote
    /// or a line end. A CSV is one sheet, so it holds two tables (three in team mode), each with its header row, a
    /// blank row between:
    ///
    /// - a row per player: rank, name, points, right answers, then for each question the answer
    ///   given with its letter (`B: Mars`; `(aloud)` in buzzer mode), `right`, `wrong`, `no
    ///   answer` or `not playing`, and the milliseconds from the question to the press;
    /// - a row per question: its number and text, the right answers, how many got it right of
    ///   how many could and the percentage, then each answer with how many chose it;
    /// - in team mode, a row per team: its rank, name, mean points (one decimal) and members.
    ///
    /// Times are whole milliseconds, read as numbers whatever the spreadsheet's language (a
    /// decimal point is a date or a thousands separator in some). Text a spreadsheet would take
    /// for a formula (a player named `=HYPERLINK(…)`) starts with `'`: it stays text.
    public func csv() -> [UInt8] {
        var rows = playerRows()
        rows.append([])
        rows += questionRows()
        rows += teamRows
        var text = ""
        for row in rows {
            text += row.map(QuestionBank.csvField).joined(separator: ",")
            text += "\r\n"
        }
        return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    }

    /// The players' table: its header, then a row each, best first.
    func playerRows() -> [[String]] {
        var header = ["rank", "name"]
        if teams != nil { header.append("team") }
        header += ["points", "right answers"]
        for question in questions {
            let number = "Q\(question.number)"
            header += [number + " answer", number + " right", number + " ms"]
        }
        var rows = [header]
        for line in players {
            var row = [String(line.rank), Self.cell(line.name)]
            if teams != nil { row.append(Self.cell(line.team ?? "")) }
            row += [String(line.points), String(rightAnswers(of: line.id))]
            for question in questions { row += Self.answerCells(line.id, question) }
            rows.append(row)
        }
        return rows
    }

    /// One player's answer to one question: the answer, right or wrong, the milliseconds.
    static func answerCells(_ player: PeerID, _ question: QuestionRecord) -> [String] {
        guard let given = question.given.first(where: { $0.player == player }) else {
            return ["", question.players.contains(player) ? "no answer" : "not playing", ""]
        }
        guard let choice = given.choice else { return ["(aloud)", given.right ? "right" : "wrong", ""] }
        return [cell(question.labelled(choice)), given.right ? "right" : "wrong", String(given.ms)]
    }

    /// The questions' table: its header, then a row each, in the order asked.
    func questionRows() -> [[String]] {
        let most = questions.map(\.answers.count).max() ?? 0
        var header = ["question", "text", "right answers", "got it right", "of", "% right"]
        for index in 0..<most {
            let letter = QuestionRecord.letter(index)
            header += ["answer " + letter, "chose " + letter]
        }
        var rows = [header]
        for question in questions {
            let share = question.rightShare
            let rights = question.correct.map { question.labelled($0) }.joined(separator: " / ")
            var row = [String(question.number), Self.cell(question.text), Self.cell(rights), String(share.right), String(share.of)]
            row.append(question.percentRight.map { String($0) } ?? "")
            let spread = question.spread
            for index in question.answers.indices {
                row.append(Self.cell(question.labelled(index)))
                row.append(mode == .buzzer ? "" : String(spread[index]))
            }
            rows.append(row)
        }
        return rows
    }

    /// `text` as a cell that stays text: one a spreadsheet would read as a formula (starting
    /// with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`; a plain number
    /// (`-5`, `+2.5`) is left as it is.
    static func cell(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), !isPlainNumber(text) else { return text }
        return "'" + text
    }

    /// `-5`, `+2.5`, `3,25`: a sign, digits, at most one decimal mark with digits after it.
    static func isPlainNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        let parts = scalars.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard (1...2).contains(parts.count) else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
    }

    /// Team mode: a blank row, the header, then one row per team, best first (none otherwise).
    private var teamRows: [[String]] {
        guard let teams else { return [] }
        var rows: [[String]] = [[], ["team rank", "team", "mean points", "members"]]
        for team in teams {
            let members: String = team.members.map(\.name).joined(separator: ", ")
            rows.append([String(team.rank), Self.cell(team.name), String(team.mean), Self.cell(members)])
        }
        return rows
    }
}
