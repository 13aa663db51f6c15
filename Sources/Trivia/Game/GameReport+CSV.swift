extension GameReport {
    /// The report as a table LibreOffice and Excel open (UTF-8 with a byte-order mark, CR LF):
    /// one row per player (rank, name, in team mode its team, points, then for each question the
    /// answer given, right or wrong, and the seconds taken), a blank row, then one row per
    /// question (its text, the right answers, how many got it right of how many, and how many
    /// chose each answer); in team mode then a blank row and one row per team (its rank, name,
    /// mean points and members).
    public func csv() -> [UInt8] {
        var rows: [[String]] = []
        var header = ["rank", "name"]
        if teams != nil { header.append("team") }
        header.append("points")
        for question in questions { header += ["Q\(question.number) answer", "Q\(question.number) right", "Q\(question.number) seconds"] }
        rows.append(header)
        for line in players {
            var row = [String(line.rank), line.name]
            if teams != nil { row.append(line.team ?? "") }
            row.append(String(line.points))
            for question in questions {
                guard let given = question.given.first(where: { $0.player == line.id }) else {
                    row += ["", question.players.contains(line.id) ? "no answer" : "not playing", ""]
                    continue
                }
                let answer = given.choice.map { question.answers.indices.contains($0) ? question.answers[$0] : "?" } ?? "(aloud)"
                row += [answer, given.right ? "right" : "wrong", String(Double(given.ms / 100) / 10)]
            }
            rows.append(row)
        }
        rows.append([])
        let most = questions.map(\.answers.count).max() ?? 0
        let chose: [String] = (0..<most).map { "chose answer \($0 + 1)" }
        rows.append(["question", "text", "right answers", "got it right", "of"] + chose)
        for question in questions {
            let share = question.rightShare
            let rights: String = question.correct.map { question.answers[$0] }.joined(separator: " / ")
            var row: [String] = ["\(question.number)", question.text, rights, "\(share.right)", "\(share.of)"]
            row += question.spread.map { String($0) }
            rows.append(row)
        }
        rows += teamRows
        let text = rows.map { $0.map(QuestionBank.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    }

    /// Team mode: a blank row, the header, then one row per team, best first (none otherwise).
    private var teamRows: [[String]] {
        guard let teams else { return [] }
        var rows: [[String]] = [[], ["team rank", "team", "mean points", "members"]]
        for team in teams {
            let members: String = team.members.map(\.name).joined(separator: ", ")
            rows.append([String(team.rank), team.name, String(team.mean), members])
        }
        return rows
    }
}
