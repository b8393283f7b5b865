/// The one escaping of a quoted value that inline fields (`note:"a \"b\""`) and
/// Markdown attribute blocks (`{note="a \"b\""}`) share: a quote or a backslash goes
/// behind a backslash.
public enum QuotedText {
    public static func escaped(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" }) else { return value }
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }
}
