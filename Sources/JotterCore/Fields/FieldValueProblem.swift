/// Why typed text is not a value of a field's type. The reason completes
/// "X is not a valid <type>: <reason>", so callers word the whole message and can
/// name the field and the text as they see fit.
public struct FieldValueProblem: Error, Equatable, Sendable {
    /// A short lowercase clause, such as "it has two decimal points".
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
