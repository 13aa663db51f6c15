import Testing

@testable import QuizLibrary

@Suite("QuizStore: pictures, read-only quizzes and copies")
final class QuizPictureTests: InTemporaryFolder {
    /// `sha256sum Fixtures/tiny.png`, `tiny.jpg`, `tiny.gif`.
    let png = try! PictureHash("a58165ea68e0a2522a6455a628284ab7603310db014476ebb4bdb72ab383f178")
    let jpeg = try! PictureHash("63e25a4820a289b55f9deea11d6f2602b91499a0f887e6e9e4d2e8c32ff41bd6")
    let gif = try! PictureHash("11080fd178f55c8bb2da58364d9ef99e50ba24dcfdceec6e63697de2b38ef16e")

    func pictureNames(_ store: QuizStore, _ id: QuizID) -> [String] {
        Support.names(store.folder + "/" + id.rawValue + "/pictures")
    }

    @Test("a picture is stored once under its SHA-256, and served as the type its bytes are")
    func addAndDedupe() throws {
        let store = try Support.store(folder)
        let quiz = try store.create(title: "Flags", document: Support.document(["Which flag?"]))
        let added = try store.addPicture(to: quiz.id, bytes: PackageResources.tiny_png)
        #expect(added == StoredPicture(hash: png, info: PictureInfo(format: .png, width: 3, height: 2), bytes: PackageResources.tiny_png.count))
        #expect(try store.addPicture(to: quiz.id, bytes: PackageResources.tiny_png) == added)
        _ = try store.addPicture(to: quiz.id, bytes: PackageResources.tiny_jpg)
        #expect(pictureNames(store, quiz.id) == [jpeg.hex + ".jpg", png.hex + ".png"])
        let served = try store.picture(quiz.id, hash: jpeg)
        #expect(served.bytes == PackageResources.tiny_jpg && served.mediaType == "image/jpeg")
        #expect(Support.mode(store.folder + "/" + quiz.id.rawValue + "/pictures/" + png.hex + ".png") == 0o600)
        #expect(throws: QuizStoreError.notAPicture(.notAPicture(looksLike: "a ZIP archive (.xlsx, .docx, .zip)"))) {
            try store.addPicture(to: quiz.id, bytes: [0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0])
        }
    }

    @Test("a save keeps the pictures it names and removes those the old revision used and it does not")
    func garbageCollection() throws {
        let store = try Support.store(folder)
        let quiz = try store.create(title: "Flags", document: Support.document([]))
        _ = try store.addPicture(to: quiz.id, bytes: PackageResources.tiny_png)
        _ = try store.addPicture(to: quiz.id, bytes: PackageResources.tiny_jpg)
        _ = try store.save(quiz.id, title: "Flags", document: Support.document(["a", "b"]), pictures: [png, jpeg], basedOn: 1)
        #expect(try store.load(quiz.id).pictures == [png, jpeg].sorted())
        _ = try store.addPicture(to: quiz.id, bytes: PackageResources.tiny_gif)  // added by an editor, not saved yet
        _ = try store.save(quiz.id, title: "Flags", document: Support.document(["a"]), pictures: [png], basedOn: 2)
        #expect(pictureNames(store, quiz.id) == [gif.hex + ".gif", png.hex + ".png"])
        #expect(throws: QuizStoreError.pictureNotFound(quiz.id, jpeg)) { try store.picture(quiz.id, hash: jpeg) }
        #expect(try store.load(quiz.id).pictures == [png])
        // Reopened: the picture no save took is removed; the used one stays.
        let reopened = try Support.store(folder)
        #expect(pictureNames(reopened, quiz.id) == [png.hex + ".png"])
        #expect(try reopened.picture(quiz.id, hash: png).bytes == PackageResources.tiny_png)
    }

    @Test("a save naming a picture that is not in the quiz is refused")
    func missingPicture() throws {
        let store = try Support.store(folder)
        let quiz = try store.create(title: "Flags", document: Support.document([]))
        #expect(throws: QuizStoreError.missingPicture(gif)) {
            try store.save(quiz.id, title: "Flags", document: Support.document(["a"]), pictures: [gif], basedOn: 1)
        }
        #expect(try store.load(quiz.id).revision == 1)
    }

    @Test("caps: a quiz's bytes, all bytes, the number of quizzes")
    func caps() throws {
        let limits = QuizLimits(bytesPerQuiz: 700, bytesInAll: 1_200, quizzes: 3)
        let store = try Support.store(folder, limits: limits)
        let big = Support.document(Array(repeating: "x", count: 80))  // about 1 kB
        #expect(throws: QuizStoreError.quizTooLarge(bytes: big.count, limit: 700)) { try store.create(title: "Big", document: big) }
        let first = try store.create(title: "First", document: Support.document(["a"]))
        // tiny.png (87 bytes) fits; the JPEG (676 bytes) would pass 700.
        _ = try store.addPicture(to: first.id, bytes: PackageResources.tiny_png)
        let size = try store.list()[0].bytes
        #expect(throws: QuizStoreError.quizTooLarge(bytes: size + PackageResources.tiny_jpg.count, limit: 700)) {
            try store.addPicture(to: first.id, bytes: PackageResources.tiny_jpg)
        }
        // All quizzes together: ~220 + ~560 bytes, and another ~560 would pass 1,200.
        let filler = Support.document(Array(repeating: "y", count: 33))
        let second = try store.create(title: "Second", document: filler)
        let total = try store.list().reduce(0) { $0 + $1.bytes }
        let third = QuizEnvelope(revision: 1, title: "Third", modified: .now, pictures: [], document: filler).encoded().count
        #expect(total + third > 1_200 && total <= 1_200)
        #expect(throws: QuizStoreError.libraryFull(bytes: total + third, limit: 1_200)) {
            try store.create(title: "Third", document: filler)
        }
        _ = try store.save(second.id, title: "Second", document: Support.document(["y"]), pictures: [], basedOn: 1)  // shrinking passes
        _ = try store.create(title: "Third", document: Support.document(["z"]))
        #expect(throws: QuizStoreError.tooManyQuizzes(limit: 3)) { try store.create(title: "Fourth", document: Support.document([])) }
        #expect(try store.list().count == 3)
        let text = QuizStoreError.quizTooLarge(bytes: 51_200_000, limit: 50_000_000).description
        #expect(text == "the quiz would be 51.2 MB; a quiz may be at most 50 MB, pictures included")
    }

    @Test("read-only quizzes are listed and loaded, never changed, and copied with their pictures")
    func readOnlyAndCopy() throws {
        let builtIn = ReadOnlyQuiz(id: try QuizID("built-in"), title: "Built-in trivia", document: Support.document(["Built in?"]))
        try QuizDisk.makeFolder(folder + "/quizzes")
        try QuizDisk.makeFolder(folder + "/quizzes/built-in")  // a folder by a read-only quiz's name is not a second one
        let store = try Support.store(folder, readOnly: [builtIn])
        let listed = try store.list()
        #expect(listed.map(\.id) == [builtIn.id] && listed[0].readOnly && listed[0].title == "Built-in trivia")
        #expect(try store.load(builtIn.id).document == builtIn.document)
        let refusal = QuizStoreError.readOnly(builtIn.id, title: "Built-in trivia")
        #expect(throws: refusal) { try store.save(builtIn.id, title: "Mine", document: Support.document([]), pictures: [], basedOn: 1) }
        #expect(throws: refusal) { try store.delete(builtIn.id, basedOn: 1) }
        #expect(throws: refusal) { try store.addPicture(to: builtIn.id, bytes: PackageResources.tiny_png) }
        #expect(refusal.description == "the quiz “Built-in trivia” cannot be changed; save a copy and change that")

        let copy = try store.copy(builtIn.id, title: "My trivia")
        #expect(!copy.readOnly && copy.revision == 1 && copy.title == "My trivia")
        #expect(try store.load(copy.id).document == builtIn.document)
        _ = try store.addPicture(to: copy.id, bytes: PackageResources.tiny_gif)
        _ = try store.save(copy.id, title: "My trivia", document: Support.document(["mine"]), pictures: [gif], basedOn: 1)

        let second = try store.copy(copy.id, title: "My trivia, again")
        #expect(try store.load(second.id).pictures == [gif])
        try store.delete(copy.id, basedOn: 2)
        #expect(try store.picture(second.id, hash: gif).bytes == PackageResources.tiny_gif)  // its own file
        #expect(try store.list().map(\.title) == ["Built-in trivia", "My trivia, again"])
    }

    @Test("a read-only quiz whose document is not JSON is not copied into the library")
    func badReadOnlyDocument() throws {
        let broken = ReadOnlyQuiz(id: try QuizID("questions"), title: "From --questions", document: Array("{\"questions\":".utf8))
        let store = try Support.store(folder, readOnly: [broken])
        do throws(QuizStoreError) {
            _ = try store.copy(broken.id, title: "Copy")
            Issue.record("copied")
        } catch {
            guard case .invalidDocument = error else { Issue.record("\(error)"); return }
        }
        #expect(try store.list().map(\.id) == [broken.id])
    }
}
