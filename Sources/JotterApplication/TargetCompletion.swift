import JotterCore

/// The words a target being typed can be completed to: the path typed so far up to
/// its last `/`, then the names of that place's children that start with the rest
/// (`gro/we` → `gro/weekend`, `/ta` → `/tasks`). The shells and the prompt both ask
/// here, so a target completes alike wherever it is typed.
public struct TargetCompletion {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The completed words for `typed`, a target read from `current`. A name that the
    /// resolver could not take back as one step (it holds a `/`), or that holds what a
    /// terminal would act on, is left out: offered, it would either not resolve or
    /// reach the terminal raw. A path before the last `/` that names nothing gives none.
    public func candidates(for typed: String, from current: NavigationPath) throws -> [String] {
        let directory: Substring
        let stem: Substring
        if let slash = typed.lastIndex(of: "/") {
            directory = typed[...slash]
            stem = typed[typed.index(after: slash)...]
        } else {
            directory = ""
            stem = typed[...]
        }
        let place: NavigationPath
        switch directory {
        case "": place = current
        case "/": place = .root
        default:
            guard let resolved = try? TargetResolver(store: store).resolve(String(directory.dropLast()), from: current)
            else { return [] }
            place = resolved
        }
        return try store.childNames(of: place.top, startingWith: String(stem))
            .filter { !$0.contains("/") && TargetCompletion.isShowable($0) }
            .map { directory + $0 }
    }

    /// Whether `name` can be written to a terminal as it is.
    public static func isShowable(_ name: String) -> Bool {
        DisplayText.escaped(name) == name
    }
}
