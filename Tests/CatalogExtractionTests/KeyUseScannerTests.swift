import CatalogExtraction
import Flavors
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

    /// Such keys were passed over in silence: extract did not add them, lint did not report them.
    @Test(
        "a key written with escapes, or as a raw literal, is the text it says",
        arguments: [
            (#"text("k\"q")"#, "k\"q"), (#"text("a\u{1B}b\n\t\0")"#, "a\u{1B}b\n\t\0"),
            (##"text(#"raw "q""#)"##, "raw \"q\""),
            (##"text(#"a\#nb"#)"##, "a\nb"), (##"text(#"a\nb"#)"##, "a\\nb"),
            (###"text(##"x\#y\##tz"##)"###, "x\\#y\tz"),
            // A backslash without the `#`s is itself, and the next one may start an escape.
            (##"text(#"a\\#nb"#)"##, "a\\\nb"), (#"text("\u{10FFFF}\u{41}é")"#, "\u{10FFFF}Aé"),
        ])
    func escapedKeys(source: String, key: String) {
        #expect(KeyUseScanner.scan(Array(source.utf8), path: "x.swift").map(\.key) == [key])
    }

    @Test("a key that interpolates is not a literal key; one with an escape Swift does not have is an error at it")
    func notLiteral() {
        #expect(Self.keys(#"text("a\(b)")"#) == [])
        #expect(Self.keys(##"text(#"a\#(b)"#)"##) == [])
        #expect(KeyUseScanner.scanFile(Array(#"text("a\(b)")"#.utf8), path: "x.swift").problems.isEmpty)
        // `\u{…}` takes one to eight hexadecimal digits naming a scalar, nothing else.
        let escapes = [
            #"\q"#, #"\u{}"#, #"\u{+41}"#, #"\u{000000041}"#, #"\u{D800}"#, #"\u{110000}"#, #"\u{41"#, #"\u41"#,
        ]
        for escape in escapes {
            let scan = KeyUseScanner.scanFile(Array("x = 1\nlet t = text(\"a\(escape)\")".utf8), path: "x.swift")
            #expect(scan.uses.isEmpty, "\(escape)")
            #expect(
                scan.problems.map(\.description) == [
                    "x.swift:2:14: error: the key is written with an escape Swift does not have; it is not read"
                ], "\(escape)")
        }
    }

    /// Different bytes would become one key of replacement characters.
    @Test("a key, or a comment: argument, that is not UTF-8 is an error at it, not a key of replacement characters")
    func notUTF8() {
        let source =
            Array("text(\"caf".utf8) + [0xE9] + Array(".key\")\ntext(\"ok\", comment: \"".utf8) + [0xFF]
            + Array("\")".utf8)
        let scan = KeyUseScanner.scanFile(source, path: "x.swift")
        #expect(scan.uses.map(\.key) == ["ok"])
        #expect(scan.uses.first?.comment == nil)
        #expect(
            scan.problems.map(\.description) == [
                "x.swift:1:6: error: the key is not UTF-8 text; it is not read",
                "x.swift:2:21: error: the comment's text is not UTF-8 text; it is not read",
            ])
    }

    @Test("interpolations nested past the limit are an error, not a crash; the file is scanned up to there")
    func deepNesting() {
        let deep = "text(\"before\")\n" + String(repeating: #""\("#, count: 5_000)
        let scan = KeyUseScanner.scanFile(Array(deep.utf8), path: "x.swift")
        #expect(scan.uses.map(\.key) == ["before"])
        #expect(scan.problems.count == 1)
        #expect(scan.problems.first?.message.hasPrefix("string interpolations nested more than 64 deep") == true)
        let limit = String(repeating: #""\("#, count: 64) + #"text("in")"# + String(repeating: #")""#, count: 64)
        #expect(Self.keys(limit) == ["in@1:198"])
    }

    @Test(
        "runs of # and calls under one huge translators: block take time and memory in proportion to the file",
        .timeLimit(.minutes(1)))
    func linearInputs() {
        #expect(Self.keys(String(repeating: "#", count: 200_000) + "\ntext(\"after\")") == ["after@2:6"])
        let block =
            "// translators: shown\n"
            + String(repeating: "// " + String(repeating: "c", count: 97) + "\n", count: 4_000)
        let calls = Array(repeating: #"text("k")"#, count: 6_000).joined(separator: " + ")
        let uses = KeyUseScanner.scan(Array((block + "let a = " + calls + "\n").utf8), path: "x.swift")
        #expect(uses.count == 6_000)
        #expect(uses.first?.comment?.utf8.count == 5 + 4_000 * 98)
        #expect(Set(uses.map(\.comment)).count == 1)
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

@Suite("Key uses through other calls")
struct KeyCallTests {
    static func keys(_ source: String, calls: [String]) -> [String] {
        KeyUseScanner.scan(Array(source.utf8), path: "x.swift", calls: calls).map {
            "\($0.key)@\($0.location.line):\($0.location.column)"
        }
    }

    @Test("the default call text( covers the runtime's lookups: text(, localizer.text(, flavor.text(, Summary.text(")
    func runtimeLookups() {
        let source = """
            let a = localizer.text("home.subtitle")
            let b = flavor.text("x", .int(2)); let c = Summary.text("help.queue")
            """
        #expect(
            Self.keys(source, calls: PackageLayout.defaultKeyCalls) == [
                "home.subtitle@1:24", "x@2:21", "help.queue@2:57",
            ])
    }

    @Test("configured names, dotted ones too, each where it starts a word; comments and strings still skipped")
    func configured() {
        let source = """
            let a = tr("one"); let b = L10n.tr("two", 2); let c = text("three")
            // tr("no") /* L10n.tr("no") */
            let d = "tr(\\"no\\")"; attr("no"); xL10n("no"); trx("no")
            let e = strings.tr(
                "four")
            """
        #expect(
            Self.keys(source, calls: ["tr", "L10n.tr"]) == ["one@1:12", "two@1:36", "four@5:5"])
    }

    @Test(
        "call names are Swift identifiers, possibly dotted",
        arguments: [
            ("text", true), ("L10n.tr", true), ("_t", true), ("é", true), ("", false), ("1x", false), ("a..b", false),
            ("a(", false), (".text", false),
        ])
    func callNames(name: String, valid: Bool) {
        #expect(PackageLayout.isCallName(name) == valid)
    }
}

@Suite("What a call tells extract")
struct KeyCallDetailTests {
    static func uses(_ source: String, calls: [String] = ["text", "L10n.tr"]) -> [KeyUseScanner.KeyUse] {
        KeyUseScanner.scan(Array(source.utf8), path: "x.swift", calls: calls)
    }

    @Test("comment:, defaultValue: and table: arguments are read from the call's own argument list")
    func labels() {
        let found = Self.uses(
            """
            let a = text("a", .int(n), comment: "How many \\"files\\" remain\\u{2026}")
            let b = L10n.tr(
                "b", defaultValue: "Hello, %@!",
                table: "Errors", comment: "A greeting")
            let c = text("c", .string(format(comment: "not c's")))
            """)
        #expect(found.map(\.key) == ["a", "b", "c"])
        #expect(found[0].comment == "How many \"files\" remain\u{2026}")
        #expect(found[1].defaultValue == "Hello, %@!")
        #expect(found[1].table == "Errors")
        #expect(found[1].comment == "A greeting")
        #expect(found[2].comment == nil)
    }

    @Test("a translators: comment block right above the call's line is its comment; others are not")
    func translatorsComment() {
        let found = Self.uses(
            """
            // translators: Shown when nothing is queued,
            //   before the first download.
            print(text("queue.empty"))
            // Translators: no colon match? This one counts too.
            let x = 1
            print(text("far"))
            // A plain comment.
            print(text("plain"))
            // translators: the argument wins over this.
            print(text("both", comment: "from the argument"))
            """)
        #expect(
            found.map(\.comment) == [
                "Shown when nothing is queued, before the first download.", nil, nil, "from the argument",
            ])
    }

    @Test("names after a dot in code are noted, not those in comments or strings; a call after a dot is still found")
    func memberNames() {
        let scan = KeyUseScanner.scanFile(
            Array("print(flavor.text(.queueEmpty)) // .inComment\nlet s = \".inString\"; let n = 1.5\n".utf8),
            path: "x.swift")
        #expect(scan.uses.isEmpty)
        #expect(scan.usesMember("queueEmpty"))
        #expect(scan.usesMember("text"))
        #expect(!scan.usesMember("inComment"))
        #expect(!scan.usesMember("inString"))
        #expect(!scan.usesMember("5"))
        #expect(Self.uses("let t = localizer.text(\"k\")").map(\.key) == ["k"])
    }
}
