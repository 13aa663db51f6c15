extension Site {
    /// The names carrying a file's hash, and the references to them in the pages and modules
    /// (pure). A reference is a quoted name as the sources write it: `"./dom.mjs"` in a module's
    /// `import`, `"/style.css"` in a page's `href` or `src`.
    enum Names {
        /// `name` with `hash` before its extension: `dom.mjs` -> `dom.<hash>.mjs`,
        /// `/games/trivia.mjs` -> `/games/trivia.<hash>.mjs`.
        static func hashed(_ name: String, _ hash: String) -> String {
            guard let dot = name.lastIndex(of: ".") else { return "\(name).\(hash)" }
            return "\(name[..<dot]).\(hash)\(name[dot...])"
        }

        /// Whether `text` refers to `name` (`"./NAME"` or `"/NAME"`).
        static func refers(_ text: String, to name: String) -> Bool {
            text.firstRange(of: "\"./\(name)\"") != nil || text.firstRange(of: "\"/\(name)\"") != nil
        }

        /// `bytes` with each reference to a name of `names` (plain name -> hashed name) turned
        /// into one to the hashed name.
        static func referencing(_ names: [String: String], in bytes: [UInt8]) -> [UInt8] {
            var text = String(decoding: bytes, as: UTF8.self)
            for (name, hashed) in names {
                text = text.replacing("\"./\(name)\"", with: "\"./\(hashed)\"")
                text = text.replacing("\"/\(name)\"", with: "\"/\(hashed)\"")
            }
            return Array(text.utf8)
        }

        /// A page's `bytes` with `lines` at the end of its `<head>` (unchanged if it has none).
        static func inserting(_ lines: String, beforeHeadEnd bytes: [UInt8]) -> [UInt8] {
            let text = String(decoding: bytes, as: UTF8.self)
            guard !lines.isEmpty, let end = text.firstRange(of: "</head>") else { return bytes }
            return Array("\(text[..<end.lowerBound])\(lines)\(text[end.lowerBound...])".utf8)
        }

        /// The files of `sources` with their references to one another naming hashed names, by
        /// name, and each one's hashed name. A file is made once every file it refers to is, so
        /// its hash covers their names (dependency order): a change anywhere renames every file
        /// that leads to it. Were there a cycle, its references would stay plain names (still
        /// served, `no-cache`); `PageHandlerTests` checks that there is none.
        static func rewrite(_ sources: [Assets.Source]) -> (files: [String: File], names: [String: String]) {
            var files: [String: File] = [:]
            var names: [String: String] = [:]
            var pending = sources
            while !pending.isEmpty {
                let ready = pending.filter { source in
                    let text = String(decoding: source.bytes, as: UTF8.self)
                    return sources.allSatisfy { other in
                        other.name == source.name || names[other.name] != nil || !refers(text, to: other.name)
                    }
                }
                for source in ready.isEmpty ? pending : ready {
                    let file = File(bytes: referencing(names, in: source.bytes), contentType: source.contentType)
                    files[source.name] = file
                    names[source.name] = hashed(source.name, file.hash)
                }
                pending.removeAll { files[$0.name] != nil }
            }
            return (files, names)
        }
    }
}
