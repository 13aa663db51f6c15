import Glibc
import Testing
import Vocabulary

@testable import QuizLibrary

@Suite("QuizStore: interrupted writes and damaged files")
final class QuizDurabilityTests: InTemporaryFolder {

    @Test("a save cut short leaves its temporary file; the old quiz loads, and opening removes the leftovers")
    func leftoverTemporaryFiles() throws {
        let store = try Support.store(folder)
        let quiz = try store.create(title: "Kept", document: Support.document(["old"]))
        _ = try store.addPicture(to: quiz.id, bytes: PackageResources.tiny_png)
        let hash = try PictureHash("a58165ea68e0a2522a6455a628284ab7603310db014476ebb4bdb72ab383f178")
        _ = try store.save(quiz.id, title: "Kept", document: Support.document(["old"]), pictures: [hash], basedOn: 1)
        let quizFolder = store.folder + "/" + quiz.id.rawValue
        // What a crash mid-write leaves: half a new quiz.json, half a picture, half a new quiz, a delete not finished.
        let half = Array(#"{"format":1,"modified":"2026-11-27T10:00:00Z","pictures":[],"revision":3,"title":"Ne"#.utf8)
        Support.writeRaw(quizFolder + "/.tmp-4242-99", half)
        Support.writeRaw(quizFolder + "/pictures/.tmp-4242-100", Array(PackageResources.tiny_jpg.prefix(100)))
        try QuizDisk.makeFolder(store.folder + "/.tmp-new-AAAAAAAAAAAA")
        Support.writeRaw(store.folder + "/.tmp-new-AAAAAAAAAAAA/quiz.json", half)
        try QuizDisk.makeFolder(store.folder + "/.tmp-deleted-BBBBBBBBBBBB")

        let reopened = try Support.store(folder)
        let loaded = try reopened.load(quiz.id)
        #expect(loaded.document == Support.document(["old"]) && loaded.revision == 2 && loaded.pictures == [hash])
        #expect(Support.names(quizFolder) == ["pictures", "quiz.json"])
        #expect(Support.names(quizFolder + "/pictures") == [hash.hex + ".png"])
        #expect(Support.names(reopened.folder) == [quiz.id.rawValue])
        #expect(try reopened.list().map(\.id) == [quiz.id])
    }

    @Test("a damaged quiz.json is listed as unreadable with the reason; the others still list; it can be deleted")
    func damaged() throws {
        let store = try Support.store(folder)
        let good = try store.create(title: "Good", document: Support.document(["fine"]))
        let bad = try store.create(title: "Bad", document: Support.document(["soon cut"]))
        let gone = try store.create(title: "Gone", document: Support.document(["soon missing"]))
        let path = store.folder + "/" + bad.id.rawValue + "/quiz.json"
        let bytes = try QuizDisk.read(path, limit: 10_000)
        Support.writeRaw(path, Array(bytes.prefix(bytes.count / 2)))
        QuizDisk.remove(store.folder + "/" + gone.id.rawValue + "/quiz.json")

        let reopened = try Support.store(folder)
        let listed = try reopened.list()
        #expect(listed.map(\.id) == [good.id] + [bad.id, gone.id].sorted())
        #expect(listed[0].title == "Good" && listed[0].problem == nil)
        let problems = Dictionary(uniqueKeysWithValues: listed.dropFirst().map { ($0.id, $0.problem ?? "") })
        #expect(problems[bad.id] == "quiz.json is not a quiz's JSON (it is damaged or cut short)")
        #expect(problems[gone.id] == "quiz.json is missing")
        #expect(listed.dropFirst().allSatisfy { $0.revision == 0 && $0.title.isEmpty })
        #expect(throws: QuizStoreError.unreadable(bad.id, problem: "quiz.json is not a quiz's JSON (it is damaged or cut short)")) {
            try reopened.load(bad.id)
        }
        #expect(throws: QuizStoreError.self) { try reopened.save(bad.id, title: "x", document: Support.document([]), pictures: [], basedOn: 1) }
        try reopened.delete(bad.id, basedOn: 0)
        try reopened.delete(gone.id, basedOn: 0)
        #expect(try reopened.list().map(\.id) == [good.id])
    }

    @Test("DurableFile replaces a file whole, 0600 whatever the umask, and leaves no temporary file")
    func durableFile() throws {
        let path = folder + "/pin"
        let old = umask(0)
        defer { umask(old) }
        try DurableFile.replace(path, with: Array("first\n".utf8), mode: 0o600)
        try DurableFile.replace(path, with: Array("second\n".utf8), mode: 0o600)
        #expect(try QuizDisk.read(path, limit: 100) == Array("second\n".utf8))
        #expect(Support.mode(path) == 0o600)
        #expect(Support.names(folder) == ["pin"])
        do throws(DurableFileError) {
            try DurableFile.replace(folder + "/missing/pin", with: [1], mode: 0o600)
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.path == folder + "/missing/pin" && error.code == ENOENT)
            #expect(error.description == "cannot write \(folder)/missing/pin: No such file or directory")
        }
        #expect(DurableFile.folder(of: "/a/b") == "/a" && DurableFile.folder(of: "/a") == "/" && DurableFile.folder(of: "a") == ".")
    }
}
