extension QuestionBank {
    /// The bank's categories and how many questions each has, sorted by name; names that differ
    /// only in case are one category, spelled as first written.
    public var categories: [(name: String, questions: Int)] {
        var order: [String] = []
        var found: [String: (name: String, questions: Int)] = [:]
        for case let category? in questions.map(\.category) {
            let key = category.lowercased()
            if found[key] == nil { order.append(key) }
            found[key, default: (category, 0)].questions += 1
        }
        return order.sorted().map { found[$0]! }
    }

    /// The bank's questions in the categories `names` (ignoring case); its source names them,
    /// e.g. `embedded bank: Science, Space`. A name the bank has no category of is an error.
    public func only(categories names: [String]) throws(UnknownCategory) -> QuestionBank {
        let categories = categories
        var chosen: [String] = []
        for name in names {
            guard let category = categories.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw UnknownCategory(name: name, source: source, categories: categories)
            }
            if !chosen.contains(category.name) { chosen.append(category.name) }
        }
        let keys = Set(chosen.map { $0.lowercased() })
        return QuestionBank(
            checked: questions.filter { $0.category.map { keys.contains($0.lowercased()) } ?? false },
            source: "\(source): \(chosen.joined(separator: ", "))")
    }
}

/// `--category` named a category the bank does not have. The description lists the bank's.
public struct UnknownCategory: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name asked for.
    public var name: String
    public let description: String

    init(name: String, source: String, categories: [(name: String, questions: Int)]) {
        self.name = name
        description = categories.isEmpty
            ? "no category \"\(name)\" in \(source): none of its questions has a category"
            : "no category \"\(name)\" in \(source); its categories are "
                + categories.map { "\($0.name) (\($0.questions))" }.joined(separator: ", ")
    }
}
