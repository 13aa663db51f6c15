/// `trimmingCharacters(in:)` without full Foundation (its `CharacterSet` is not in
/// FoundationEssentials; see docs/BENCHMARKS.md, "Static binary"). Trims Unicode scalars, as
/// Foundation does.
extension StringProtocol {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`: Unicode's White_Space (space
    /// separators, line and paragraph separators, U+0009-U+000D, U+0085) and, as Foundation,
    /// U+200B ZERO WIDTH SPACE.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { $0.properties.isWhitespace || $0 == "\u{200B}" }
    }

    /// `trimmingCharacters(in: .whitespaces)`: space separators (Unicode Zs), tab and, as
    /// Foundation, U+200B ZERO WIDTH SPACE.
    package func trimmingSpacesAndTabs() -> String {
        trimmingScalars { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Removes the scalars for which `trimmed` is true from both ends.
    package func trimmingScalars(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }), let last = scalars.lastIndex(where: { !trimmed($0) })
        else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
