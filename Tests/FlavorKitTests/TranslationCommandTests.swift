import Flavors
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("flavorkit export to translators, import, status")
struct TranslationCommandTests {
    /// Every file under the copy's catalogs and flavors, path → bytes.
    static func contents(_ root: URL) throws -> [String: Data] { try FileTree.contents(of: root) }

    /// The files an export wrote (`wrote PATH` lines).
    static func written(_ result: ToolRunner.Result) -> [String] {
        result.output.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.map { String($0.dropFirst(6)) }
    }

    /// Exports `format` (for `flavor`) into `root/out/`; the paths to import (`.xcloc`
    /// folders, not their insides).
    static func export(_ format: String, flavor: String? = nil, root: URL) throws -> [String] {
        let result = try ToolRunner.run(
            ["export", "--format", format, "--root", root.path, "--output", root.path + "/out/"]
                + (flavor.map { ["--flavor", $0] } ?? []))
        try #require(result.status == 0, "\(result.errors)")
        let files = Self.written(result)
        guard format == "xcloc" else { return files.filter { !$0.hasSuffix(".json") } }
        return Array(Set(files.map { String($0[..<$0.range(of: ".xcloc/")!.upperBound].dropLast()) })).sorted()
    }

    @Test("export → import with no edits changes no byte", arguments: ["po", "xliff", "xcloc"])
    func unchangedRoundTrip(format: String) throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try Self.contents(root)
        for flavor in [nil, "Light", "Regular"] {
            let files = try Self.export(format, flavor: flavor, root: root)
            #expect(files.count >= 8)
            let result = try ToolRunner.run(["import", "--root", root.path] + files)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.errors == "")
            #expect(result.output == "0 translations taken, 0 files written\n")
            try FileManager.default.removeItem(at: root.appendingPathComponent("out"))
        }
        #expect(try Self.contents(root) == before)
    }

    @Test(
        "msgfmt --check accepts every PO file, and --statistics agrees with flavorkit status",
        .enabled(if: SystemTool.shouldRun("msgfmt"), "gettext's msgfmt is not installed (CI always runs this)"))
    func msgfmtJudgesPO() throws {
        let msgfmt = try SystemTool.require("msgfmt", package: "gettext")
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let status = try ToolRunner.run(["status", "--format", "json", "--root", root.path])
        try #require(status.status == 0)
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])?["rows"]
                as? [[String: Any]])
        var checked = 0
        for flavor in [nil, "Light", "Regular"] {
            // language → msgfmt's translated, fuzzy and untranslated counts over its files.
            var counted: [String: [Int]] = [:]
            for file in try Self.export("po", flavor: flavor, root: root) {
                let result = try SystemTool.run(msgfmt, ["--check", "--statistics", "-o", "/dev/null", file])
                #expect(result.status == 0, "\(file): \(result.errors)")
                #expect(!result.errors.contains("error"), "\(file): \(result.errors)")
                let language = URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
                let statistics = try #require(result.errors.split(separator: "\n").last)
                var sums = counted[language] ?? [0, 0, 0]
                for part in statistics.dropLast().split(separator: ",") {
                    let words = part.split(separator: " ")
                    let index = ["translated": 0, "fuzzy": 1, "untranslated": 2][String(words[1])]
                    sums[try #require(index, "\(statistics)")] += try #require(Int(words[0]))
                }
                counted[language] = sums
            }
            for (language, sums) in counted where language != "en" {
                let row = try #require(
                    rows.first {
                        $0["language"] as? String == language && $0["catalog"] as? String == flavor ?? "shared"
                    })
                func count(_ name: String) -> Int { row[name] as? Int ?? -1 }
                #expect(
                    sums == [
                        count("translated") + count("invalid"), count("needsReview") + count("stale"),
                        count("missing") + count("inherited"),
                    ], "\(flavor ?? "shared") \(language)")
                checked += 1
            }
            try FileManager.default.removeItem(at: root.appendingPathComponent("out"))
        }
        #expect(checked == 21)
    }

    @Test(
        "xmllint finds every XLIFF well-formed, listing the development language's keys",
        .enabled(if: SystemTool.shouldRun("xmllint"), "libxml2's xmllint is not installed (CI always runs this)"),
        arguments: ["xliff", "xcloc"])
    func xmllintJudgesXLIFF(format: String) throws {
        let xmllint = try SystemTool.require("xmllint", package: "libxml2-utils")
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = try ToolRunner.run([
            "export", "--format", "json", "--lang", "en", "--table", "Localizable", "--root", root.path,
        ])
        let english = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: [String: Any]])?["en"])
        let result = try ToolRunner.run([
            "export", "--format", format, "--root", root.path, "--output", root.path + "/out/",
        ])
        let files = Self.written(result).filter { $0.hasSuffix(".xliff") }
        #expect(files.count == 8)
        for file in files {
            let check = try SystemTool.run(xmllint, ["--noout", file])
            #expect(check.status == 0 && check.errors == "", "\(file): \(check.errors)")
            let ids = try SystemTool.run(xmllint, ["--xpath", "//*[local-name()='trans-unit']/@id", file])
            try #require(ids.status == 0, "\(ids.errors)")
            let keys = Set(
                ids.output.split(separator: "\n").map { line in
                    let id = line.drop { $0 != "\"" }.dropFirst().dropLast()
                    guard id.hasPrefix("/"), let end = id.range(of: ":dict/") else { return String(id) }
                    return String(id[id.index(after: id.startIndex)..<end.lowerBound])
                })
            #expect(keys == Set(english.keys), "\(file)")
        }
    }

    /// The 1-based line of the first line of `text` equal to `line`.
    static func line(of line: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == line } ?? -1) + 1
    }

    @Test(
        "import refuses bad specifiers, unknown keys, extra plural forms, taking nothing of such a file; stale is reported"
    )
    func importEditsAndRefusals() throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try Self.contents(root)
        _ = try Self.export("po", root: root)
        let german = root.appendingPathComponent("out/de/Localizable.po")
        let good = try String(contentsOf: german, encoding: .utf8)
            .replacingOccurrences(
                of: "msgctxt \"queue.empty\"\nmsgid \"The queue is empty.\"\nmsgstr \"Die Warteschlange ist leer.\"",
                with: "msgctxt \"queue.empty\"\nmsgid \"The queue is empty.\"\nmsgstr \"Nichts zu tun.\""
            )
            .replacingOccurrences(of: "msgid \"Download\"", with: "msgid \"Downloads\"")
        let de =
            good.replacingOccurrences(of: "msgstr \"%@: Warteschlange\"", with: "msgstr \"%d: Warteschlange\"")
            + "\nmsgctxt \"no.such.key\"\nmsgid \"x\"\nmsgstr \"y\"\n"
        try Data(de.utf8).write(to: german)
        let russian = root.appendingPathComponent("out/ru/Localizable.po")
        var ru = try String(contentsOf: russian, encoding: .utf8)
        ru = ru.replacingOccurrences(
            of: "msgstr[3] \"%d передачи\"\n", with: "msgstr[3] \"%d передачи\"\nmsgstr[4] \"?\"\n")
        try Data(ru.utf8).write(to: russian)

        let result = try ToolRunner.run(["import", "--root", root.path, german.path, russian.path])
        #expect(result.status == 1)
        let headingLine = Self.line(of: "msgstr \"%d: Warteschlange\"", in: de)
        #expect(
            result.errors.contains(
                "\(german.path):\(headingLine):1: error: key \"queue.heading\": format specifiers %d ask for other "
                    + "arguments than en's %@"
            ),
            "\(result.errors)")
        #expect(
            result.errors.contains(
                "\(german.path):\(Self.line(of: "msgctxt \"no.such.key\"", in: de)):1: error: unknown key \"no.such.key\" (msgctxt)"
            ))
        #expect(
            result.errors.contains(
                "\(german.path):\(Self.line(of: "msgid \"Downloads\"", in: de) + 1):1: warning: key \"kind.download\" is stale"
            ))
        #expect(
            result.errors.contains(
                "\(russian.path):\(Self.line(of: "msgstr[4] \"?\"", in: ru)):1: error: key \"summary.total\", variable \"count\": ru has 4 plural forms (one, few, many, other), not msgstr[4]"
            ),
            "\(result.errors)")
        // All or nothing per file: German's good translation waits for its refused ones.
        #expect(
            result.errors.contains(
                "\(german.path): error: nothing of this file was taken (1 good translation left out) because 2 were "
                    + "refused; fix them and import the file again"))
        #expect(result.output == "0 translations taken, 0 files written\n")
        #expect(try Self.contents(root) == before)

        // Fixed, the file is taken.
        try Data(good.utf8).write(to: german)
        let again = try ToolRunner.run(["import", "--root", root.path, german.path])
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.hasSuffix("1 translation taken (de 1), 2 files written\n"))
        var after = try Self.contents(root)
        let record = after.removeValue(forKey: "Localizations/translated-from.txt") ?? Data()
        #expect(
            String(decoding: record, as: UTF8.self).hasSuffix(
                "\nde\tLocalizable\tqueue.empty\t\t\(String(format: "%016llx", Self.fnv1a("The queue is empty.")))\n"))
        let path = "Localizations/de.lproj/Localizable.strings"
        let changed = String(decoding: try #require(after[path]), as: UTF8.self)
        let original = String(decoding: try #require(before[path]), as: UTF8.self)
        #expect(
            changed == original.replacingOccurrences(of: "\"Die Warteschlange ist leer.\"", with: "\"Nichts zu tun.\""))
        after[path] = before[path]
        #expect(after == before)
        #expect(try ToolRunner.run(["lint", "--strict", "--root", root.path]).status == 0)
    }

    @Test("import fills what a language lacks: a .strings key appended with its comment, a plural form inserted")
    func importFillsMissing() throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let strings = root.appendingPathComponent("Localizations/de.lproj/Localizable.strings")
        let text = try String(contentsOf: strings, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"queue.heading\" = \"%@: Warteschlange\";\n", with: "").utf8)
            .write(to: strings)
        let plist = root.appendingPathComponent("Localizations/ru.lproj/Localizable.stringsdict")
        let xml = try String(contentsOf: plist, encoding: .utf8)
        let withoutMany = xml.replacingOccurrences(
            of: "\t\t\t<key>many</key>\n\t\t\t<string>%d передач</string>\n", with: "")
        #expect(withoutMany != xml)
        try Data(withoutMany.utf8).write(to: plist)
        #expect(try ToolRunner.run(["lint", "--root", root.path]).status == 1)

        let files = try Self.export("xliff", root: root)
        for (language, from, to) in [
            (
                "de", "<source>%@: transfer queue</source>\n",
                "<source>%@: transfer queue</source>\n        <target>%@: Warteschlange</target>\n"
            ),
            (
                // The unit with no target: its export mark is the fingerprint of "".
                "ru",
                "<source>%d transfers</source>\n        <note from=\"flavorkit-exported\">cbf29ce484222325</note>",
                "<source>%d transfers</source>\n        <target>%d передач</target>\n"
                    + "        <note from=\"flavorkit-exported\">cbf29ce484222325</note>"
            ),
        ] {
            let url = URL(fileURLWithPath: files.first { $0.hasSuffix("/\(language).xliff") }!)
            let content = try String(contentsOf: url, encoding: .utf8)
            #expect(content.contains(from))
            try Data(content.replacingOccurrences(of: from, with: to).utf8).write(to: url)
        }
        let result = try ToolRunner.run(["import", "--root", root.path] + files)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasSuffix("2 translations taken (de 1, ru 1), 3 files written\n"))
        let added = try String(contentsOf: strings, encoding: .utf8)
        #expect(
            added.hasSuffix(
                "/* Queue screen. %@: the flavor's display name. */\n\"queue.heading\" = \"%@: Warteschlange\";\n"))
        let lint = try ToolRunner.run(["lint", "--strict", "--root", root.path])
        #expect(lint.status == 0, "\(lint.output)")
    }

    @Test(
        "a catalog change made after the export survives the import; a translator's change to the same text is refused",
        arguments: ["po", "xliff"])
    func catalogChangedSinceExport(format: String) throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try Self.export(format, root: root)
        let german = try #require(files.first { $0.hasSuffix("/de.xliff") || $0.hasSuffix("/de/Localizable.po") })
        // Someone changes the catalog after the export.
        let strings = root.appendingPathComponent("Localizations/de.lproj/Localizable.strings")
        let catalog = try String(contentsOf: strings, encoding: .utf8)
        try Data(
            catalog.replacingOccurrences(
                of: "\"state.paused\" = \"Angehalten\";", with: "\"state.paused\" = \"Pausiert\";"
            )
            .utf8
        ).write(to: strings)
        func translate(_ from: String, _ to: String) throws {
            let url = URL(fileURLWithPath: german)
            let text = try String(contentsOf: url, encoding: .utf8)
            let (old, new) =
                format == "po" ? ("msgstr \"\(from)\"", "msgstr \"\(to)\"") : (">\(from)</target>", ">\(to)</target>")
            #expect(text.contains(old))
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }

        // The translator changes another text and leaves this one as exported.
        try translate("Abgebrochen", "Storniert")
        let result = try ToolRunner.run(["import", "--root", root.path, german])
        #expect(result.status == 0, "\(result.errors)")
        var now = try String(contentsOf: strings, encoding: .utf8)
        #expect(now.contains("\"state.paused\" = \"Pausiert\";"), "the change made after the export stays")
        #expect(now.contains("\"state.cancelled\" = \"Storniert\";"))

        // The translator changes the text the catalog changed too: refused, the catalog's stays.
        try translate("Angehalten", "Gestoppt")
        let conflict = try ToolRunner.run(["import", "--root", root.path, german])
        #expect(conflict.status == 1)
        #expect(
            conflict.errors.contains(
                "changed in the catalog since the export (it has \"Pausiert\" now); \"Gestoppt\" not taken"),
            "\(conflict.errors)")
        now = try String(contentsOf: strings, encoding: .utf8)
        #expect(now.contains("\"state.paused\" = \"Pausiert\";"))
    }

    @Test(
        "import refuses a file whose language is no language tag, or for a flavor the project does not have, writing nothing"
    )
    func importRefusesUnknownLanguageAndFlavor() throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try Self.contents(root)
        let files = try Self.export("xliff", flavor: "Light", root: root)
        let german = URL(fileURLWithPath: files.first { $0.hasSuffix("/de.xliff") }!)
        let content = try String(contentsOf: german, encoding: .utf8).replacingOccurrences(
            of: "<target state=\"translated\">Die Warteschlange ist leer.</target>",
            with: "<target state=\"translated\">Leer.</target>")
        for (from, to, message) in [
            ("target-language=\"de\"", "target-language=\"d!e\"", "\"d!e\" is not a language tag"),
            ("product-name=\"Light\"", "product-name=\"Nope\"", "no flavor named \"Nope\" (have: Light, Regular)"),
        ] {
            try Data(content.replacingOccurrences(of: from, with: to).utf8).write(to: german)
            let result = try ToolRunner.run(["import", "--root", root.path, german.path])
            #expect(result.status == 1)
            #expect(result.errors == "\(german.path): error: \(message)\n")
            #expect(result.output == "0 translations taken, 0 files written\n")
        }
        #expect(try Self.contents(root) == before)
    }

    @Test("status: a table, JSON, and --min-coverage as a gate")
    func status() throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let table = try ToolRunner.run(["status", "--root", root.path])
        #expect(table.status == 0)
        let lines = table.output.split(separator: "\n")
        #expect(lines.first == "language  catalog  translated  inherited  missing  stale  review  invalid  percent")
        // Every full language has all of English's keys; es-MX overrides 10 and inherits the rest.
        let fields = lines.map { $0.split(separator: " ").map(String.init) }
        let german = try #require(fields.first { $0.starts(with: ["de", "shared"]) })
        let keys = try #require(Int(german[2]))
        #expect(german == ["de", "shared", "\(keys)", "0", "0", "0", "0", "0", "100%"])
        // A flavor adds its Info.plist's name, which es-MX takes from es.
        #expect(fields.contains(["de", "Light", "\(keys + 1)", "0", "0", "0", "0", "0", "100%"]))
        #expect(fields.contains(["es-MX", "Light", "10", "\(keys - 9)", "0", "0", "0", "0", "100%"]))
        #expect(lines.count == 22)
        #expect(try ToolRunner.run(["status", "--min-coverage", "100", "--root", root.path]).status == 0)

        let strings = root.appendingPathComponent("Localizations/de.lproj/Localizable.strings")
        let text = try String(contentsOf: strings, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"queue.heading\" = \"%@: Warteschlange\";\n", with: "").utf8)
            .write(to: strings)
        let gate = try ToolRunner.run(["status", "--min-coverage", "100", "--root", root.path])
        #expect(gate.status == 1)
        #expect(gate.output.hasSuffix("\n\n3 messages left to do: --list names them\n"))
        #expect(gate.errors.hasPrefix("error: de (shared) is 99% translated, below --min-coverage 100\n"))
        let json = try ToolRunner.run(["status", "--format", "json", "--root", root.path])
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["rows"]
                as? [[String: Any]])
        let germanRow = try #require(
            rows.first { $0["language"] as? String == "de" && $0["catalog"] as? String == "shared" })
        #expect(germanRow["missing"] as? Int == 1)
        #expect(germanRow["translated"] as? Int == keys - 1)
        #expect(germanRow["untranslated"] == nil)
        // --list names what is left to do, in the table and in JSON; an inherited text is not.
        let listed = try ToolRunner.run(["status", "--list", "--root", root.path])
        let toDo = listed.output.components(separatedBy: "\n\n").last?.split(separator: "\n").map {
            $0.split(separator: " ").map(String.init)
        }
        #expect(
            toDo == [
                ["de", "shared", "missing", "Localizable", "queue.heading"],
                ["de", "Light", "missing", "Localizable", "queue.heading"],
                ["de", "Regular", "missing", "Localizable", "queue.heading"],
            ])
        let listedJSON = try ToolRunner.run(["status", "--list", "--format", "json", "--root", root.path])
        let listedRows = try #require(
            (try JSONSerialization.jsonObject(with: Data(listedJSON.output.utf8)) as? [String: Any])?["rows"]
                as? [[String: Any]])
        let germanListed = try #require(
            listedRows.first { $0["language"] as? String == "de" && $0["catalog"] as? String == "shared" })
        #expect(
            germanListed["untranslated"] as? [[String: String]] == [
                ["reason": "missing", "table": "Localizable", "context": "queue.heading"]
            ])
        #expect(
            listedRows.first { $0["language"] as? String == "es-MX" }?["untranslated"] as? [[String: String]] == [])
        let usage = try ToolRunner.run(["status", "--min-coverage", "120", "--root", root.path])
        #expect(usage.status == 64)
    }

    /// FNV-1a (64 bits) of the text's UTF-8: the fingerprint `translated-from.txt` keeps.
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    /// The `de` shared row of `flavorkit status --format json`.
    static func germanRow(_ root: URL) throws -> [String: Any] {
        let json = try ToolRunner.run(["status", "--format", "json", "--root", root.path])
        try #require(json.status == 0, "\(json.errors)")
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["rows"]
                as? [[String: Any]])
        return try #require(rows.first { $0["language"] as? String == "de" && $0["catalog"] as? String == "shared" })
    }

    @Test(
        "a translation whose English changed after its import is stale: counted, exported fuzzy, confirmed when reviewed",
        arguments: ["po", "xliff"])
    func staleAfterSourceChange(format: String) throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let record = root.appendingPathComponent("Localizations/translated-from.txt")
        let german = { (files: [String]) in
            URL(fileURLWithPath: files.first { $0.hasSuffix("/de.xliff") || $0.hasSuffix("/de/Localizable.po") }!)
        }

        // A translator's edit is recorded with what it was translated from.
        var file = german(try Self.export(format, root: root))
        var text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "Die Warteschlange ist leer.", with: "Nichts zu tun.")
        #expect(edited != text)
        try Data(edited.utf8).write(to: file)
        var result = try ToolRunner.run(["import", "--root", root.path, file.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasSuffix("1 translation taken (de 1), 2 files written\n"))
        let recorded = try String(contentsOf: record, encoding: .utf8)
        #expect(recorded.contains("\nde\tLocalizable\tqueue.empty\t\t"))
        #expect(try Self.germanRow(root)["stale"] as? Int == 0)
        try FileManager.default.removeItem(at: root.appendingPathComponent("out"))

        // The English text changes: the German one is stale, and the export says so.
        let english = root.appendingPathComponent("Localizations/en.lproj/Localizable.strings")
        let source = try String(contentsOf: english, encoding: .utf8)
        try Data(
            source.replacingOccurrences(of: "\"The queue is empty.\"", with: "\"Nothing is queued.\"").utf8
        ).write(to: english)
        let row = try Self.germanRow(root)
        #expect(row["stale"] as? Int == 1)
        #expect(row["missing"] as? Int == 0)
        #expect(try ToolRunner.run(["status", "--min-coverage", "100", "--root", root.path]).status == 1)
        file = german(try Self.export(format, root: root))
        text = try String(contentsOf: file, encoding: .utf8)
        let marked =
            format == "po"
            ? "#, fuzzy\nmsgctxt \"queue.empty\"\nmsgid \"Nothing is queued.\"\nmsgstr \"Nichts zu tun.\""
            : "<source>Nothing is queued.</source>\n        <target state=\"needs-review-l10n\">Nichts zu tun.</target>"
        #expect(text.contains(marked))

        // Imported unreviewed, nothing changes; reviewed as it is, it is current again.
        let before = try Self.contents(root)
        result = try ToolRunner.run(["import", "--root", root.path, file.path])
        #expect(result.output.hasSuffix("0 translations taken, 0 files written\n"))
        #expect(try Self.contents(root) == before)
        let reviewed =
            format == "po"
            ? marked.replacingOccurrences(of: "#, fuzzy\n", with: "")
            : marked.replacingOccurrences(of: "needs-review-l10n", with: "translated")
        try Data(text.replacingOccurrences(of: marked, with: reviewed).utf8).write(to: file)
        result = try ToolRunner.run(["import", "--root", root.path, file.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasSuffix("0 translations taken, 1 stale translation confirmed, 1 file written\n"))
        #expect(try Self.germanRow(root)["stale"] as? Int == 0)
        #expect(try ToolRunner.run(["lint", "--strict", "--root", root.path]).status == 0)
    }

    @Test("a broken translated-from.txt is an error at its line")
    func brokenRecord() throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let record = root.appendingPathComponent("Localizations/translated-from.txt")
        try Data("# comment\nde\tLocalizable\tqueue.empty\n".utf8).write(to: record)
        let result = try ToolRunner.run(["status", "--root", root.path])
        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "\(record.path):2:1: error: expected language, table, key, part and a 16-digit fingerprint separated by tabs"
            ), "\(result.errors)")
    }

    @Test("imports run at the same time into one catalog lose none of each other's translations")
    func concurrentImports() throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try Self.export("po", root: root)
        let german = try String(
            contentsOf: URL(fileURLWithPath: files.first { $0.hasSuffix("/de/Localizable.po") }!), encoding: .utf8)
        // Eight translators, each sending one changed German text of the same catalog file.
        let blocks = german.components(separatedBy: "\n\n")
        let chosen = blocks.dropFirst().filter { !$0.contains("%") && !$0.contains("msgstr[") }.prefix(8)
        try #require(chosen.count == 8)
        var paths: [String] = []
        for (index, block) in chosen.enumerated() {
            let url = root.appendingPathComponent("out/de-\(index).po")
            let edited = block.split(separator: "\n").map {
                $0.hasPrefix("msgstr ") ? "msgstr \"Übersetzt \(index)\"" : $0
            }
            try Data((blocks[0] + "\n\n" + edited.joined(separator: "\n") + "\n").utf8).write(to: url)
            paths.append(url.path)
        }
        let statuses = Mutex([Int32](repeating: -1, count: paths.count))
        let imports = paths
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let status = (try? ToolRunner.run(["import", "--root", root.path, imports[index]]))?.status ?? -2
            statuses.withLock { $0[index] = status }
        }
        #expect(statuses.withLock { $0 } == [Int32](repeating: 0, count: paths.count))
        let written = try String(
            contentsOf: root.appendingPathComponent("Localizations/de.lproj/Localizable.strings"), encoding: .utf8)
        for index in paths.indices {
            #expect(written.contains("= \"Übersetzt \(index)\";"), "translation \(index) lost")
        }
        let record = try String(
            contentsOf: root.appendingPathComponent("Localizations/translated-from.txt"), encoding: .utf8)
        #expect(record.split(separator: "\n").filter { $0.hasPrefix("de\t") }.count == 8)
    }

    @Test(
        "a flavor's translation of a key it rewords goes to the flavor's folder, never into the shared catalogs",
        arguments: ["po", "xliff"])
    func flavorOverrideStaysInFlavor(format: String) throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        // Light rewords queue.empty in English; German has only the shared translation of
        // the shared English, which the other flavors show.
        let lightGerman = root.appendingPathComponent("Flavors/Light/Localizations/de.lproj/Localizable.strings")
        try FileManager.default.removeItem(at: lightGerman)
        let before = try Self.contents(root)
        let files = try Self.export(format, flavor: "Light", root: root)
        let file = URL(
            fileURLWithPath: files.first { $0.hasSuffix("/de.xliff") || $0.hasSuffix("/de/Localizable.po") }!)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("No downloads yet."))
        let edited = text.replacingOccurrences(of: "Die Warteschlange ist leer.", with: "Noch keine Downloads.")
        #expect(edited != text)
        try Data(edited.utf8).write(to: file)
        let result = try ToolRunner.run(["import", "--root", root.path, file.path])
        #expect(result.status == 0, "\(result.errors)")
        var after = try Self.contents(root)
        let written = after.removeValue(forKey: "Flavors/Light/Localizations/de.lproj/Localizable.strings") ?? Data()
        #expect(
            String(decoding: written, as: UTF8.self)
                == "/* Light has downloads only. */\n\"queue.empty\" = \"Noch keine Downloads.\";\n")
        let record = after.removeValue(forKey: "Flavors/Light/Localizations/translated-from.txt")
        #expect(record != nil)
        #expect(after == before, "only Light's German changed")
        #expect(try ToolRunner.run(["lint", "--strict", "--root", root.path]).status == 0)
    }

    @Test(
        "a flavor's Info.plist name is exported with its line, and imported into that flavor's InfoPlist.strings",
        arguments: ["po", "xliff"])
    func infoPlistName(format: String) throws {
        let root = try LintCommandTests.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        /// Regular's es-MX translated count in `status`.
        func mexicanTranslated() throws -> Int? {
            let status = try ToolRunner.run(["status", "--root", root.path])
            let row = try #require(
                status.output.split(separator: "\n").first { $0.hasPrefix("es-MX") && $0.contains("Regular") })
            return Int(row.split(separator: " ")[2])
        }
        let translatedBefore = try #require(try mexicanTranslated())
        let files = try Self.export(format, flavor: "Regular", root: root)
        func file(_ language: String) throws -> URL {
            let suffix = format == "po" ? "/\(language)/InfoPlist.po" : "/\(language).xliff"
            return URL(fileURLWithPath: try #require(files.first { $0.hasSuffix(suffix) }))
        }
        let german = try file("de")
        let text = try String(contentsOf: german, encoding: .utf8)
        if format == "po" {
            #expect(
                text.contains("#: Flavors/Regular/Info.plist:7\nmsgctxt \"CFBundleDisplayName\"\nmsgid \"Transfers\""))
        } else {
            #expect(text.contains("<file original=\"en.lproj/InfoPlist.strings\""))
        }
        try Data(
            text.replacingOccurrences(
                of: "Übertragungen</target>\n        <note>Info.plist",
                with: "Transfer</target>\n        <note>Info.plist"
            ).replacingOccurrences(
                of: "msgstr \"Übertragungen\"", with: "msgstr \"Transfer\""
            ).utf8
        ).write(to: german)
        // Mexican Spanish has no name of its own yet (it shows Spanish's): give it one.
        let mexican = try file("es-MX")
        var spanish = try String(contentsOf: mexican, encoding: .utf8)
        spanish =
            format == "po"
            ? spanish.replacingOccurrences(
                of: "msgid \"Transfers\"\nmsgstr \"\"", with: "msgid \"Transfers\"\nmsgstr \"Envíos\"")
            : spanish.replacingOccurrences(
                of: "<source>Transfers</source>\n",
                with: "<source>Transfers</source>\n        <target>Envíos</target>\n")
        try Data(spanish.utf8).write(to: mexican)
        let result = try ToolRunner.run(["import", "--root", root.path, german.path, mexican.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasSuffix("2 translations taken (de 1, es-MX 1), 3 files written\n"), "\(result.output)")
        let folder = root.appendingPathComponent("Flavors/Regular/Localizations")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("de.lproj/InfoPlist.strings"), encoding: .utf8)
                == "/* The app name shown to users (Info.plist CFBundleDisplayName, localized). */\n\"CFBundleDisplayName\" = \"Transfer\";\n"
        )
        #expect(
            try String(contentsOf: folder.appendingPathComponent("es-MX.lproj/InfoPlist.strings"), encoding: .utf8)
                == "/* Info.plist CFBundleDisplayName */\n\"CFBundleDisplayName\" = \"Envíos\";\n")
        #expect(try ToolRunner.run(["lint", "--strict", "--root", root.path]).status == 0)
        #expect(try mexicanTranslated() == translatedBefore + 1)
    }
}
