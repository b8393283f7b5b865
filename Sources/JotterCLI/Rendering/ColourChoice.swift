import ArgumentParser

/// `--color`: whether standard output is styled. The one place the choice is made, for
/// every command and the prompt.
enum ColourChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never

    /// `auto` styles a terminal that is not dumb, unless NO_COLOR is set to anything;
    /// `always` styles a pipe too (`| less -R`), whatever NO_COLOR says, as it is
    /// asked for by name.
    func takesColour(outputIsTerminal: Bool, environment: (String) -> String?) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            guard outputIsTerminal else { return false }
            if let noColour = environment("NO_COLOR"), !noColour.isEmpty { return false }
            return environment("TERM") != "dumb"
        }
    }
}
