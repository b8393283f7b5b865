import JotterCore

/// An import's loop, here with the formats so that it is compiled for their source.
extension Store {
    /// Reads every record from `source` into the store under `options.target`, in one
    /// transaction. A bad record stops it with an `ImportProblem` and the store as it
    /// was; with `dryRun`, everything is checked and written, then rolled back.
    public func importRecords(from source: inout some ImportSource, options: ImportOptions) throws -> ImportSummary {
        try importEach(from: &source, options: options)
    }

    /// `importRecords` for the formats' source, named here so that the import loop is
    /// compiled for it in this module: called from another one, the generic function
    /// runs unspecialized, every record copied and destroyed by the runtime.
    public func importRecords(from source: inout FormatSource, options: ImportOptions) throws -> ImportSummary {
        try importEach(from: &source, options: options)
    }

    private func importEach(from source: inout some ImportSource, options: ImportOptions) throws -> ImportSummary {
        try importing(options: options) { importer in
            guard let check = options.checkItem else {
                while try source.next(record: { try importer.add($0) },
                                      itemText: { text, line in try importer.addItem(text: text, line: line) }) != nil {
                    if options.shouldStop() { throw ImportInterrupted() }
                }
                return
            }
            while try source.next(record: { record in
                guard record.kind == .item else { return try importer.add(record) }
                let checked = try check(record.text, record.fields ?? [], record.line)
                var record = record
                record.text = checked.text
                if !checked.fields.isEmpty || record.fields != nil { record.fields = checked.fields }
                try importer.add(record)
            }, itemText: { text, line in
                let checked = try check(String(decoding: text, as: UTF8.self), [], line)
                try importer.add(ImportRecord(text: checked.text, fields: checked.fields.isEmpty ? nil : checked.fields, line: line))
            }) != nil {
                if options.shouldStop() { throw ImportInterrupted() }
            }
        }
    }
}
