import ArgumentParser
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

    private static func names(for words: [String], _ find: (Store, NavigationPath) throws -> [String]) -> [String] {
        guard let store = try? openStore(explicit: storeOption(in: words)),
              let place = try? store.restorePath().path,
              let names = try? find(store, place) else { return [] }
        return names.filter(TargetCompletion.isShowable).map(escapedForShell)
    }

    /// The value of the last `--store` among the words of the line.
    static func storeOption(in words: [String]) -> String? {
        var store: String?
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count {
                store = unquoted(words[index + 1])
            } else if word.hasPrefix("--store=") {
                store = unquoted(String(word.dropFirst("--store=".count)))
            }
        }
        return store
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
    /// expansion acts on keeps the name as it is. The other shells take them as they are.
    static func escapedForShell(_ name: String) -> String {
        guard CompletionShell.requesting == .bash else { return name }
        var out = ""
        for character in name {
            if "\\$`\"'{}~*?[]!#&;|<>()".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
