import Foundation

@testable import Trivia

/// Parses bank text the way `serve --questions` does, for the bank tests.
enum Bank {
    static func parse(_ text: String, source: String) throws(QuestionBankError) -> QuestionBank {
        try QuestionBank.parse(Data(text.utf8), source: source)
    }

    static func parse(bytes: [UInt8], source: String) throws(QuestionBankError) -> QuestionBank {
        try QuestionBank.parse(Data(bytes), source: source)
    }

    /// The error parsing `text` gives; nil if it parses.
    static func problem(_ text: String, source: String) -> QuestionBankError? {
        problem(bytes: Array(text.utf8), source: source)
    }

    static func problem(bytes: [UInt8], source: String) -> QuestionBankError? {
        do {
            _ = try parse(bytes: bytes, source: source)
            return nil
        } catch {
            return error
        }
    }

    /// `line:column` of an error, or "none".
    static func at(_ error: QuestionBankError?) -> String {
        error?.position.map(\.description) ?? "none"
    }
}
