import FoundationEssentials
import Testing

@testable import QuizLibrary

@Suite("QuizEnvelope: quiz.json in and out")
struct QuizEnvelopeTests {
    let hash = try! PictureHash(String(repeating: "ab", count: 32))

    @Test("an envelope reads back as written, its document byte for byte")
    func roundTrip() throws {
        let document = Array(#"{"b":"},{\"", "a" : [1, {"c":"]"}], "t":"\u00e9 ☕"}"#.utf8)
        let envelope = QuizEnvelope(
            revision: 7, title: "Tricky \"title\"\n", modified: Date(timeIntervalSince1970: 1_800_000_000), pictures: [hash],
            document: document)
        #expect(try QuizEnvelope.decode(envelope.encoded()) == envelope)
    }

    @Test("member ranges follow strings and brackets")
    func members() {
        let text = Array(#" { "a" : "x,}" , "b":{"c":[1,2]} ,"d":true}"#.utf8)
        let ranges = TopLevelMembers.valueRanges(text)!
        #expect(ranges.mapValues { String(decoding: text[$0], as: UTF8.self) } == ["a": "\"x,}\"", "b": #"{"c":[1,2]}"#, "d": "true"])
        #expect(TopLevelMembers.valueRanges(Array(#"{"a":1,"a":2}"#.utf8)) == nil)
        #expect(TopLevelMembers.valueRanges(Array(#"{"a":"#.utf8)) == nil)
        #expect(TopLevelMembers.valueRanges(Array("[1]".utf8)) == nil)
        #expect(TopLevelMembers.valueRanges(Array("{}".utf8)) == [:])
    }

    @Test("what is wrong with a quiz.json is said")
    func problems() {
        let cases: [(String, String)] = [
            ("", "quiz.json is empty"),
            (#"{"format":2,"revision":1,"title":"x","modified":"2026-11-27T10:00:00Z","pictures":[],"document":1}"#,
             "quiz.json has format 2; this host reads format 1"),
            (#"{"format":1,"revision":1,"title":"x","modified":"yesterday","pictures":[],"document":1}"#,
             "quiz.json's modified time “yesterday” is not an ISO 8601 time"),
            (#"{"format":1,"revision":1,"title":"x","modified":"2026-11-27T10:00:00Z","pictures":[]}"#, "quiz.json has no document"),
            (#"{"format":1,"revision":1,"modified":"2026-11-27T10:00:00Z","pictures":[],"document":1}"#,
             "quiz.json is not a quiz's JSON (no title)"),
            (#"{"format":1,"revision":0,"title":"x","modified":"2026-11-27T10:00:00Z","pictures":[],"document":1}"#,
             "quiz.json has revision 0"),
        ]
        for (text, problem) in cases {
            #expect(throws: QuizEnvelope.Problem(problem)) { try QuizEnvelope.decode(Array(text.utf8)) }
        }
    }
}
