import ArgumentParser
import JotterCore
import JotterFormats

/// The formats of `list`: `text` for people, laid out here; the others are
/// JotterFormats' formats for programs. The parser's check, help and completion all come
/// from its cases.
enum ListFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, jsonl, tsv, csv, md, txt

    /// The `NodeFormat` it is, or nil for text.
    var nodeFormat: NodeFormat? { NodeFormat(rawValue: rawValue) }
}

/// The formats of `find` and `log`, whose hits carry where they are: text, or one of
/// the `NodeFormat`s that have a column for it.
enum FoundFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, jsonl, tsv

    /// The `NodeFormat` it is, or nil for text.
    var nodeFormat: NodeFormat? { NodeFormat(rawValue: rawValue) }
}

extension NodeWriter {
    /// A writer for standard output: on a terminal, text goes out escaped.
    init(format: NodeFormat, terminal: TerminalFacts) {
        self.init(format: format, escapesControls: terminal.outputIsTerminal)
    }
}
