import FoundationEssentials
import InMemoryLogging
import Logging
import Testing

@testable import QuizLibrary

@Suite("QuizStore: create, list, load, save, delete")
final class QuizStoreTests: InTemporaryFolder {

    @Test("a quiz is created, listed, loaded, saved and deleted; its document comes back byte for byte")
    func lifecycle() throws {
        let store = try Support.store(folder)
        let document = Array("{ \"questions\" : [ {\"text\":\"Capital of France?\"} ],\n  \"z\": 1, \"a\": \"\\u00e9\" }".utf8)
        let created = try store.create(title: "  Capitals  ", document: document)
        #expect(created.title == "Capitals" && created.revision == 1 && !created.readOnly && created.problem == nil)
        #expect(created.id.rawValue.count == 12)
        #expect(try store.list().map(\.id) == [created.id])
        let loaded = try store.load(created.id)
        #expect(loaded.document == document && loaded.title == "Capitals" && loaded.revision == 1 && loaded.pictures.isEmpty)

        let saved = try store.save(created.id, title: "Capitals of Europe", document: Support.document(["Berlin?"]), pictures: [], basedOn: 1)
        #expect(saved.revision == 2)
        let again = try store.load(created.id)
        #expect(again.title == "Capitals of Europe" && again.document == Support.document(["Berlin?"]) && again.revision == 2)

        try store.delete(created.id, basedOn: 2)
        #expect(try store.list().isEmpty)
        #expect(throws: QuizStoreError.notFound(created.id)) { try store.load(created.id) }
        #expect(Support.names(store.folder).isEmpty)  // nothing left behind
    }

    @Test("the quiz's file is the envelope, written 0600 in folders 0700")
    func envelopeOnDisk() throws {
        let clock = Date(timeIntervalSince1970: 1_795_000_000)
        let store = try QuizStore(folder: folder + "/quizzes", logger: Support.quiet, now: { clock })
        let quiz = try store.create(title: "Pub \"quiz\"", document: Array("[1,2]".utf8))
        let path = store.folder + "/" + quiz.id.rawValue + "/quiz.json"
        let text = String(decoding: try QuizDisk.read(path, limit: 10_000), as: UTF8.self)
        #expect(text == #"{"format":1,"modified":"2026-11-18T11:06:40Z","pictures":[],"revision":1,"title":"Pub \"quiz\"","document":[1,2]}"#)
        #expect(Support.mode(store.folder) == 0o700)
        #expect(Support.mode(store.folder + "/" + quiz.id.rawValue) == 0o700)
        #expect(Support.mode(path) == 0o600)
        #expect(try store.load(quiz.id).modified == clock)
    }

    @Test("a new state directory: the library makes its missing parents, 0700")
    func missingParents() throws {
        let store = try QuizStore(folder: folder + "/state/snap-host/quizzes", logger: Support.quiet)
        _ = try store.create(title: "First", document: Array("[]".utf8))
        #expect(try store.list().map(\.title) == ["First"])
        #expect(Support.mode(folder + "/state") == 0o700 && Support.mode(folder + "/state/snap-host") == 0o700)
        Support.writeRaw(folder + "/file", [])
        #expect(throws: QuizStoreError.self) { try QuizStore(folder: folder + "/file/quizzes", logger: Support.quiet) }
    }

    @Test("a store opened again on the folder finds the same quizzes")
    func reopen() throws {
        let first = try Support.store(folder)
        let a = try first.create(title: "Bravo", document: Support.document(["b"]))
        let b = try first.create(title: "alpha", document: Support.document(["a"]))
        _ = try first.save(a.id, title: "Bravo", document: Support.document(["b2"]), pictures: [], basedOn: 1)
        let second = try Support.store(folder)
        let listed = try second.list()
        #expect(listed.map(\.id) == [b.id, a.id])  // by title, whatever the case
        #expect(listed.map(\.revision) == [1, 2])
        #expect(try second.load(a.id).document == Support.document(["b2"]))
    }

