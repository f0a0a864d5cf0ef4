import Diagnostics
import Localization

/// `stale-key`: a String Catalog key Xcode found no code using any more (`extractionState`
/// `stale`). A note, not a warning: Xcode marks keys stale on its own as code changes, and
/// keeps them (with their translations) until someone removes them; `--strict` leaves notes
/// alone, so a build that stops using a key does not fail CI until the key is removed.
struct StaleKeyRule: LintRule {
    let name = "stale-key"
    let severity = Diagnostic.Severity.note
    let summary = "a String Catalog key no code uses any more (extractionState stale)"
    let help =
        "Xcode marks a String Catalog key stale when its code no longer uses it. The key still ships with its translations and is never required in other languages; remove it from the catalog once it is really gone (flavorkit extract --prune removes every stale key). A stale key no language translates is said to be removable: nothing is lost with it."

    func check(_ context: LintContext) -> [Diagnostic] {
        context.layers.flatMap { layer in
            layer.stringCatalogs.values.flatMap { catalog in
                catalog.entries.filter(\.isStale).map { entry in
                    let key = "key \"\(Diagnostic.quote(entry.key))\""
                    let translated = entry.localizations.contains { language, localization in
                        language != catalog.sourceLanguage && Self.hasText(localization)
                    }
                    return diagnostic(
                        translated
                            ? "\(key) is stale: no code uses it any more (it ships until removed)"
                            : "\(key) is stale and translated in no language: removable (flavorkit extract --prune)",
                        at: SourceLocation(path: catalog.path, line: entry.line, column: 1))
                }
            }
        }
    }

    /// Whether a localization holds some text (a unit anywhere inside, or phrases).
    private static func hasText(_ localization: StringCatalog.Localization) -> Bool {
        var found = localization.stringSet?.values.isEmpty == false
        localization.forEachUnit { if !$0.value.isEmpty { found = true } }
        return found
    }
}
