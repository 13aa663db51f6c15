/// Player name rules: after trimming white space, 1-32 characters and at most 64 bytes of UTF-8,
/// no control characters. Names are compared case-insensitively for uniqueness.
public enum PlayerName {
    /// The most characters (grapheme clusters) a name may have.
    public static let maxCharacters = 32
    /// The most UTF-8 bytes a name may have.
    public static let maxBytes = 64

    /// What is wrong with a name.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Empty, or only white space.
        case empty
        /// More than 32 characters or 64 bytes.
        case tooLong(characters: Int, bytes: Int)
        /// Contains a control or format character.
        case controlCharacters

        public var description: String {
            switch self {
            case .empty: "player name: must not be empty (1-32 characters)"
            case .tooLong(let characters, let bytes):
                "player name: \(characters) characters / \(bytes) bytes, the limit is \(maxCharacters) characters and \(maxBytes) bytes"
            case .controlCharacters: "player name: must not contain control characters"
            }
        }
    }

    /// Returns the trimmed name, or throws the problem.
    public static func validate(_ raw: String) throws(Problem) -> String {
        let name = raw.trimmingWhitespaceAndNewlines()
        guard !name.isEmpty else { throw .empty }
        guard name.count <= maxCharacters, name.utf8.count <= maxBytes else {
            throw .tooLong(characters: name.count, bytes: name.utf8.count)
        }
        guard !name.unicodeScalars.contains(where: isForbidden) else { throw .controlCharacters }
        return name
    }

    /// The key names are compared by.
    public static func uniquenessKey(_ name: String) -> String { name.lowercased() }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format: scalar != "\u{200D}"  // zero-width joiner builds emoji such as 👩‍💻
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
        default: scalar == "\u{FFFD}"  // a replacement character means the sender's UTF-8 was broken
        }
    }
}

import FoundationEssentials
