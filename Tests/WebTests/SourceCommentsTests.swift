import Testing

@testable import Web

/// The comments a module or a stylesheet is served without (``SourceComments``): only comments
/// go, never what looks like one inside a string, a template literal or a regular expression; a
/// file the scanner cannot follow is served whole. The pages in real browsers (Tests/system) run
/// what is served.
@Suite struct SourceCommentsTests {
    static func script(_ text: String) -> String { String(decoding: SourceComments.stripped(Array(text.utf8), .script), as: UTF8.self) }

    @Test(arguments: [
        ("/* a */ const x = 1; // b\nlet y = 2;", "  const x = 1; \nlet y = 2;"),
        ("f(a,\n  /* two\n lines */ b)", "f(a,\n  \n b)"),
        ("const s = \"/* not */ // a comment\", t = '/*';", "const s = \"/* not */ // a comment\", t = '/*';"),
        ("const q = \"say \\\"/*\\\"\";/*x*/", "const q = \"say \\\"/*\\\"\"; "),
        ("u.replace(/^https?:\\/\\//, \"\").replace(/\\/?#.*$|\\/$/, \"\"); /* c */", "u.replace(/^https?:\\/\\//, \"\").replace(/\\/?#.*$|\\/$/, \"\");  "),
        ("if (!/[/*]/.test(s)) return /a\\/b/g; /* c */", "if (!/[/*]/.test(s)) return /a\\/b/g;  "),
        ("const half = a / b / 2; /* c */ x = (y) / z;", "const half = a / b / 2;   x = (y) / z;"),
        ("const t = `a /* b */ ${ {k: \"}\"}.k + `/* ${1} */` } c`; /* d */", "const t = `a /* b */ ${ {k: \"}\"}.k + `/* ${1} */` } c`;  "),
        ("const within = items.length/2, o = {a: 1}/* e */;", "const within = items.length/2, o = {a: 1} ;"),
        ("é = \"ü\"; /* ß */ ∑", "é = \"ü\";   ∑"),
    ])
    func onlyCommentsGo(_ source: String, _ served: String) {
        #expect(Self.script(source) == served)
    }

    @Test(arguments: ["const s = \"open /* never closed", "/* never closed", "x = /re\n/", "const t = `no end ${a}", "s = 'line\nbreak'"])
    func aFileTheScannerCannotFollowIsServedWhole(_ source: String) {
        #expect(Self.script(source) == source)
    }

    @Test func aStylesheetKeepsItsStringsAndUrls() {
        let css = ".a { content: \"/* x */\"; } /* note */\n.b { background: url(//x/y.png); }"
        #expect(String(decoding: SourceComments.stripped(Array(css.utf8), .stylesheet), as: UTF8.self)
            == ".a { content: \"/* x */\"; }  \n.b { background: url(//x/y.png); }")
    }

    @Test func everyPageModuleAndStylesheetIsServedWithoutItsComments() throws {
        var checked = 0
        for path in SiteTests.trivia.entries.keys where path.hasSuffix(".mjs") || path.hasSuffix(".css") {
            let served = String(decoding: try #require(SiteTests.trivia.entries[path]).file.plain.bytes, as: UTF8.self)
            #expect(served.firstRange(of: "/*") == nil, "\(path) still has a comment")
            checked += 1
        }
        #expect(checked >= 10)
    }
}
