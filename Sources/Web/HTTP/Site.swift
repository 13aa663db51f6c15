import GameRuntime

/// Everything one web port serves from the binary, by path, made once when the port is made
/// (``WebServer``), never per request: each file gzipped once (``File``), each with its
/// validators, and the files the pages load also at a name carrying their hash.
///
/// - The pages (`/`, `/screen`, `/host`) are at their own paths only, `no-cache`: a browser asks
///   each time with the validator and gets `304` while they are unchanged.
/// - The stylesheet and the modules (``Assets/shared``) are at their plain path (`/dom.mjs`,
///   `no-cache`, for old tabs and tools) and at their hashed name (`/dom.<hash>.mjs`, kept a year,
///   `immutable`): the pages and the modules' `import`s name the hashed ones, rewritten here in
///   dependency order, so a module's hash covers the names it imports (``Site/Names``). A new
///   binary whose file changed names it anew; one that did not keeps the browser's copy.
/// - The game's page module is at `/games/NAME.mjs` and at `/games/NAME.<hash>.mjs`; the pages
///   name the hashed one in a `<link rel="modulepreload" data-game="NAME">`, which `game.mjs`
///   imports (the module is not among the shared files: its name is the running game's). A game
///   in two halves has its watchers' at `/games/NAME.watch.mjs` and its hashed name, and the TV's
///   and the host page's link names that one (the phone's names the phone's half).
struct Site: Sendable {
    /// How long a browser may keep a file without asking.
    enum Caching: Sendable, Equatable {
        /// Asked for again each time, with the validator: the pages and every plain name.
        case revalidate
        /// Kept a year without asking: a hashed name, whose bytes never change.
        case immutable

        /// Its `Cache-Control`.
        var cacheControl: String {
            switch self {
            case .revalidate: "no-cache"
            case .immutable: "public, max-age=31536000, immutable"
            }
        }
    }

    /// What is served at a path: the file, and how long it may be kept.
    struct Entry: Sendable {
        let file: File
        let caching: Caching
    }

    /// Every file served, by path (a page, a plain name, a hashed name).
    let entries: [String: Entry]
    /// The name of the game whose page module is served (`trivia`); nil: the lobby alone.
    let game: String?

    /// The site of a port whose game has the page module `page` (nil: none).
    init(game page: GamePage?) {
        let shared = Self.shared
        var entries: [String: Entry] = [:]
        for (name, file) in shared.files {
            entries["/" + name] = Entry(file: file, caching: .revalidate)
            entries["/" + Names.hashed(name, file.hash)] = Entry(file: file, caching: .immutable)
        }
        var phoneHead = "", watcherHead = ""  // the game's module links, in the phone's page and the others'
        if let page {
            let file = File(bytes: page.script, contentType: Assets.script)
            let hashed = Names.hashed(page.path, file.hash)
            entries[page.path] = Entry(file: file, caching: .revalidate)
            entries[hashed] = Entry(file: file, caching: .immutable)
            phoneHead = "<link rel=\"modulepreload\" href=\"\(hashed)\" data-game=\"\(page.name)\">\n"
            watcherHead = phoneHead
            if let watcher = page.watcherScript {
                // Its import of the phone's half names the hashed copy, so its own hash covers it.
                let plain = "\(page.name).mjs"
                let bytes = Names.referencing([plain: Names.hashed(plain, file.hash)], in: watcher)
                let watcherFile = File(bytes: bytes, contentType: Assets.script)
                let watcherHashed = Names.hashed(page.watcherPath, watcherFile.hash)
                entries[page.watcherPath] = Entry(file: watcherFile, caching: .revalidate)
                entries[watcherHashed] = Entry(file: watcherFile, caching: .immutable)
                watcherHead = "<link rel=\"modulepreload\" href=\"\(watcherHashed)\" data-game=\"\(page.name)\">\n"
                    + "<link rel=\"modulepreload\" href=\"\(hashed)\">\n"
            }
        }
        for (path, bytes) in Assets.pages {
            let head = Assets.phonePages.contains(path) ? phoneHead : watcherHead
            let html = Names.inserting(head, beforeHeadEnd: Names.referencing(shared.names, in: bytes))
            entries[path] = Entry(file: File(bytes: html, contentType: Assets.html), caching: .revalidate)
        }
        self.entries = entries
        game = page?.name
    }

    /// The site of a host with no game's page module (the lobby alone).
    static let lobby = Site(game: nil)

    /// The shared files with their references rewritten, by name, and their hashed names (made
    /// once for the process: they do not depend on the game).
    static let shared = Names.rewrite(Assets.shared)

    /// What is served at `path`, if anything.
    func entry(at path: Substring) -> Entry? {
        entries[String(path)]
    }
}
