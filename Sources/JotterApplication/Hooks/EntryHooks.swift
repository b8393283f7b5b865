import FoundationEssentials
import JotterCore
import JotterFormats

/// An entry on its way to or from the store, as the hooks are told about it.
public struct HookEntry: Sendable {
    /// The committed item; nil before an `add` is written.
    public var node: Node?
    public var text: String
    public var fields: [FieldValue]
    /// The place the entry is in.
    public var place: NavigationPath

    public init(node: Node?, text: String, fields: [FieldValue], place: NavigationPath) {
        self.node = node
        self.text = text
        self.fields = fields
        self.place = place
    }
}

/// What the `before` hooks made of an entry.
public enum HookVerdict: Equatable, Sendable {
    /// Go on with this text and these fields: the entry's own, or a hook's replacement.
    case accepted(text: String, fields: [FieldValue])
    /// Nothing is written. `field` names the field of the form the hook found wrong.
    case refused(message: String, field: String?)
}

/// Runs the hooks that apply to entries at a place. One per command: whether the
/// store has any hook is asked once, so a store without hooks pays one query.
public final class EntryHooks {
    let store: Store
    /// Whether any hook runs; a prompt command with --no-hooks turns it off for itself.
    public var isEnabled: Bool
    private var storeHasHooks: Bool?

    /// `isEnabled` false (`--no-hooks`, `JOTTER_NO_HOOKS=1`) runs none.
    public init(store: Store, isEnabled: Bool) {
        self.store = store
        self.isEnabled = isEnabled
    }

    /// Asks again whether the store has hooks: at the prompt, at each entry and
    /// command, as one may have added one.
    public func recheck() {
        storeHasHooks = nil
    }

    /// Whether any hook may run for what this command does: false when they are off or
    /// the store has none, so that nothing is read to tell them.
    public func mayRun() throws -> Bool {
        guard isEnabled else { return false }
        if storeHasHooks == nil { storeHasHooks = try store.hasHooks() }
        return storeHasHooks == true
    }

    /// The hooks that run for `event` at `place`, in order, and how many that would
    /// have run wait to be trusted.
    func applying(_ timing: Hook.Timing, on event: Hook.Event, at place: NavigationPath) throws
        -> (hooks: [(hook: Hook, place: NavigationPath)], waiting: Int) {
        guard try mayRun() else { return ([], 0) }
        let matching = HookOrder.applying(try store.hookLevels(along: place))
            .filter { $0.hook.timing == timing && $0.hook.event == event }
        let trusted = matching.filter(\.hook.isTrusted)
        return (trusted, matching.count - trusted.count)
    }

    /// Runs the `before` hooks in order; each sees the entry as the ones before it
    /// left it. A replacement is checked against `form` as typed input is.
    public func runBefore(_ event: Hook.Event, _ entry: HookEntry, form: EntryForm, today: FieldDate,
                          notices: inout [String]) throws -> HookVerdict {
        let (hooks, waiting) = try applying(.before, on: event, at: entry.place)
        if waiting > 0 { notices.append(HookMessages.waiting(waiting)) }
        var entry = entry
        for (hook, place) in hooks {
            let result = run(hook, event: event, entry: entry)
            let name = "hook \(place.display)"
            switch result.ending {
            case .exited(0):
                guard let reply = try HookReply.parse(result.output, from: name) else { continue }
                switch try reply.replacing(entry, form: form, today: today, from: name) {
                case .accepted(let text, let fields):
                    entry.text = text
                    entry.fields = fields
                case .refused(let message, let field):
                    return .refused(message: message, field: field)
                }
            case .exited, .signalled:
                let reason = result.firstErrorLine.map(HookMessages.line) ?? HookMessages.ending(result.ending)
                let field = (try? HookReply.parse(result.output, from: name))??.field
                return .refused(message: "\(name): \(reason)", field: field.flatMap { form.index(ofField: $0) == nil ? nil : $0 })
            case .timedOut, .outputCut, .couldNotStart:
                return .refused(message: "\(name): \(HookMessages.ending(result.ending, timeout: hook.timeoutSeconds))", field: nil)
            }
        }
        return .accepted(text: entry.text, fields: entry.fields)
    }

    /// The `after` hooks to run for `entry`, ready to run anywhere (the prompt runs
    /// them away from the line being typed), and a notice of those waiting to be
    /// trusted. Only this touches the store.
    public func afterHooks(_ event: Hook.Event, _ entry: HookEntry) throws -> (pending: PendingHooks, notices: [String]) {
        let (hooks, waiting) = try applying(.after, on: event, at: entry.place)
        let pending = PendingHooks(
            runs: hooks.map { (name: "hook \($0.place.display)", command: $0.hook.command, timeoutSeconds: $0.hook.timeoutSeconds) },
            input: HookEntryJSON.input(of: entry), environment: environment(event, entry))
        return (pending, waiting > 0 ? [HookMessages.waiting(waiting)] : [])
    }

    /// The entry reaches the command only as data: JSON on standard input and values
    /// of the environment, never words of the command line.
    private func run(_ hook: Hook, event: Hook.Event, entry: HookEntry) -> HookProcessResult {
        HookProcess.run(command: hook.command, input: HookEntryJSON.input(of: entry),
                        environment: environment(event, entry), timeoutSeconds: hook.timeoutSeconds)
    }

    private func environment(_ event: Hook.Event, _ entry: HookEntry) -> [String: String] {
        [
            "JOTTER_EVENT": event.rawValue,
            "JOTTER_ID": entry.node?.id.description ?? "",
            "JOTTER_PATH": entry.place.display,
            "JOTTER_STORE": store.path,
        ]
    }
}

