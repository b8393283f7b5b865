import ArgumentParser
import JotterCore

/// The formats of `list`: `text` for people, laid out here; the others are the
/// core's formats for programs. The parser's check, help and completion all come
/// from its cases.
enum ListFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, jsonl, tsv, csv, md, txt

    /// The core's format, or nil for text.
    var nodeFormat: NodeFormat? { NodeFormat(rawValue: rawValue) }
}

/// The formats of `find` and `log`, whose hits carry where they are: text, or one of
/// the core's formats that have a column for it.
enum FoundFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, jsonl, tsv

    /// The core's format, or nil for text.
    var nodeFormat: NodeFormat? { NodeFormat(rawValue: rawValue) }
}

extension NodeWriter {
    /// A writer for standard output: on a terminal, text goes out escaped.
    init(format: NodeFormat, terminal: TerminalFacts) {
        self.init(format: format, escapesControls: terminal.outputIsTerminal)
    }
}
