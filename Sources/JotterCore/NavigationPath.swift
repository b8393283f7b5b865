/// Where the user is: the stack of opened nodes from the root down. New entries go
/// under the last one; an empty stack is the root of the store.
public struct NavigationPath: Hashable, Sendable {
    public private(set) var nodes: [Node]

    public static let root = NavigationPath(nodes: [])

    public init(nodes: [Node]) {
        self.nodes = nodes
    }

    public var top: Node? { nodes.last }
    public var isRoot: Bool { nodes.isEmpty }
    public var ids: [NodeID] { nodes.map(\.id) }

    public func pushing(_ node: Node) -> NavigationPath {
        NavigationPath(nodes: nodes + [node])
    }

    /// The path with each item's long text cut to its start (see `Node.naming`): a
    /// place, as the commands started there hold it.
    public var naming: NavigationPath {
        NavigationPath(nodes: nodes.map(\.naming))
    }

    /// One level up; the root stays the root.
    public func popped() -> NavigationPath {
        NavigationPath(nodes: Array(nodes.dropLast()))
    }

    /// The path as text, `/groceries/weekend`, with the names as they are: what
    /// shows it on a terminal escapes it there.
    public var display: String {
        isRoot ? "/" : nodes.map { "/" + $0.text }.joined()
    }

    /// The path for the prompt: like `display`, but long steps are shortened so the
    /// prompt leaves room to type.
    public func promptDisplay(maximumStepLength: Int = 24) -> String {
        guard !isRoot else { return "/" }
        return nodes.map { node in
            let step = DisplayText.escaped(node.text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "")
            return "/" + (step.count > maximumStepLength ? String(step.prefix(maximumStepLength - 1)) + "…" : step)
        }.joined()
    }
}
