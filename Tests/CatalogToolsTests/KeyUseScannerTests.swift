import CatalogTools
import Testing

@Suite("Key uses in sources")
struct KeyUseScannerTests {
    static func keys(_ source: String) -> [String] {
        KeyUseScanner.scan(Array(source.utf8), path: "x.swift").map {
            "\($0.key)@\($0.location.line):\($0.location.column)"
        }
    }

    @Test("literal keys after text( are found with the position of their quote, also inside interpolations")
    func found() {
        #expect(Self.keys("let a = text(\"one\")\n  b = context.text(\"two\", .int(2))") == ["one@1:14", "two@2:20"])
        #expect(
            Self.keys("print(\"total: \\(text(\"three\")) and \\(x(y(text(\"four\"))))\")") == [
                "three@1:22", "four@1:47",
            ])
        #expect(Self.keys("let s = \"\"\"\n  \\(text(\"five\"))\n  \"\"\"") == ["five@2:10"])
    }

    @Test("a key on the line after text(, where a formatter puts long calls, is found where it is")
    func brokenLine() {
        #expect(Self.keys("x = text(\n    \"six\", .int(6))\ny = text( \"seven\")") == ["six@2:5", "seven@3:11"])
    }

    @Test("comments, other strings, other names and keys built at run time are not uses")
    func notFound() {
        #expect(Self.keys("// text(\"a\")\n/* text(\"b\") /* nested */ text(\"c\") */") == [])
        #expect(Self.keys("let s = \"text(\\\"d\\\")\"; let r = #\"text(\"e\")\"#") == [])
        #expect(Self.keys("subtext(\"f\"); context(\"g\"); text(name); text(\"h\\(i)\")") == [])
        #expect(Self.keys("let m = \"\"\"\ntext(\"j\")\n\"\"\"; let k = text(\"after\")") == ["after@3:19"])
    }
}
