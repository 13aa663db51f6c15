/// The quiz's page module for the browser: how the phone (`Page/trivia.mjs`), the TV and the host
/// page (`Page/trivia-watch.mjs`, which imports the phone's half) draw the quiz's messages. The web
/// port serves them at `/games/trivia.mjs` and `/games/trivia.watch.mjs` when this host runs the
/// quiz (`WebConfiguration.gamePage`; docs/WEB.md, "A game's page module").
public enum TriviaPage {
    /// The game's name, as the host's hello announces it and the pages load the module by.
    public static let name = "trivia"
    /// The phone's half (UTF-8 JavaScript), embedded in the binary.
    public static let script: [UInt8] = PackageResources.trivia_mjs
    /// The TV's and the host page's half, which imports the phone's.
    public static let watcherScript: [UInt8] = PackageResources.trivia_watch_mjs
    /// The host page's quiz library (`Page/quizzes.mjs`), which the host page imports when the host
    /// presses "Quizzes" (`hostTools` in the page module): served by ``QuizDesk`` as a public file,
    /// `/games/trivia/files/quizzes.mjs`, so the phone and the TV never download it.
    public static let quizzes: [UInt8] = PackageResources.quizzes_mjs
    /// The host page's past games (`Page/reports.mjs`: each game's summary and its report to
    /// download), imported when the host presses "Past games"; served by ``QuizDesk`` as
    /// `/games/trivia/files/reports.mjs`.
    public static let reports: [UInt8] = PackageResources.reports_mjs
}
