import JotterCore
import Testing

@Suite struct ExactDecimalTests {
    private static let longInteger = String(repeating: "1234567890", count: 25)
    private static let longFraction = "0." + String(repeating: "0", count: 29) + "1"

    @Test(arguments: [
        ("0", "0"),
        ("7", "7"),
        ("007", "7"),
        ("000", "0"),
        ("1.0", "1"),
        ("1.50", "1.5"),
        ("1.05", "1.05"),
        ("5.", "5"),
        (".5", "0.5"),
        ("0.5", "0.5"),
        ("00.050", "0.05"),
        ("10", "10"),
        ("1000000000", "1000000000"),
        ("100.100", "100.1"),
        ("+3", "3"),
        ("-3", "-3"),
        ("\u{2212}3.25", "-3.25"),
        ("-0", "0"),
        ("-0.00", "0"),
        ("+0.", "0"),
        ("-.5", "-0.5"),
        ("1,234.5", "1234.5"),
        ("1,234,567", "1234567"),
        ("-12,345.6789", "-12345.6789"),
        ("999", "999"),
        ("0,001", "1"),
        ("  42\t", "42"),
        ("\u{3000}42\u{00A0}", "42"),
        ("\n-1.5\r\n", "-1.5"),
        ("１２３", "123"),
        ("１，２３４．５０", "1234.5"),
        ("－７", "-7"),
        ("＋７", "7"),
        ("１2.3４", "12.34"),
        ("0.000000001", "0.000000001"),
        ("0.0000000001", "0.0000000001"),
        ("123456789.123456789", "123456789.123456789"),
        ("1234567891.1234567891", "1234567891.1234567891"),
        (longFraction, longFraction),
        (longInteger, longInteger),
        ("-" + longInteger + "." + longInteger + "1000", "-" + longInteger + "." + longInteger + "1"),
        (String(repeating: "0", count: 300) + "1", "1"),
    ])
    func canonicalForm(input: String, expected: String) throws {
        #expect(try ExactDecimal(parsing: input).description == expected)
    }

