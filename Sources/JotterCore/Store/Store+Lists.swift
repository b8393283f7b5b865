extension Store {
    /// Why `name` cannot name a list, or nil when it can. Names are path steps, so
    /// they hold no '/' and are not '.' or '..'.
    public static func problem(withListName name: String) -> String? {
        if name.isEmpty { return "a list needs a name" }
        if name.contains("/") { return "a list's name cannot hold '/'" }
        if name == "." || name == ".." { return "'\(name)' cannot name a list" }
        if let problem = EntryText.problem(with: name.utf8) { return "the name \(problem)" }
        return nil
    }

    /// Creates a list under the top of `parent`, refusing a name that another list
    /// beside it already has, so that names keep addressing one list.
    public func createList(named name: String, under parent: NavigationPath) throws -> Node {
        if let problem = Store.problem(withListName: name) { throw JotterError.input(problem) }
        return try recordingChange(capturing: false) {
            guard try stillHolds(parent) else {
                throw JotterError.input("\(parent.display) was moved or deleted just now; nothing was created")
            }
            if try !lists(under: parent.top, named: name).isEmpty {
                throw JotterError.input("a list named '\(DisplayText.escaped(name))' already exists in \(parent.display)")
            }
            return (try insert(.list, text: name, under: parent.top), "new \(Store.quoted(name))")
        }
    }
}
