import Foundation
import Localization
import Testing
import TranslatorFormats

@Suite("gettext's Plural-Forms read back")
struct GettextPluralExpressionTests {
    @Test(
        "gettext's own forms for a language pick the form gettext picks",
        arguments: [
            ("nplurals=2; plural=(n > 1);", [0: 0, 1: 0, 2: 1, 1000: 1]),
            ("nplurals=2; plural=n != 1;", [0: 1, 1: 0, 2: 1]),
            (
                "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                [1: 0, 21: 0, 11: 2, 2: 1, 24: 1, 12: 2, 5: 2, 0: 2, 111: 2]
            ),
            (
                "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
                [0: 0, 1: 1, 2: 2, 3: 3, 110: 3, 11: 4, 99: 4, 100: 5, 102: 5]
            ),
            ("nplurals=1; plural=0;", [0: 0, 7: 0]),
            ("nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;", [1: 0, 3: 1, 5: 2]),
        ])
    func forms(header: String, expected: [Int: Int]) throws {
        let expression = try #require(GettextPluralExpression(header: header))
        for (n, form) in expected { #expect(expression.form(for: n) == form, "n = \(n)") }
    }

    @Test(
        "what is not a Plural-Forms gettext would read is refused",
        arguments: [
            "nplurals=INTEGER; plural=EXPRESSION;", "plural=(n != 1);", "nplurals=2; plural=(n != 1;",
            "nplurals=2; plural=n ? ;", "nplurals=9; plural=0;",
            "nplurals=2; plural=" + String(repeating: "(", count: 500),
        ])
    func refused(header: String) {
        #expect(GettextPluralExpression(header: header) == nil)
    }

    @Test("a division by zero picks form 0 instead of crashing")
    func divisionByZero() throws {
        #expect(
            try #require(GettextPluralExpression(header: "nplurals=2; plural=(1 / (n - n)) % 2;")).form(for: 3) == 0)
    }
}
