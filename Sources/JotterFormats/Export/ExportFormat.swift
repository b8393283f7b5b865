import JotterCore

/// What `export` writes: the formats of `list` that describe a tree, those of the tools
/// a journal comes from and goes to, and the static site (a folder, `JournalSite`).
public enum ExportFormat: String, CaseIterable, Sendable {
    case jsonl, json, csv, md, txt, taskwarrior, todotxt, jrnl, html

    /// The tree format it is; nil for the tools' formats and the site.
    public var nodeFormat: NodeFormat? { NodeFormat(rawValue: rawValue) }

    public static let siteWithoutFolder = "--format html writes a folder of pages: name it with --to FOLDER"
}

extension Store {
    /// Writes the entries under `top` in `format`, in one read: the entries themselves,
    /// or everything below with `recursive`. The tools' formats always take everything
    /// below, as the lists on the way are where those tools keep their projects;
    /// Taskwarrior's takes the trash too, as deleted tasks. The site is a folder of
    /// pages, not a stream: `exportSite` writes it.
    public func export(_ format: ExportFormat, under top: Node?, recursive: Bool, escapesControls: Bool = false,
                       to out: OutputBuffer) throws {
        try read {
            switch format {
            case .jsonl, .json, .csv, .md, .txt:
                try exportTree(under: top, as: format.nodeFormat!, recursive: recursive, escapesControls: escapesControls,
                               to: out)
            case .taskwarrior:
                var writer = TaskwarriorWriter()
                try walk(under: top, recursive: true, includingTrash: true) { try writer.write($0, to: out) }
                try writer.end(to: out)
            case .todotxt:
                let writer = TodoTxtWriter()
                try walk(under: top, recursive: true) { writer.write($0, to: out) }
            case .jrnl:
                let writer = JrnlWriter()
                try walk(under: top, recursive: true) { writer.write($0, to: out) }
            case .html:
                throw JotterError.input(ExportFormat.siteWithoutFolder)
            }
        }
    }

    /// Writes the static site of the entries under `top` into the folder at `path`: the
    /// entries are read twice, oldest first, the first time only their times (see
    /// `JournalSite`).
    public func exportSite(under top: Node?, title: String, folder path: String) throws {
        var site = JournalSite(folder: try SiteFolder(path: path), zone: SystemZone(), title: title,
                               decimalFields: try decimalFieldNames())
        try forEachJournalEntry(under: top) { site.count(createdMilliseconds: $0) } entry: {
            try site.write($0)
        }
        try site.finish()
    }

    private func exportTree(under top: Node?, as nodeFormat: NodeFormat, recursive: Bool, escapesControls: Bool,
                            to out: OutputBuffer) throws {
        var writer = NodeWriter(format: nodeFormat, escapesControls: escapesControls)
        let fieldColumns = nodeFormat == .csv ? try fieldNames(under: top, recursive: recursive) : []
        writer.begin(fieldColumns: fieldColumns, to: out)
        var position: Int64 = 0
        try walk(under: top, recursive: recursive, itemsFirst: nodeFormat == .md) { step in
            position += 1
            try writer.write(step.node, fields: step.fields, position: position, parentID: step.parentID,
                             depth: step.depth, listPath: step.listPath, to: out)
        }
        writer.end(to: out)
    }
}
