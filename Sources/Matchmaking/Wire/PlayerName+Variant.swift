extension PlayerName {
    /// A free variant of a taken `name`: `Alice 2`, `Alice 3`, ... (`Alice 2` taken: `Alice 3`),
    /// the first that `isTaken` does not report, shortened where the number would break the
    /// length limits (the number is kept, the name gives way). Among `inUse + 1` numbers one is
    /// free, so there is always an answer. Pure.
    static func freeVariant(of name: String, inUse: Int, isTaken: (String) -> Bool) -> String {
        let (base, first) = numbered(name)
        for number in first...(first + inUse) {
            let candidate = fitted(base, suffix: " \(number)")
            if !isTaken(candidate) { return candidate }
        }
        return fitted(base, suffix: " \(first + inUse + 1)")  // not reached: one of the above is free
    }

    /// The host's suggestion for a taken name, with the names in use as the host keeps them
    /// (by ``uniquenessKey(_:)``).
    static func freeVariant<Seat>(of name: String, among names: [String: Seat]) -> String {
        freeVariant(of: name, inUse: names.count) { names[uniquenessKey($0)] != nil }
    }

    /// `Alice 7` → (`Alice`, 8); `Alice` → (`Alice`, 2).
    private static func numbered(_ name: String) -> (base: String, first: Int) {
        if let match = name.wholeMatch(of: /(.*\S) ([0-9]{1,6})/), let number = Int(match.2) {
            return (String(match.1), number + 1)
        }
        return (name, 2)
    }

    /// `base` and `suffix`, the base cut (whole characters, then trailing white space) until both
    /// fit in ``maxCharacters`` and ``maxBytes``.
    private static func fitted(_ base: String, suffix: String) -> String {
        var base = Substring(base)
        while !base.isEmpty, base.count + suffix.count > maxCharacters || base.utf8.count + suffix.utf8.count > maxBytes {
            base = base.dropLast()
        }
        let trimmed = base.trimmingWhitespaceAndNewlines()
        return (trimmed.isEmpty ? "Player" : trimmed) + suffix
    }
}
