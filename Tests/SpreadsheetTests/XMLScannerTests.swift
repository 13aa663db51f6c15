import Testing

@testable import Spreadsheet

/// The XML tokenizer: what it reads, and what it refuses (never expanding an entity).
@Suite struct XMLScannerTests {
    static func events(_ xml: String, maxDepth: Int = 64) throws(XMLError) -> [XMLEvent] {
        var scanner = XMLScanner(Array(xml.utf8), maxDepth: maxDepth)
        var events: [XMLEvent] = []
        while let event = try scanner.next() { events.append(event) }
        return events
    }

    static func error(_ xml: String, maxDepth: Int = 64) -> XMLError? { error(Array(xml.utf8), maxDepth: maxDepth) }

    static func error(_ bytes: [UInt8], maxDepth: Int = 64) -> XMLError? {
        var scanner = XMLScanner(bytes, maxDepth: maxDepth)
        do {
            while try scanner.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    static func start(_ name: String, _ attributes: [String: String] = [:]) -> XMLEvent {
        .start(XMLElement(name: name, attributes: attributes))
    }

    @Test func elementsAttributesAndTextInOrder() throws {
        let xml = "<?xml version=\"1.0\"?>\n<a x=\"1\" y='two'><b/>text<c z = \"3\" >more</c></a>\n"
        #expect(try Self.events(xml) == [
            Self.start("a", ["x": "1", "y": "two"]), Self.start("b"), .end("b"), .text("text"),
            Self.start("c", ["z": "3"]), .text("more"), .end("c"), .end("a"),
        ])
    }

    @Test func prefixesAreStrippedAndNamespaceDeclarationsAreNoAttributes() throws {
        let xml = "<x:c xmlns:x=\"urn:main\" xmlns=\"urn:other\" xmlns:r=\"urn:r\" r=\"A1\" r:id=\"rId1\"><x:v>1</x:v></x:c>"
        #expect(try Self.events(xml) == [Self.start("c", ["r": "A1", "id": "rId1"]), Self.start("v"), .text("1"), .end("v"), .end("c")])
    }

    @Test func thePredefinedEntitiesAndCharacterReferencesAreDecoded() throws {
        let xml = "<t a=\"&quot;x&quot; &amp; &#x41;\">&lt;b&gt; &amp; &apos;caf&#233;&apos; &#x1F600; &#65;</t>"
        #expect(try Self.events(xml) == [Self.start("t", ["a": "\"x\" & A"]), .text("<b> & 'café' 😀 A"), .end("t")])
    }

    @Test func cdataIsTextAsItIsAndCommentsAndProcessingInstructionsAreSkipped() throws {
        let xml = "<?xml version=\"1.0\"?><!-- a <comment> --><t><?pi data?>a<![CDATA[<b> &amp; ]]]>b<!-- x --></t>"
        #expect(try Self.events(xml) == [Self.start("t"), .text("a"), .text("<b> &amp; ]"), .text("b"), .end("t")])
    }

    @Test func lineEndsBecomeLineFeedsAndSpacesInAttributes() throws {
        let xml = "<t a=\"1\r\n2\t3\n4\">x\r\ny\rz</t>"
        #expect(try Self.events(xml) == [Self.start("t", ["a": "1 2 3 4"]), .text("x\ny\nz"), .end("t")])
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        var scanner = XMLScanner([0xEF, 0xBB, 0xBF] + Array("<a/>".utf8), maxDepth: 4)
        #expect(try scanner.next() == Self.start("a"))
    }