    @Test("a save or delete based on an old revision is refused: changed elsewhere, reload")
    func conflict() throws {
        let store = try Support.store(folder)
        let quiz = try store.create(title: "Shared", document: Support.document(["q"]))
        _ = try store.save(quiz.id, title: "Shared", document: Support.document(["mine"]), pictures: [], basedOn: 1)
        #expect(throws: QuizStoreError.changedElsewhere(current: 2)) {
            try store.save(quiz.id, title: "Shared", document: Support.document(["theirs"]), pictures: [], basedOn: 1)
        }
        #expect(try store.load(quiz.id).document == Support.document(["mine"]))
        #expect(throws: QuizStoreError.changedElsewhere(current: 2)) { try store.delete(quiz.id, basedOn: 1) }
        let text = QuizStoreError.changedElsewhere(current: 2).description
        #expect(text.contains("changed elsewhere") && text.contains("reload"))
    }

    @Test("two saves at once based on the same revision: exactly one wins")
    func concurrentSaves() async throws {
        let store = try Support.store(folder)
        for round in 0..<20 {
            let quiz = try store.create(title: "Race \(round)", document: Support.document(["start"]))
            let outcomes = await withTaskGroup(of: Result<Int, QuizStoreError>.self) { group in
                for writer in ["left", "right"] {
                    group.addTask {
                        do throws(QuizStoreError) {
                            return .success(try store.save(quiz.id, title: writer, document: Support.document([writer]), pictures: [], basedOn: 1).revision)
                        } catch { return .failure(error) }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let wins = outcomes.compactMap { try? $0.get() }
            let refusals = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            #expect(wins == [2], "round \(round)")
            #expect(refusals == [.changedElsewhere(current: 2)], "round \(round)")
            let stored = try store.load(quiz.id)
            #expect(stored.document == Support.document([stored.title]))  // the winner's whole save, not a mix
        }
    }

    @Test("changes are logged in short messages, their data in metadata, no title or document")
    func logs() throws {
        let log = InMemoryLogHandler()
        let store = try QuizStore(folder: folder + "/quizzes", readOnly: [], logger: Logger(label: "test") { _ in log })
        let quiz = try store.create(title: "Secret plans", document: Support.document(["hidden"]))
        _ = try store.save(quiz.id, title: "Secret plans", document: Support.document(["hidden"]), pictures: [], basedOn: 1)
        try store.delete(quiz.id, basedOn: 2)
        let lines = log.entries.map { entry in
            "\(entry.level) \(entry.message) " + entry.metadata.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        }
        let id = quiz.id.rawValue
        #expect(lines == [
            "info quiz created quiz=\(id)",
            "info quiz saved bytes=\(quiz.bytes) quiz=\(id) revision=2",
            "info quiz deleted quiz=\(id)",
        ])
    }

    @Test("titles and documents are checked")
    func checks() throws {
        let store = try Support.store(folder)
        #expect(throws: QuizStoreError.invalidTitle(problem: "is empty: give the quiz a title")) { try store.create(title: " \n", document: Support.document([])) }
        #expect(throws: QuizStoreError.invalidTitle(problem: "holds a line break, tab or other control character: a title is one line of text")) {
            try store.create(title: "one\ntwo", document: Support.document([]))
        }
        #expect(throws: QuizStoreError.invalidTitle(problem: "is 201 characters; a title may have at most 200")) {
            try store.create(title: String(repeating: "é", count: 201), document: Support.document([]))
        }
        for bad in ["{\"questions\":[", "", "\u{FEFF}{}", "{} {}", "\u{0}1"] {
            do throws(QuizStoreError) {
                _ = try store.create(title: "Bad", document: Array(bad.utf8))
                Issue.record("took \(bad.debugDescription)")
            } catch {
                guard case .invalidDocument = error else { Issue.record("\(error)"); continue }
            }
        }
        #expect(try store.list().isEmpty)
    }

    @Test("ids given back are checked against the alphabet and length: no path reaches the disk")
    func ids() throws {
        for bad in ["", "..", "../etc", "a/b", ".tmp-x", "quiz.json", String(repeating: "a", count: 33), "é"] {
            #expect(throws: QuizStoreError.invalidID(bad)) { try QuizID(bad) }
        }
        #expect(try QuizID("built-in_2").rawValue == "built-in_2")
        #expect(throws: QuizStoreError.invalidPictureHash("ABC")) { try PictureHash("ABC") }
        let store = try Support.store(folder)
        let missing = try QuizID("nothere")
        #expect(throws: QuizStoreError.notFound(missing)) { try store.load(missing) }
        #expect(throws: QuizStoreError.notFound(missing)) { try store.save(missing, title: "x", document: Array("1".utf8), pictures: [], basedOn: 1) }
        #expect(QuizStoreError.invalidID("../etc").description == "“../etc” is not a quiz id: an id is 1 to 32 letters, digits, '-' or '_'")
    }

    @Test("generated ids use the alphabet and differ")
    func generatedIDs() throws {
        var generator = SystemRandomNumberGenerator()
        let ids = (0..<200).map { _ in QuizID.random(using: &generator) }
        #expect(Set(ids).count == 200)
        for id in ids { #expect(try QuizID(id.rawValue) == id) }
    }
}
