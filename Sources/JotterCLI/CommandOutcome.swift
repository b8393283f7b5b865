import JotterCore

/// What a command did that the one running it must follow: the prompt feeds it to its
/// entry session, a one-shot command saves the place.
enum CommandOutcome: Equatable {
    case nothing
    /// The place moved there (`cd`, `up`, `new`, or `add` after its place was deleted).
    case moved(NavigationPath)
    /// The item's text is to be put in the prompt's line to edit (`:edit` without text).
    case edit(Node)
    /// The prompt is to end (`:quit`).
    case quit
    /// The prompt's entries are dated then from now on (`:at`); nil: made now again.
    case dated(EntryDating?, words: String)
}
