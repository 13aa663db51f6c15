import Foundation
import Testing

@testable import Matchmaking

/// The Foundation-free trimming (String+Trimming.swift, issue 13) trims exactly what
/// `trimmingCharacters(in:)` trims, for every scalar of the Basic Multilingual Plane.
@Suite struct TrimmingTests {
    static let scalars: [Unicode.Scalar] = (0...0xFFFF).compactMap { Unicode.Scalar(UInt32($0)) }

    @Test func whitespaceAndNewlinesMatchesFoundation() {
        let differing = Self.scalars.filter { scalar in
            let text = "\(scalar)x\(scalar)"
            return text.trimmingWhitespaceAndNewlines() != text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(differing.isEmpty, "\(differing.map { String($0.value, radix: 16) })")
    }

    @Test func spacesAndTabsMatchesFoundation() {
        let differing = Self.scalars.filter { scalar in
            let text = "\(scalar)x\(scalar)"
            return text.trimmingSpacesAndTabs() != text.trimmingCharacters(in: .whitespaces)
        }
        #expect(differing.isEmpty, "\(differing.map { String($0.value, radix: 16) })")
    }

    @Test func edges() {
        #expect("".trimmingWhitespaceAndNewlines() == "")
        #expect(" \t\n ".trimmingWhitespaceAndNewlines() == "")
        #expect("  Ada Lovelace \r\n".trimmingWhitespaceAndNewlines() == "Ada Lovelace")
        #expect("\u{3000}名前\u{00A0}".trimmingWhitespaceAndNewlines() == "名前")
        #expect("Ada\n ".trimmingSpacesAndTabs() == "Ada\n")
        #expect("e\u{301} ".trimmingSpacesAndTabs() == "e\u{301}")
        #expect(" \u{301}x".trimmingWhitespaceAndNewlines() == "\u{301}x")
    }
}
