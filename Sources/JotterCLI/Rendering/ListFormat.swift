import ArgumentParser
import JotterCore

/// The formats of `list`, `find` and `log`: `text` for people, laid out here; the
/// others are the core's formats for programs.
enum ListFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, jsonl, tsv, csv, md, txt

    /// The core's format, or nil for text.
    var nodeFormat: NodeFormat? { NodeFormat(rawValue: rawValue) }
}

extension NodeWriter {
    /// A writer for standard output: on a terminal, text goes out escaped.
    init(format: NodeFormat, terminal: TerminalFacts) {
        self.init(format: format, escapesForTerminal: terminal.outputIsTerminal)
    }
}
