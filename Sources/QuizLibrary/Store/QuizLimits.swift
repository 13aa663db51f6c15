/// How much the quiz library may hold. A save, copy, creation or picture that would pass one of
/// them is refused with ``QuizStoreError`` naming the limit and the size.
public struct QuizLimits: Sendable, Hashable {
    /// The most bytes of one quiz: its `quiz.json` and its pictures. 50 MB by default.
    public var bytesPerQuiz: Int
    /// The most bytes of all the quizzes in the state directory together (the read-only ones,
    /// which are not there, do not count). 500 MB by default.
    public var bytesInAll: Int
    /// The most quizzes in the state directory. 1000 by default.
    public var quizzes: Int
    /// The most characters of a title. 200 by default.
    public var titleLength: Int

    /// Limits as given; the defaults are the (50 MB, 500 MB, 1000 quizzes).
    public init(bytesPerQuiz: Int = 50_000_000, bytesInAll: Int = 500_000_000, quizzes: Int = 1000, titleLength: Int = 200) {
        self.bytesPerQuiz = bytesPerQuiz
        self.bytesInAll = bytesInAll
        self.quizzes = quizzes
        self.titleLength = titleLength
    }
}
