import CatalogExtraction
import TestSupport
import Testing
import TextEscaping

@Suite("Symbol names")
struct SymbolNameTests {
    /// Keys and the names Xcode 26's generated symbols gave them in public apps' builds.
    @Test(
        "keys get the names Xcode gives them",
        arguments: [
            ("goalPeriod.daily", "goalPeriodDaily"), ("action.copy_link", "actionCopyLink"),
            ("ALPS_DESCRIPTION", "alpsDescription"), ("dept.GE", "deptGe"), ("SPEED BOOST", "speedBoost"),
            ("Retro Green CRT", "retroGreenCrt"), ("CFBundleDisplayName", "cfbundleDisplayName"),
            ("%lld MiB", "miB"), ("%lld bytes", "bytes"),
            ("larger than Snip Snap’s %@ per-file limit", "largerThanSnipSnapsPerFileLimit"),
            ("The iCloud Sync collection", "theICloudSyncCollection"), ("iCloud Sync does not", "iCloudSyncDoesNot"),
            ("game.encouragement.0", "gameEncouragement0"), ("2023_TRIP_DESCRIPTION", "_2023TripDescription"),
            ("LENÇÓIS_MARANHENSES_NAME", "lençóisMaranhensesName"), ("queue.empty", "queueEmpty"),
            ("download-failed", "downloadFailed"), ("%#@files@ left in %2$@", "leftIn"), ("Done: %1$.2f%%", "done"),
        ])
    func xcodeNames(key: String, name: String) {
        #expect(SymbolName.name(for: key) == name)
    }

    @Test("an ASCII key's name, built from its bytes, is the one built from its scalars", arguments: 0..<8)
    func asciiAsScalars(seed: UInt64) {
        var random = SeededGenerator(seed: seed + 1)
        let pieces = [
            "a", "B", "cd", "EF", "Gh", "iJ", "0", "42", ".", "_", "-", " ", "'", "%", "%@", "%lld", "%1$@",
            "%#@n@", "%%", "@", "[", "`", "{", "~", "\u{7F}", "\t", "JSON", "ID",
        ]
        for _ in 0..<2_000 {
            let key = (0..<Int(random.next() % 9)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            #expect(SymbolName.name(for: key) == SymbolName.scalarName(for: key), "\(key.debugDescription)")
        }
    }

    @Test("a key with no letter or digit outside its specifiers makes no name")
    func noName() {
        #expect(SymbolName.name(for: "%@") == nil)
        #expect(SymbolName.name(for: "%@ → %@") == nil)
        #expect(SymbolName.name(for: "%lld%%") == nil)
    }

    @Test("a table's type name is the table's own when it is an identifier")
    func tableNames() {
        #expect(SymbolName.typeName(forTable: "LandmarkData") == "LandmarkData")
        #expect(SymbolName.typeName(forTable: "error-messages") == "ErrorMessages")
        #expect(SymbolName.typeName(forTable: "2024 texts") == "_2024Texts")
    }

    @Test(
        "a name is an identifier Swift's lexer takes: a combining mark first gets a `_`, a letter Swift reads as an operator splits words",
        arguments: [
            ("\u{345}abc", "_\u{345}abc"), ("\u{1DE7}x", "_\u{1DE7}x"), ("a\u{2E2F}b", "aB"),
            ("zero\u{200B}width", "zeroWidth"),
            ("bidi\u{202E}x", "bidiX"), ("\u{2066}iso\u{2069}", "iso"),
        ])
    func swiftIdentifiers(key: String, name: String) throws {
        let made = try #require(SymbolName.name(for: key))
        #expect(made == name)
        #expect(SwiftSource.isIdentifier(made))
    }

    @Test("a table's type name never holds what Swift would take but a reader could not see")
    func hiddenTableNames() {
        #expect(SymbolName.typeName(forTable: "zero\u{200B}width") == "ZeroWidth")
        #expect(SymbolName.typeName(forTable: "T\n#error(\"x\")") == "TErrorX")
        #expect(SymbolName.typeName(forTable: "\u{345}x") == "\u{399}x")
        #expect(SymbolName.typeName(forTable: "\u{2E2F}") == nil)
    }
}
