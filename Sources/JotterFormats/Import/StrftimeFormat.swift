import JotterCore

/// A time format written as for strftime (`%Y-%m-%d %H:%M`, jrnl's `timeformat`),
/// read back: the directives of dates and times that journals use (`%Y %y %m %d %H
/// %I %M %S %p %b %B %a %A %%`); any other character stands for itself. The time is
/// read in the zone given, with its offset then.
struct StrftimeFormat {
    let format: [Character]

    init(_ format: String) {
        self.format = Array(format)
    }

    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december"]
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    func timestamp(from text: Substring, in zone: any LocalZone) -> Timestamp? {
        let characters = Array(text)
        var position = 0
        var year: Int?, month = 1, day = 1, hour = 0, minute = 0, second = 0
        var afternoon: Bool?
        func number(maxDigits: Int) -> Int? {
            var value = 0, digits = 0
            while digits < maxDigits, position < characters.count, let digit = characters[position].wholeNumberValue,
                  characters[position].isASCII {
                value = value * 10 + digit
                digits += 1
                position += 1
            }
            return digits > 0 ? value : nil
        }
        func name(from names: [String]) -> Int? {
            let rest = String(characters[position...]).lowercased()
            for (index, full) in names.enumerated() {
                for candidate in [full, String(full.prefix(3))] where rest.hasPrefix(candidate) {
                    position += candidate.count
                    return index
                }
            }
            return nil
        }
        var index = 0
        while index < format.count {
            let character = format[index]
            index += 1
            guard character == "%", index < format.count else {
                guard position < characters.count, characters[position] == character else { return nil }
                position += 1
                continue
            }
            let directive = format[index]
            index += 1
            switch directive {
            case "Y": guard let value = number(maxDigits: 4) else { return nil }; year = value
            case "y": guard let value = number(maxDigits: 2) else { return nil }; year = value < 69 ? 2000 + value : 1900 + value
            case "m": guard let value = number(maxDigits: 2) else { return nil }; month = value
            case "d": guard let value = number(maxDigits: 2) else { return nil }; day = value
            case "H", "I": guard let value = number(maxDigits: 2) else { return nil }; hour = value
            case "M": guard let value = number(maxDigits: 2) else { return nil }; minute = value
            case "S": guard let value = number(maxDigits: 2) else { return nil }; second = value
            case "p":
                let rest = String(characters[position...]).uppercased()
                if rest.hasPrefix("AM") { afternoon = false } else if rest.hasPrefix("PM") { afternoon = true } else { return nil }
                position += 2
            case "b", "B", "h": guard let value = name(from: StrftimeFormat.months) else { return nil }; month = value + 1
            case "a", "A": guard name(from: StrftimeFormat.weekdays) != nil else { return nil }
            case "%": guard position < characters.count, characters[position] == "%" else { return nil }; position += 1
            default: return nil
            }
        }
        guard position == characters.count, let year else { return nil }
        if let afternoon {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (afternoon ? 12 : 0)
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return Timestamp(parsing: "\(yearText)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))", in: zone)
    }
}