    @Test func aDoctypeIsRefusedBeforeAnyEntityIsRead() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
            ]>
            <lolz>&lol2;</lolz>
            """
        #expect(Self.error(laughs) == XMLError(problem: .doctype, line: 2))
        #expect(Self.error("<!doctype html><a/>")?.problem == .doctype)
    }

    @Test func anEntityDeclarationAnywhereIsRefused() {
        #expect(Self.error("<a>\n<!ENTITY x \"y\">&x;</a>") == XMLError(problem: .entityDeclaration, line: 2))
    }

    @Test func anUndefinedEntityIsRefusedNotExpanded() {
        let error = Self.error("<a>\n\n&lol9;</a>")
        #expect(error == XMLError(problem: .undefinedEntity("lol9"), line: 3))
        #expect(error?.description == "line 3: the entity &lol9; is not defined; only &lt; &gt; &amp; &quot; &apos; and numeric references (&#38; &#x26;) are read")
    }

    @Test(arguments: ["&#0;", "&#xD800;", "&#x110000;", "&#99999999999999999999;", "&#xFFFE;", "&#;", "&#x;", "&#12a;"])
    func characterReferencesXMLForbidsAreRefused(reference: String) {
        guard case .malformed(let why) = Self.error("<a>\(reference)</a>")?.problem else {
            Issue.record("\(reference) was taken")
            return
        }
        #expect(why.hasPrefix("&#"))
    }

    @Test func aBareAmpersandIsRefused() {
        #expect(Self.error("<a>fish & chips</a>")?.problem == .malformed("an '&' that starts no reference (write &amp; for the character)"))
    }

    @Test func nestingIsCapped() throws {
        let deep = String(repeating: "<a>", count: 5) + String(repeating: "</a>", count: 5)
        #expect(try Self.events(deep, maxDepth: 5).count == 10)
        #expect(Self.error(deep, maxDepth: 4) == XMLError(problem: .tooDeep(limit: 4), line: 1))
        let million = String(repeating: "<a>", count: 1_000_000)
        #expect(Self.error(million, maxDepth: 64)?.problem == .tooDeep(limit: 64))
    }

    @Test func tagsMustMatch() {
        #expect(Self.error("<a>\n<b></a>") == XMLError(problem: .mismatchedTag(open: "b", closed: "a"), line: 2))
        #expect(Self.error("<x:a></y:a>")?.problem == .mismatchedTag(open: "x:a", closed: "y:a"))
        #expect(Self.error("<a><b>text")?.problem == .unclosed("b"))
        #expect(Self.error("<a/></a>")?.problem == .malformed("</a> closes no element"))
        #expect(Self.error("<a/><b/>")?.problem == .malformed("a second root element <b>"))
        #expect(Self.error("")?.problem == .malformed("no element at all"))
        #expect(Self.error("text<a/>")?.problem == .malformed("text outside the root element"))
    }

    @Test func malformedTagsSayWhat() {
        #expect(Self.error("<a x=1/>")?.problem == .malformed("the value of x in <a> is not quoted"))
        #expect(Self.error("<a x/>")?.problem == .malformed("the attribute x of <a> has no '=' and value"))
        #expect(Self.error("<a x=\"1\" x=\"2\"/>")?.problem == .malformed("the attribute x is given twice in <a>"))
        #expect(Self.error("<a x=\"<\"/>")?.problem == .malformed("a '<' in the value of x in <a> (write &lt;)"))
        #expect(Self.error("<a x=\"1")?.problem == .malformed("the value of x in <a> never ends"))
        #expect(Self.error("<a><b")?.problem == .malformed("the part ends inside the tag <b"))
        #expect(Self.error("<a>< b/></a>")?.problem == .malformed("a '<' that starts no tag (write &lt; in text)"))
        #expect(Self.error("<a><!-- never ends</a>")?.problem == .malformed("a comment that never ends (no -->)"))
        #expect(Self.error("<a><![CDATA[x</a>")?.problem == .malformed("a CDATA section that never ends (no ]]>)"))
        #expect(Self.error("<a><!ELEMENT a ANY></a>")?.problem == .malformed("a <! declaration other than a comment or CDATA section"))
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(Self.error(Array("<a>".utf8) + [0xFF, 0xFE] + Array("</a>".utf8))?.problem == .notUTF8)
        #expect(Self.error([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00])?.problem != nil)  // UTF-16
    }

    @Test func theLineOfEachEventIsKnown() throws {
        var scanner = XMLScanner(Array("<a>\n<b>\n\nx</b>\n</a>".utf8), maxDepth: 4)
        var lines: [Int] = []
        while try scanner.next() != nil { lines.append(scanner.line) }
        #expect(lines == [1, 1, 2, 2, 4, 4, 5])  // a, "\n", b, "\n\nx", </b>, "\n", </a>
    }

    @Test func randomBytesNeverTrap() {
        var generator = SplitMix(seed: 3)
        let alphabet = Array("<>/=\"'&;#x!-[]?CDATAENTITY abc\n".utf8) + [0xC3, 0xA9, 0xFF]
        for _ in 0..<5_000 {
            let bytes = (0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            _ = Self.error(bytes, maxDepth: 8)
        }
    }
}
