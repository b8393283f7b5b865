/// A length of time in whole seconds, read from an environment variable such as
/// JOTTER_KEY_TIMEOUT or JOTTER_PASSPHRASE_TIMEOUT.
public enum SecondsSetting {
    /// `value` as a whole number of seconds above zero, or `defaultSeconds` when the
    /// variable is unset or empty; anything else is an error naming the variable.
    public static func seconds(_ value: String?, variable: String, default defaultSeconds: Int) throws -> Int {
        guard let value, !value.isEmpty else { return defaultSeconds }
        // Digits only: Int("+5") would take a sign, and a timeout is never written so.
        guard value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let seconds = Int(value), seconds > 0, seconds <= Int(UInt32.max) else {
            throw JotterError.input("\(variable): '\(DisplayText.escaped(value))' is not a whole number of seconds above 0")
        }
        return seconds
    }
}