    @Test(arguments: [
        ("1.50", "1.5"),
        ("-0", "0"),
        ("1,000", "1000.000"),
        ("１２", "12"),
        ("0.1", ".10"),
    ])
    func equalNumbersAreEqualValues(left: String, right: String) throws {
        let (a, b) = (try ExactDecimal(parsing: left), try ExactDecimal(parsing: right))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test(arguments: [("-1", true), ("1", false), ("-0.0", false), ("0", false), ("\u{2212}0.001", true)])
    func sign(input: String, isNegative: Bool) throws {
        #expect(try ExactDecimal(parsing: input).isNegative == isNegative)
    }

    @Test func aThousandDigitsAreAcceptedAndNoMore() throws {
        let thousand = String(repeating: "9", count: 1000)
        #expect(try ExactDecimal(parsing: thousand).description == thousand)
        let split = String(thousand.prefix(400)) + "." + String(thousand.suffix(600))
        #expect(try ExactDecimal(parsing: split).description == split)

        let problem = #expect(throws: FieldValueProblem.self) {
            try ExactDecimal(parsing: thousand + "9")
        }
        #expect(problem?.reason.contains("1,000") == true)
        #expect(throws: FieldValueProblem.self) { try ExactDecimal(parsing: "0." + thousand) }
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("   ", "it is empty"),
        ("-", "it has no digits"),
        ("+", "it has no digits"),
        ("\u{2212}", "it has no digits"),
        (".", "it has no digits"),
        ("-.", "it has no digits"),
        ("1 234", "it has a space inside"),
        ("- 5", "it has a space inside"),
        ("1.2.3", "it has two decimal points"),
        ("1..2", "it has two decimal points"),
        ("1.2.3.4", "it has 3 decimal points"),
        ("1e5", "exponents are not accepted; write the number out"),
        ("1E-3", "exponents are not accepted; write the number out"),
        ("2.5e+10", "exponents are not accepted; write the number out"),
        ("１e５", "exponents are not accepted; write the number out"),
        ("NaN", "NaN is not accepted"),
        ("-nan", "NaN is not accepted"),
        ("inf", "infinity is not accepted"),
        ("-Infinity", "infinity is not accepted"),
        ("12a", "'a' cannot be part of a number"),
        ("e5", "'e' cannot be part of a number"),
        ("1eggs", "'e' cannot be part of a number"),
        ("$5", "'$' cannot be part of a number"),
        ("1\u{200B}2", "U+200B cannot be part of a number"),
        ("0x1F", "'x' cannot be part of a number"),
        ("--5", "a sign can only come first"),
        ("5-", "a sign can only come first"),
        ("+-5", "a sign can only come first"),
        ("1,234.567,8", "thousands separators are not accepted after the decimal point"),
        ("0.5,", "thousands separators are not accepted after the decimal point"),
    ])
    func rejected(input: String, reason: String) {
        #expect(throws: FieldValueProblem(reason: reason)) { try ExactDecimal(parsing: input) }
    }

    @Test(arguments: ["12,34", "1,23,456", ",123", "1,", "1,234,56", "1234,567", "1,234567", "1,,234", "1,.5", "-,5", "1，23"])
    func misplacedSeparatorsAreRejected(input: String) {
        let problem = #expect(throws: FieldValueProblem.self) { try ExactDecimal(parsing: input) }
        #expect(problem?.reason.contains("separator") == true)
    }

    @Test(arguments: [
        ("0.1", "0.2", "0.3"),
        ("-5", "3", "-2"),
        ("5", "-3", "2"),
        ("-5", "-3", "-8"),
        ("3", "-5", "-2"),
        ("1.5", "-1.5", "0"),
        ("-0.25", "0.25", "0"),
        ("0.5", "0.5", "1"),
        ("0.75", "0.25", "1"),
        ("1.005", "-0.005", "1"),
        ("0", "0", "0"),
        ("0", "-7.1", "-7.1"),
        ("999999999", "1", "1000000000"),
        ("1000000000", "-1", "999999999"),
        ("0.999999999", "0.000000001", "1"),
        ("12.5", "0.125", "12.625"),
        ("1", "0.000000000000000000000000000001", "1.000000000000000000000000000001"),
        ("-0.000000000000000000000000000001", "0.000000000000000000000000000003", "0.000000000000000000000000000002"),
        ("99999999999999999999999999999999999999999", "1", "100000000000000000000000000000000000000000"),
        ("100000000000000000000000000000000000000000", "-1", "99999999999999999999999999999999999999999"),
        ("-100000000000000000000000000000000000000000", "99999999999999999999999999999999999999999.5", "-0.5"),
        ("123456789012345678901234567890.123456789", "876543210987654321098765432109.876543211", "1000000000000000000000000000000"),
    ])
    func sum(left: String, right: String, expected: String) throws {
        let (a, b) = (try ExactDecimal(parsing: left), try ExactDecimal(parsing: right))
        #expect((a + b).description == expected)
        #expect((b + a).description == expected)
    }

    @Test func zeroAddsNothing() throws {
        let value = try ExactDecimal(parsing: "-12.34")
        #expect(ExactDecimal.zero + value == value)
        #expect(ExactDecimal.zero.description == "0")
        #expect(!ExactDecimal.zero.isNegative)
    }

    @Test func aLongRunOfSumsStaysExact() throws {
        let cent = try ExactDecimal(parsing: "0.01")
        let price = try ExactDecimal(parsing: "123456.78")
        let refund = try ExactDecimal(parsing: "-99999.5")
        var total = ExactDecimal.zero
        for _ in 0..<100_000 {
            total = total + cent + price + refund
        }
        #expect(total.description == "2345729000")
    }
}
