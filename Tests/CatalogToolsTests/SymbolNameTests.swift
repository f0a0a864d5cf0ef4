import CatalogTools
import Testing

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
}
