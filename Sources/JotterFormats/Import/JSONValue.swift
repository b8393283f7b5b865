import FoundationEssentials
import JotterCore

/// A JSON value of any shape, for objects whose keys are not all known ahead, such as
/// a Taskwarrior task with its user-defined attributes.
enum JSONValue: Decodable, Equatable {
    case string(String)
    /// A number as its shortest text, so that a value is kept as it was written.
    case number(String)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let whole = try? container.decode(Int64.self) {
            self = .number(String(whole))
        } else if let number = try? container.decode(Double.self) {
            self = .number(String(number))
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as one line of field text: a string or a number as it is, anything
    /// else as nil.
    var scalarText: String? {
        switch self {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .array, .object, .null: nil
        }
    }
}

/// A key of a JSON object, whatever its name.
struct AnyJSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
