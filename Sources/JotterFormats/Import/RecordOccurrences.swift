import JotterCore

/// How many records equal to the one being read came before it in the file, so that
/// two equal todo.txt lines or jrnl entries make two items, each with an id of its own
/// (`RecordIDs`). A record is remembered by a 64-bit digest of what it holds, not by
/// its text: keeping every line whole made an import's memory grow with its file. Two
/// records that differ and share a digest number each other's occurrences, the same
/// way at every import; their ids still come from their own texts.
struct RecordOccurrences {
    private var seenOnce: Set<UInt64> = []
    private var seenMore: [UInt64: Int] = [:]

    /// How many records with these `parts` came before, counting this one for the next.
    mutating func count(_ parts: [String]) -> Int {
        let digest = RecordIDs.digest(of: parts)
        if seenOnce.insert(digest).inserted { return 0 }
        let earlier = seenMore[digest, default: 1]
        seenMore[digest] = earlier + 1
        return earlier
    }
}
