import Flavors
import Foundation
import TasksCore
import TerminalText
import Testing
import TextSnapshotsTesting

/// The package's `snapshots/` folder, and its books (`snapshots/manifest.txt`).
let snapshots = SnapshotSuite()

/// Every variant × locale × screen (× width for the table) as a text snapshot under
/// `snapshots/`. Record with
/// `swift test` (new snapshots are written on a developer's machine), review the files like
/// code; in CI (`CI=true`) nothing is written and a difference fails.
@Suite("Tasks snapshots", snapshots)
struct TasksSnapshotTests {
    /// Every variant, with the features its entry file compiles in (`-DPRO`: reminders,
    /// `-DSTAGING`: the banner).
    static let variants: [(name: String, features: [Feature])] = [
        ("FreeStaging", [.stagingBanner]), ("FreeProduction", []), ("ProStaging", [.reminders, .stagingBanner]),
        ("ProProduction", [.reminders]),
    ]
    static let locales = ["en", "fr", "fr-CA", "ar", "en-XA"]
    /// The widths the list screen, a table, is recorded at.
    static let widths = [24, 40, 80]

    struct Case: Sendable, CustomStringConvertible {
        let variant: String
        let features: [Feature]
        let locale: String
        let screen: String
        /// The width a table screen is fitted to; nil for the others.
        var width: Int?
        var description: String { "\(variant)/\(locale)/" + (width.map { "\($0)/" } ?? "") + screen }
        /// The snapshot's name: variant, locale, the width for a table screen, screen.
        var name: [String] { [variant, locale] + (width.map { ["\($0)"] } ?? []) + [screen] }
    }

    static let cases = variants.flatMap { variant in
        locales.flatMap { locale in
            TasksApp.screens.flatMap { screen in
                (screen == "list" ? widths.map(Optional.some) : [nil]).map { width in
                    Case(
                        variant: variant.name, features: variant.features, locale: locale, screen: screen, width: width)
                }
            }
        }
    }

    @Test("every variant, locale and screen", arguments: cases)
    func screen(_ screen: Case) throws {
        let flavor = try Flavor.load(
            screen.variant, features: screen.features, language: screen.locale, recordsFallbacks: true,
            environment: [:], executable: nil)
        // The today screen shows today's date: the snapshot holds "[today]" in its place, so
        // the test passes on any day.
        let now = Date()
        let output = TasksApp.render(screen.screen, flavor: flavor, width: screen.width ?? 80, now: now)
        snapshots.expect(
            output, named: screen.name,
            redactions: [.replacing(TasksApp.dateText(now, flavor: flavor), with: "[today]")])
        if let width = screen.width {
            #expect(output.split(separator: "\n").allSatisfy { DisplayColumns.width($0) <= width })
        }
        // Only fr-CA falls back (to fr) on purpose; every other key is translated.
        let fallbacks = flavor.localizer.issues.filter {
            if case .fallback(_, _, let wanted, _) = $0 { return wanted.description != "fr-CA" }
            return true
        }
        #expect(fallbacks.isEmpty, "\(fallbacks)")
    }
}

@Suite("Tasks text")
struct TasksTextTests {
    /// The remaining-task count in `language` for counts that reach every plural category
    /// (Arabic's zero, one, two, few, many and other), one line each.
    static func plurals(_ language: String) throws -> String {
        let flavor = try Flavor.load("FreeProduction", language: language, environment: [:], executable: nil)
        return [0, 1, 2, 3, 11, 100].map { "\($0): " + flavor.text("today.left", .int($0)) + "\n" }.joined()
    }

