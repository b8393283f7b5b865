// libFuzzer entry points for the parsers that take what users type or import. Built
// together with the sources of JotterCore and JotterApplication by Scripts/fuzz, so
// that internals are in reach; JOTTER_FUZZ_TARGET picks the parser. A crash, or a
// broken invariant checked with precondition, is a finding.

#if canImport(Glibc)
import Glibc
#endif

private let target = getenv("JOTTER_FUZZ_TARGET").map { String(cString: $0) } ?? "prompt"
private let today = try! FieldDate(year: 2024, month: 2, day: 29)
private let form = EntryForm(fields: [
    Field(name: "price", kind: .decimal, isRequired: true),
    Field(name: "due", kind: .date),
    Field(name: "mood", kind: .choice(["good", "ok", "bad"])),
    Field(name: "note", kind: .text),
])
private let resolverStore: Store = {
    // A fresh store each run, where Scripts/fuzz keeps its work.
    let path = getenv("JOTTER_FUZZ_STORE").map { String(cString: $0) } ?? "jotter-fuzz.sqlite3"
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    let store = try! Store(path: path)
    let groceries = try! store.createList(named: "groceries", under: .root)
    _ = try! store.createList(named: "weekend", under: NavigationPath(nodes: [groceries]))
    for text in ["milk", "卵 🥚", "3", ".."] {
        _ = try! store.addEntry(text, under: NavigationPath(nodes: [groceries]), historyLine: nil)
    }
    return store
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    switch target {
    case "prompt": fuzzPrompt(bytes)
    case "inline": fuzzInline(text)
    case "decimal": fuzzDecimal(text)
    case "date": _ = try? FieldDate(parsing: text, today: today)
    case "target": _ = try? TargetResolver(store: resolverStore).resolve(text, from: .root)
    case "search": fuzzSearch(text)
    case "log": _ = try? LogWindow(since: text, until: nil, on: nil, nowMilliseconds: 1_795_000_000_000, zone: SystemZone())
    case "lines", "jsonl", "csv", "md", "taskwarrior", "todotxt", "jrnl": fuzzImport(bytes, format: ImportFormat(rawValue: target)!)
    default: fatalError("unknown JOTTER_FUZZ_TARGET \(target)")
    }
    return 0
}

/// Lines into the session as typed, pasted or sent back, with Ctrl-C and Ctrl-D, in
/// a place with fields and in one with a line limit.
private func fuzzPrompt(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let first = bytes.first else { return }
    var session = EntrySession(path: .root, form: first & 1 == 0 ? form : EntryForm(lineLimit: Int(first % 5)),
                               today: { today })
    let lines = bytes.dropFirst().split(separator: 0x0A, omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
        let text = String(decoding: line, as: UTF8.self)
        switch (first >> 1 &+ UInt8(truncatingIfNeeded: index)) % 7 {
        case 0: _ = session.handle(.pasted(text))
        case 1: _ = session.handle(.back(typed: text))
        case 2: _ = session.handle(.interrupted)
        case 3: _ = session.handle(.endOfInput)
        default: _ = session.handle(.submitted(text))
        }
        _ = session.prompt
    }
}

/// Whatever is typed after `find` becomes an expression FTS5 accepts: it may find
/// nothing, but never fails to parse, and its marks fall inside the text searched.
private func fuzzSearch(_ text: String) {
    guard let query = try? SearchQuery(text) else { return }
    let statement = try! searchDatabase.statement("SELECT rowid FROM search WHERE search MATCH ?")
    statement.bind(1, query.matchExpression)
    do {
        while try statement.step() {}
    } catch {
        preconditionFailure("\(query.matchExpression) from \(text.debugDescription): \(error)")
    }
    for sample in sampleTexts {
        for range in query.highlights(in: sample) {
            precondition(range.lowerBound >= sample.startIndex && range.upperBound <= sample.endIndex)
        }
    }
}

private let sampleTexts = ["meeting with the design team #work", "昨日東京へ行きました #日本語", "서울에서 회의", "Ärger \u{1B}[31m"]
private let searchDatabase: Database = {
    let database = try! Database(path: ":memory:")
    try! database.registerSearchTokenizer()
    try! database.execute("CREATE VIRTUAL TABLE search USING fts5(text, tokenize = 'jotter')")
    for text in sampleTexts {
        try! database.statement("INSERT INTO search (text) VALUES (?)").bind(1, text).run()
    }
    return database
}()

/// Whatever a line fills, its values come back the same through the words that show them.
private func fuzzInline(_ text: String) {
    let fill = form.fill(text, today: today)
    _ = try? fill.entry(in: form)
    let values = fill.values.keys.sorted().map { FieldValue(name: form.fields[$0].name, value: fill.values[$0]!) }
    let again = form.fill("x " + FieldValue.inlineWords(values), today: today)
    precondition(again.values == fill.values, "inline words did not read back: \(values)")
}

/// A decimal that parses shows a canonical form that parses to itself, and adding
/// zero or itself and its negation behaves.
private func fuzzDecimal(_ text: String) {
    guard let number = try? ExactDecimal(parsing: text) else { return }
    let canonical = number.description
    precondition((try? ExactDecimal(parsing: canonical))?.description == canonical, "not canonical: \(canonical)")
    precondition((number + .zero).description == canonical)
    let negated = canonical.hasPrefix("-") ? String(canonical.dropFirst()) : "-" + canonical
    if let minus = try? ExactDecimal(parsing: negated) {
        precondition((number + minus).description == "0", "x + -x is not 0 for \(canonical)")
    }
}

/// Bytes through a pipe into a format's reader, record by record, to the end or the
/// first problem.
private func fuzzImport(_ bytes: UnsafeBufferPointer<UInt8>, format: ImportFormat) {
    var ends: [Int32] = [0, 0]
    guard bytes.count < 60_000, pipe(&ends) == 0 else { return }
    _ = write(ends[1], bytes.baseAddress, bytes.count)
    close(ends[1])
    defer { close(ends[0]) }
    let source = format.source(reading: ByteLineReader(fileDescriptor: ends[0]))
    while (try? source.next()) != nil {}
}
