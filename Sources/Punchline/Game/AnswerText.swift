import Vocabulary

/// The rules of a typed answer, as a pure function: Unicode-normalized (NFC, so the same text
/// typed on two keyboards is the same answer), trimmed, at most ``maxCharacters`` characters
/// and ``maxBytes`` bytes, and free of control characters (line breaks, tabs, escapes) and of
/// invisible formatting that could reorder or hide text (bidi overrides); emoji sequences stay.
public enum AnswerText {
    /// The most characters (what a person counts: grapheme clusters) an answer may have.
    public static let maxCharacters = 80
    /// The most bytes (UTF-8) an answer may have: a bound on a character made of many marks.
    public static let maxBytes = 320

    /// The answer as kept and shown, or why it is refused.
    public static func check(_ typed: String) -> Result<String, PunchlineRefusal> {
        let normalized = String(decoding: typed._nfcCodeUnits, as: UTF8.self)
        let text = normalized.trimmingWhitespaceAndNewlines()
        if text.unicodeScalars.contains(where: isForbidden) { return .failure(.controlCharacters) }
        if text.isEmpty { return .failure(.empty) }
        if text.count > maxCharacters || text.utf8.count > maxBytes { return .failure(.tooLong) }
        return .success(text)
    }

    /// A control character (Cc), or a format character (Cf) other than the joiners emoji need.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: true
        case .format: scalar != "\u{200D}" && scalar != "\u{200C}"
        default: false
        }
    }

    /// What a person reads when `reason` refused an answer or a vote: what was wrong and what is allowed.
    public static func sentence(_ reason: PunchlineRefusal) -> String {
        switch reason {
        case .malformed: "not a Punchline message: send {\"kind\":\"answer\",\"round\":N,\"text\":\"…\"} or {\"kind\":\"vote\",\"round\":N,\"letter\":\"A\"}"
        case .noGame: "no game is under way: wait for the next one"
        case .notNow: "not now: answers while writing, votes while voting"
        case .staleRound: "that was another round's"
        case .notWriting: "you watch this game: you may vote, not write"
        case .empty: "an answer needs some words"
        case .tooLong: "an answer is at most \(maxCharacters) characters"
        case .controlCharacters: "an answer is one line of text: no line breaks, tabs or control characters"
        case .noSuchAnswer: "no answer has that letter"
        case .ownAnswer: "vote for someone else's answer, not your own"
        case .paused: "the game is paused"
        }
    }
}
