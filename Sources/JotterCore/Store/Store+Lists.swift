extension Store {
    /// Why `name` cannot name a list, or nil when it can. Names are path steps, so
    /// they hold no '/' and are not '.' or '..'.
    public static func problem(withListName name: String) -> String? {
        if name.isEmpty { return "a list needs a name" }
        if let problem = SizeCap.problem(withName: name) { return problem }
        if name.contains("/") { return "a list's name cannot hold '/'" }
        if name == "." || name == ".." { return "'\(name)' cannot name a list" }
        if let problem = EntryText.problem(with: name.utf8) { return "the name \(problem)" }
        // A name is typed to address its list: one with a line break or an escape in
        // it cannot be typed on a line, and one that shows as nothing, or as '..',
        // cannot be told from what it looks like.
        if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return "a list's name cannot hold a control character (\(Store.codePoint(control)))"
        }
        let shown = String(String.UnicodeScalarView(name.unicodeScalars.filter { !Store.isInvisible($0) }))
        let visible = EntryText.trimmed(shown)
        if visible.isEmpty {
            let invisible = name.unicodeScalars.filter(Store.isInvisible).prefix(3).map(Store.codePoint)
            return "a list's name needs a character that shows, not only invisible ones ("
                + invisible.joined(separator: " ") + (invisible.count == 3 ? " ..." : "") + ")"
        }
        if visible == "." || visible == ".." {
            return "'\(DisplayText.escaped(name))' looks like '\(visible)', which cannot name a list"
        }
        return nil
    }

    /// Whether `scalar` takes no room when shown: a format character (zero-width
    /// space and joiners, the byte order mark, bidirectional controls) or another
    /// that fonts are meant to leave out (variation selectors, fillers).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format || scalar.properties.isDefaultIgnorableCodePoint
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
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
            try checkDepth(ofNew: name, under: parent)
            return (try insert(.list, text: name, under: parent.top), "new \(Store.quoted(name))")
        }
    }
}
