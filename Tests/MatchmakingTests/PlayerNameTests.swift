import Testing

@testable import Matchmaking

@Suite struct PlayerNameTests {
    @Test func limits() {
        #expect(PlayerName.maxCharacters == 32)
        #expect(PlayerName.maxBytes == 64)
    }

    @Test(arguments: [
        ("Ada", "Ada"),
        ("  Ada  ", "Ada"),
        ("\tAda\n", "Ada"),
        ("\u{00A0}Ada\u{3000}", "Ada"),
        ("Ada Lovelace", "Ada Lovelace"),
        ("  Jean  Luc ", "Jean  Luc"),
    ])
    func trimming(raw: String, expected: String) throws {
        #expect(try PlayerName.validate(raw) == expected)
    }

    @Test(arguments: ["", " ", "   ", "\t\n", "\r\n", "\u{00A0}\u{2003}"])
    func emptyOrWhiteSpaceOnly(raw: String) {
        #expect(throws: PlayerName.Problem.empty) { try PlayerName.validate(raw) }
    }

    @Test func thirtyTwoCharactersButNotThirtyThree() throws {
        let thirtyTwo = String(repeating: "a", count: 32)
        #expect(try PlayerName.validate(thirtyTwo) == thirtyTwo)
        #expect(throws: PlayerName.Problem.tooLong(characters: 33, bytes: 33)) {
            try PlayerName.validate(String(repeating: "a", count: 33))
        }
    }

    @Test func limitsApplyAfterTrimming() throws {
        let padded = "   " + String(repeating: "b", count: 32) + "   "
        #expect(try PlayerName.validate(padded) == String(repeating: "b", count: 32))
    }

    @Test func sixtyFourBytesWithMultiByteCharacters() throws {
        // 32 two-byte characters: 32 characters, 64 bytes: allowed.
        let twoByte = String(repeating: "é", count: 32)
        #expect(twoByte.utf8.count == 64)
        #expect(try PlayerName.validate(twoByte) == twoByte)
        // 21 three-byte characters are 63 bytes; 22 are 66 bytes though only 22 characters.
        let euros21 = String(repeating: "€", count: 21)
        #expect(try PlayerName.validate(euros21) == euros21)
        #expect(throws: PlayerName.Problem.tooLong(characters: 22, bytes: 66)) {
            try PlayerName.validate(String(repeating: "€", count: 22))
        }
        // 16 four-byte emoji: 64 bytes; 17: 68.
        let cats16 = String(repeating: "🐈", count: 16)
        #expect(try PlayerName.validate(cats16) == cats16)
        #expect(throws: PlayerName.Problem.tooLong(characters: 17, bytes: 68)) {
            try PlayerName.validate(String(repeating: "🐈", count: 17))
        }
        // 32 characters, but 10 + 66 bytes.
        #expect(throws: PlayerName.Problem.tooLong(characters: 32, bytes: 76)) {
            try PlayerName.validate(String(repeating: "a", count: 10) + String(repeating: "€", count: 22))
        }
    }

    @Test func charactersAreGraphemeClusters() throws {
        // "é" as e + combining acute: 1 character, 3 bytes.
        let decomposed = String(repeating: "e\u{301}", count: 21)
        #expect(decomposed.count == 21)
        #expect(try PlayerName.validate(decomposed) == decomposed)
        #expect(throws: PlayerName.Problem.tooLong(characters: 22, bytes: 66)) {
            try PlayerName.validate(String(repeating: "e\u{301}", count: 22))
        }
    }

    @Test(arguments: [
        "a\u{0}b",  // NUL
        "a\u{7}b",  // bell
        "a\nb",  // line feed inside the name
        "a\rb",
        "a\tb",
        "a\u{1B}[31mb",  // ANSI escape
        "a\u{7F}b",  // DEL
        "a\u{85}b",  // NEL
        "a\u{200B}b",  // zero-width space (format)
        "a\u{202E}b",  // right-to-left override (format)
        "a\u{FEFF}b",  // BOM (format)
        "a\u{2028}b",  // line separator
        "a\u{2029}b",  // paragraph separator
        "a\u{E000}b",  // private use
        "a\u{10FFFD}b",  // private use, plane 16
        "a\u{0378}b",  // unassigned
    ])
    func controlAndFormatCharactersAreRefused(raw: String) {
        #expect(throws: PlayerName.Problem.controlCharacters) { try PlayerName.validate(raw) }
    }

    @Test func replacementCharacterIsRefused() {
        #expect(throws: PlayerName.Problem.controlCharacters) { try PlayerName.validate("Ada\u{FFFD}") }
        #expect(throws: PlayerName.Problem.controlCharacters) { try PlayerName.validate(String(decoding: [0x41, 0xFF, 0x42], as: UTF8.self)) }
    }

    @Test(arguments: ["👩‍💻", "Ada 👩‍👩‍👧‍👦", "🏳️‍🌈 Pride", "❤️", "🇫🇷 Zoë", "Ĳsbrand", "李小龍", "محمد", "Ω-3"])
    func printableNamesAreAccepted(raw: String) throws {
        #expect(try PlayerName.validate(raw) == raw)
    }

    @Test func emojiWithZeroWidthJoinerCountsAsOneCharacter() throws {
        let coder = "👩‍💻"
        #expect(coder.unicodeScalars.contains("\u{200D}"))
        #expect(try PlayerName.validate(coder) == coder)
        // 32 of them are 32 characters but 352 bytes.
        #expect(throws: PlayerName.Problem.tooLong(characters: 32, bytes: 352)) {
            try PlayerName.validate(String(repeating: coder, count: 32))
        }
    }

    @Test func lengthIsCheckedBeforeCharacters() {
        #expect(throws: PlayerName.Problem.tooLong(characters: 40, bytes: 40)) {
            try PlayerName.validate(String(repeating: "\u{7}", count: 40))
        }
    }

    @Test func uniquenessKeyIgnoresCase() {
        #expect(PlayerName.uniquenessKey("Ada") == PlayerName.uniquenessKey("aDA"))
        #expect(PlayerName.uniquenessKey("ÉMILE") == PlayerName.uniquenessKey("émile"))
        #expect(PlayerName.uniquenessKey("Ada") != PlayerName.uniquenessKey("Adam"))
    }

    @Test func problemDescriptions() {
        #expect(PlayerName.Problem.empty.description == "player name: must not be empty (1-32 characters)")
        #expect(
            PlayerName.Problem.tooLong(characters: 33, bytes: 40).description
                == "player name: 33 characters / 40 bytes, the limit is 32 characters and 64 bytes")
        #expect(PlayerName.Problem.controlCharacters.description == "player name: must not contain control characters")
    }
}