    // An inline snapshot per language: the expected texts sit beside the test, and
    // `swift test` writes a new language's literal when its call has none.
    @Test("the remaining-task count picks its plural variant in each language")
    func plurals() throws {
        expectInlineSnapshot(
            try Self.plurals("en"),
            matches: """
                0: Nothing left to do
                1: 1 task left
                2: 2 tasks left
                3: 3 tasks left
                11: 11 tasks left
                100: 100 tasks left

                """)
        expectInlineSnapshot(
            try Self.plurals("fr"),
            matches: """
                0: Plus rien à faire
                1: 1 tâche restante
                2: 2 tâches restantes
                3: 3 tâches restantes
                11: 11 tâches restantes
                100: 100 tâches restantes

                """)
        expectInlineSnapshot(
            try Self.plurals("fr-CA"),
            matches: """
                0: Plus rien à faire
                1: 1 tâche restante
                2: 2 tâches restantes
                3: 3 tâches restantes
                11: 11 tâches restantes
                100: 100 tâches restantes

                """)
        expectInlineSnapshot(
            try Self.plurals("ar"),
            matches: """
                0: لم يتبقَّ شيء
                1: مهمة واحدة متبقية
                2: مهمتان متبقيتان
                3: 3 مهام متبقية
                11: 11 مهمة متبقية
                100: 100 مهمة متبقية

                """)
    }

    @Test("the today screen's date, redacted, gives the same text on any day")
    func anyDay() throws {
        let flavor = try Flavor.load("FreeProduction", language: "fr", environment: [:], executable: nil)
        let days = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 2_000_000_000)]
        let screens = days.map { day in
            Redaction.replacing(TasksApp.dateText(day, flavor: flavor), with: "[today]")(
                TasksApp.render("today", flavor: flavor, now: day))
        }
        #expect(screens[0] == screens[1])
        #expect(screens[0].contains("\nTâches du [today]\n"))
    }

    @Test("a feature the plist enables is shown; Free's plist enables none")
    func features() throws {
        let pro = try Flavor.load(
            "ProProduction", features: [.reminders], language: "en", environment: [:], executable: nil)
        #expect(pro.has(.reminders))
        #expect(TasksApp.render("today", flavor: pro).contains("(reminder at 17:00)"))
        let free = try Flavor.load(
            "FreeProduction", features: [.reminders], language: "en", environment: [:], executable: nil)
        #expect(!free.has(.reminders))
        #expect(!TasksApp.render("today", flavor: free).contains("reminder"))
    }

    @Test("a variant takes one flavor of each dimension: Staging adds its banner, limit and suffix")
    func variants() throws {
        let staging = try Flavor.load(
            "ProStaging", features: [.reminders, .stagingBanner], language: "en", environment: [:], executable: nil)
        #expect(staging.variant.flavor(in: "tier") == "Pro")
        #expect(staging.variant.flavor(in: "environment") == "Staging")
        #expect(staging.variant.compileConditions == ["PRO", "STAGING"])
        #expect(staging.identity.bundleIdentifier == "com.example.tasks.pro.staging")
        #expect(staging.has(.reminders) && staging.has(.stagingBanner))
        #expect(staging.limit("syncMinutes", default: 0) == 1)
        #expect(staging.limit("lists", default: 0) == 1000)
        #expect(TasksApp.render("about", flavor: staging).hasPrefix("STAGING: test data, not your tasks\n\n"))
        let production = try Flavor.load(
            "ProProduction", features: [.reminders], language: "en", environment: [:], executable: nil)
        #expect(production.identity.bundleIdentifier == "com.example.tasks.pro")
        #expect(production.limit("syncMinutes", default: 0) == 60)
        #expect(!TasksApp.render("about", flavor: production).contains("STAGING"))
    }

    @Test("switching language at run time changes every later text")
    func switchLanguage() throws {
        let flavor = try Flavor.load(
            "ProProduction", features: [.reminders], language: "en", environment: [:], executable: nil)
        #expect(flavor.displayName == "Tasks Pro")
        flavor.localizer.setPreferences([try #require(LanguageTag("fr-CA"))])
        #expect(flavor.displayName == "Tâches Pro")
        #expect(flavor.text("about.support") == "Soutien technique : support@example.com")
        #expect(flavor.text("about.none") == "aucune")
    }
}
