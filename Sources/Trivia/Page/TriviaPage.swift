/// The quiz's page module for the browser, `Page/trivia.mjs`: how the phone, the TV and the host page
/// draw the quiz's messages. The web port serves it at `/games/trivia.mjs` when this host runs the quiz
/// (`WebConfiguration.gamePage`; docs/WEB.md, "A game's page module").
public enum TriviaPage {
    /// The game's name, as the host's hello announces it and the pages load the module by.
    public static let name = "trivia"
    /// The module's source (UTF-8 JavaScript), embedded in the binary.
    public static let script: [UInt8] = PackageResources.trivia_mjs
    /// The host page's quiz library (`Page/quizzes.mjs`), which the host page imports when the host
    /// presses "Quizzes" (`hostTools` in the page module): served by ``QuizDesk`` as a public file,
    /// `/games/trivia/files/quizzes.mjs`, so the phone and the TV never download it.
    public static let quizzes: [UInt8] = PackageResources.quizzes_mjs
    /// The host page's past games (`Page/reports.mjs`: each game's summary and its report to
    /// download), imported when the host presses "Past games"; served by ``QuizDesk`` as
    /// `/games/trivia/files/reports.mjs`.
    public static let reports: [UInt8] = PackageResources.reports_mjs
}