/// `after` hooks with all they need, apart from the store: they may run on another
/// thread while the prompt goes on.
public struct PendingHooks: Sendable {
    let runs: [(name: String, command: String, timeoutSeconds: Int)]
    let input: HookInput
    let environment: [String: String]

    public var isEmpty: Bool { runs.isEmpty }

    /// Runs them in order, and returns what went wrong, a line each.
    public func run() -> [String] {
        runs.compactMap { run in
            let result = HookProcess.run(command: run.command, input: input, environment: environment,
                                         timeoutSeconds: run.timeoutSeconds)
            guard result.ending != .exited(0) else { return nil }
            let reason = result.ending == .timedOut || result.firstErrorLine == nil
                ? HookMessages.ending(result.ending, timeout: run.timeoutSeconds)
                : HookMessages.line(result.firstErrorLine ?? "")
            return "\(run.name): \(reason)"
        }
    }
}

enum HookMessages {
    static func waiting(_ count: Int) -> String {
        count == 1
            ? "1 hook here waits to be trusted and did not run ('jotter trust' shows it and lets it run)"
            : "\(count) hooks here wait to be trusted and did not run ('jotter trust' shows them and lets them run)"
    }

    /// A line a hook wrote, cut to a length a message can hold.
    static func line(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(199)) + "…" : text
    }

    static func ending(_ ending: HookProcessResult.Ending, timeout: Int = Hook.defaultTimeoutSeconds) -> String {
        switch ending {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "ended by signal \(signal)"
        case .timedOut: "ran past its timeout of \(timeout) s and was stopped"
        case .outputCut: "wrote more than \(HookProcess.outputLimit / (1 << 20)) MiB and was stopped"
        case .couldNotStart(let why): why
        }
    }
}

/// The entry as `list --format json` shows it, with the text and fields it is about
/// to have. Before an `add` is written it has neither id nor times yet: the object
/// then holds its kind, text, parent and fields. The text is escaped as the hook
/// reads it (`HookInput`), not here.
enum HookEntryJSON {
    static func input(of entry: HookEntry) -> HookInput {
        let out = OutputBuffer()
        var textAt = 0
        if let node = entry.node {
            NodeWriter(format: .json).writeJSON(node, fields: entry.fields, parentID: entry.place.top?.id, to: out) {
                textAt = out.bytes.count
            }
        } else {
            out.write("{\"kind\":\"item\",\"text\":")
            textAt = out.bytes.count
            if let parent = entry.place.top {
                out.write(",\"parent\":\"")
                out.write(parent.id)
                out.write("\"")
            } else {
                out.write(",\"parent\":null")
            }
            if !entry.fields.isEmpty {
                out.write(",\"fields\":{")
                for (index, field) in entry.fields.enumerated() {
                    if index > 0 { out.write(",") }
                    JSON.writeString(field.name, to: out)
                    out.write(":")
                    JSON.writeString(field.value, to: out)
                }
                out.write("}")
            }
            out.write("}")
        }
        out.write("\n")
        // Before an edit, the text is the one it is about to get, not the node's.
        return HookInput(head: Array(out.bytes[..<textAt]) + [UInt8(ascii: "\"")], text: entry.text,
                         tail: [UInt8(ascii: "\"")] + out.bytes[textAt...])
    }
}

/// What a `before` hook may print on standard output: a replacement of the entry
/// (`{"text": …, "fields": {…}}`), or, with a refusal, the field it found wrong
/// (`{"field": "receipt", "message": …}`). Anything else it prints is ignored.
struct HookReply: Decodable {
    let text: String?
    let fields: [String: String]?
    let field: String?
    let message: String?

    static func parse(_ output: [UInt8], from hook: String) throws -> HookReply? {
        guard let first = output.firstIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }),
              output[first] == UInt8(ascii: "{") else { return nil }
        do {
            return try JSONDecoder().decode(HookReply.self, from: Data(output))
        } catch {
            throw JotterError.input("\(hook): printed something that starts like a JSON object but is not one")
        }
    }

    /// The entry with what the hook gave in place of its own; a value that would be
    /// refused when typed is refused here too.
    func replacing(_ entry: HookEntry, form: EntryForm, today: FieldDate, from hook: String) throws -> HookVerdict {
        guard text != nil || fields != nil else { return .accepted(text: entry.text, fields: entry.fields) }
        let newText = text.map(EntryText.trimmed) ?? entry.text
        guard !newText.isEmpty else { return .refused(message: "\(hook): replaced the entry with empty text", field: nil) }
        if let problem = EntryText.problem(with: newText.utf8) {
            return .refused(message: "\(hook): the text it gave \(problem)", field: nil)
        }
        guard let fields else { return .accepted(text: newText, fields: entry.fields) }
        var values: [Int: String] = [:]
        for (name, typed) in fields {
            guard let index = form.index(ofField: name) else {
                return .refused(message: "\(hook): gave a value for '\(name)', which \(entry.place.display) does not ask for",
                                field: nil)
            }
            do {
                values[index] = try form.fields[index].storedValue(of: typed, today: today)
            } catch {
                return .refused(message: "\(hook): \(form.fields[index].message(for: error, typed: typed))", field: name)
            }
        }
        if let missing = form.fields.indices.first(where: { form.fields[$0].isRequired && values[$0] == nil }) {
            let name = form.fields[missing].name
            return .refused(message: "\(hook): left out \(name), which is required here", field: name)
        }
        return .accepted(text: newText, fields: form.fieldValues(values))
    }
}
