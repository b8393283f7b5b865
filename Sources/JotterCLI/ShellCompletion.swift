import ArgumentParser
import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// The names a shell's Tab asks jotter for. The completion scripts the argument
/// parser writes call `jotter ---completion COMMAND -- ARGUMENT …` with the words of
/// the line; the parser finds the argument and runs its kind below, so the words are
/// read by the one parser there is. A store that is not there, or that is encrypted
/// with no key in the keyring, gives no names: Tab never makes a store nor asks for
/// a passphrase.
enum ShellCompletion {
    /// Lists and items, as a target names them: `gro/we` → `gro/weekend`.
    static let targets = CompletionKind.custom { words, _, prefix in
        names(for: words) { store, place in
            try TargetCompletion(store: store).candidates(for: unquoted(prefix), from: place)
        }
    }

    /// The fields of the current place's form, for a command that names one.
    static let fields = CompletionKind.custom { words, _, prefix in
        names(for: words) { store, place in
            let typed = unquoted(prefix)
            return try store.form(at: place).fields.map(\.name).filter { $0.hasPrefix(typed) }
        }
    }

    /// A choice field's values where an entry's words give fields (`add tea mood:go`
    /// → `mood:good`), among the fields of the place the entry goes (`--to`, else here).
    static let choiceValues = CompletionKind.custom { words, _, prefix in
        names(for: words) { store, here in
            let place = try option("--to", in: words).map { try TargetResolver(store: store).resolve($0, from: here) } ?? here
            let fields = try store.form(at: place).fields
            func choices(of name: String) -> [String] {
                guard case .choice(let choices) = fields.first(where: { $0.name == name })?.kind else { return [] }
                return choices
            }
            let typed = unquoted(prefix)
            // bash splits a word at ':' (COMP_WORDBREAKS) and asks for the value alone,
            // the field's name two words before.
            if CompletionShell.requesting == .bash, words.count >= 3, words[words.count - 2] == ":" {
                return choices(of: words[words.count - 3]).filter { $0.hasPrefix(typed) }
            }
            guard let colon = typed.firstIndex(of: ":") else { return [] }
            let name = String(typed[..<colon])
            return choices(of: name).filter { $0.hasPrefix(typed[typed.index(after: colon)...]) }.map { name + ":" + $0 }
        }
    }

    private static func names(for words: [String], _ find: (Store, NavigationPath) throws -> [String]) -> [String] {
        guard let store = try? openStore(explicit: option("--store", in: words)),
              let place = try? store.restorePath().path,
              let names = try? find(store, place) else { return [] }
        return names.filter(TargetCompletion.isShowable).map(escapedForShell)
    }

    /// The value of the last `name` option among the words of the line (`--store PATH`
    /// or `--store=PATH`).
    static func option(_ name: String, in words: [String]) -> String? {
        var value: String?
        for (index, word) in words.enumerated() {
            if word == name, index + 1 < words.count {
                value = unquoted(words[index + 1])
            } else if word.hasPrefix(name + "=") {
                value = unquoted(String(word.dropFirst(name.count + 1)))
            }
        }
        return value
    }

    private static func openStore(explicit: String?) throws -> Store? {
        let path = try StoreLocation.resolve(explicit: explicit, environment: Terminal.environment)
        guard access(path, R_OK) == 0 else { return nil }
        do {
            return try Store(path: path)
        } catch let needed as Store.KeyNeeded {
            guard var cached = KeyCache().key(for: StoreKey.identity(ofSalt: needed.salt)) else { return nil }
            defer { cached.wipe() }
            return try Store(path: path, key: StoreKey(bytes: cached, salt: needed.salt))
        }
    }

    /// The word as the shell has it, quotes and backslashes taken away: bash and zsh
    /// pass the word being completed as it was typed (`weekend\ t`).
    static func unquoted(_ word: String) -> String {
        var out = ""
        var escaping = false
        var quote: Character?
        for character in word {
            if escaping {
                out.append(character)
                escaping = false
            } else if character == "\\" && quote != "'" {
                escaping = true
            } else if let open = quote, character == open {
                quote = nil
            } else if quote == nil && (character == "'" || character == "\"") {
                quote = character
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// bash's script hands the names to `compgen -W`, which expands each word as the
    /// shell would (`$HOME`, `` `…` ``, quotes): a backslash before each character that
    /// expansion acts on keeps the name as it is. zsh's hands them to `_describe`, which
    /// reads a ':' as the start of a description (`mood:good`). fish takes them as they are.
    static func escapedForShell(_ name: String) -> String {
        let special: String
        switch CompletionShell.requesting {
        case .bash?: special = "\\$`\"'{}~*?[]!#&;|<>()"
        case .zsh?: special = "\\:"
        default: return name
        }
        var out = ""
        for character in name {
            if special.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
