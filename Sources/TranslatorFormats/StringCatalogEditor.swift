import CatalogFiles
import Diagnostics
import Foundation
import Localization

/// Puts translations into a String Catalog (`StringCatalog`), each where its unit came from:
/// a text in `localizations.<lang>.stringUnit`, a device's case in `variations.device.<device>`,
/// a one-variable plural's category in `variations.plural.<category>`, a substitution's in
/// `substitutions.<variable>.variations.plural.<category>` (a new substitution taking `argNum`
/// and `formatSpecifier` from the source language's), App Shortcuts phrases in its
/// `stringSet`, one a line. A language never ends up with two
/// forms side by side: its one text becomes the `other` case when a case is added beside it
/// (which is what it meant for every other device, or every other count). Each string unit
/// written gets the state Xcode gives an imported translation: `translated`, or
/// `needs_review` when the translator's file asks for a review. Everything else in the
/// catalog is kept, and `StringCatalogWriter` writes it back in Xcode's layout.
package enum StringCatalogEditor {
    /// One translation to put in place.
    package struct Change {
        package var unit: TranslationUnit
        package var text: String
        package var state: StringCatalog.State
        /// For a suggestion no person confirmed: the development text it translated.
        package var suggestedFrom: String?

        package init(unit: TranslationUnit, text: String, state: StringCatalog.State) {
            self.unit = unit
            self.text = text
            self.state = state
        }
    }

    package static func apply(_ changes: [Change], language: LanguageTag, to catalog: inout StringCatalog) {
        let development = LanguageTag(catalog.sourceLanguage)
        for change in changes {
            catalog.update(change.unit.key, orderedBy: StringCatalogWriter.keyOrder) { entry in
                let code = entry.localizations.first { LanguageTag($0.key) == language }?.key ?? language.description
                let source = development.flatMap(entry.localization(for:))
                var localization = entry.localizations[code] ?? StringCatalog.Localization()
                if let device = change.unit.device {
                    if localization.variations?.device == nil, hasText(localization) {
                        var whole = localization
                        whole.otherFields = KeyedList()
                        localization.stringUnit = nil
                        localization.substitutions = nil
                        localization.variations = StringCatalog.Variations(device: KeyedList([("other", whole)]))
                    }
                    var variations = localization.variations ?? StringCatalog.Variations()
                    var cases = variations.device ?? KeyedList()
                    var deviceCase = cases[device] ?? StringCatalog.Localization()
                    put(change, into: &deviceCase, source: source?.variations?.device?[device])
                    cases.set(deviceCase, for: device, orderedBy: StringCatalogWriter.keyOrder)
                    variations.device = cases
                    localization.variations = variations
                } else {
                    put(change, into: &localization, source: source)
                }
                entry.localizations.set(localization, for: code, orderedBy: StringCatalogWriter.keyOrder)
            }
        }
    }

    /// Whether a localization says anything.
    private static func hasText(_ localization: StringCatalog.Localization) -> Bool {
        localization.stringUnit != nil || localization.variations != nil || localization.substitutions != nil
            || localization.stringSet != nil
    }

    /// One translation into the localization (or device case) it belongs to.
    private static func put(
        _ change: Change, into localization: inout StringCatalog.Localization, source: StringCatalog.Localization?
    ) {
        switch change.unit.part {
        case .phrases:
            let phrases = change.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            var set = localization.stringSet ?? StringCatalog.StringSet([], state: change.state)
            set.values = phrases
            set.state = change.state
            localization.stringSet = set
        case .pluralFormat where change.unit.isSoleVariable:
            return  // `variations.plural` alone: the format is the variable itself.
        case .text, .pluralFormat:
            set(change, in: &localization.stringUnit)
            if case .text = change.unit.part, localization.variations?.plural != nil {
                localization.variations?.plural = nil
                if localization.variations?.device == nil, localization.variations?.otherFields.isEmpty == true {
                    localization.variations = nil
                }
            }
        case .variant(let variable, let category):
            if change.unit.isSoleVariable {
                var variations = localization.variations ?? StringCatalog.Variations()
                var cases = variations.plural ?? KeyedList()
                if let text = localization.stringUnit, localization.substitutions == nil {
                    // The one text it had meant every count: it is the `other` case now.
                    if cases["other"] == nil {
                        cases.set(
                            StringCatalog.Localization(stringUnit: text), for: "other",
                            orderedBy: StringCatalogWriter.keyOrder)
                    }
                    localization.stringUnit = nil
                }
                var variant = cases[category.rawValue] ?? StringCatalog.Localization()
                set(change, in: &variant.stringUnit)
                cases.set(variant, for: category.rawValue, orderedBy: StringCatalogWriter.keyOrder)
                variations.plural = cases
                localization.variations = variations
            } else {
                let model = source?.substitutions?[variable]
                var substitutions = localization.substitutions ?? KeyedList()
                var substitution =
                    substitutions[variable]
                    ?? StringCatalog.Substitution(argNum: model?.argNum, formatSpecifier: model?.formatSpecifier)
                var change = change
                change.text = writtenWithArg(change.text, model: model)
                var variations = substitution.variations ?? StringCatalog.Variations()
                var cases = variations.plural ?? KeyedList()
                var variant = cases[category.rawValue] ?? StringCatalog.Localization()
                set(change, in: &variant.stringUnit)
                cases.set(variant, for: category.rawValue, orderedBy: StringCatalogWriter.keyOrder)
                variations.plural = cases
                substitution.variations = variations
                substitutions.set(substitution, for: variable, orderedBy: StringCatalogWriter.keyOrder)
                localization.substitutions = substitutions
            }
        }
    }

    /// A string unit with the change's text and state (its other fields kept); a translation
    /// a person confirmed (`translated`) is no suggestion any more, and the text it was made
    /// from is forgotten.
    private static func set(_ change: Change, in unit: inout StringCatalog.StringUnit?) {
        if unit == nil { unit = StringCatalog.StringUnit(change.text, state: change.state) }
        unit?.value = change.text
        unit?.state = change.state
        if change.state == .translated {
            unit?.isSuggested = false
            unit?.previousSource = nil
        } else if let previous = change.suggestedFrom {
            unit?.isSuggested = true
            unit?.previousSource = previous
        }
    }

    /// A substitution's variant as the catalog writes its own number: `%arg`, where the
    /// exports spell it out (`%2$lld`), when the source language's variants use `%arg`.
    private static func writtenWithArg(_ text: String, model: StringCatalog.Substitution?) -> String {
        guard let model, let argument = model.argNum, let specifier = model.formatSpecifier else { return text }
        var usesArg = false
        for (_, variant) in model.variations?.plural ?? KeyedList()
        where variant.stringUnit?.value.contains("%arg") == true {
            usesArg = true
        }
        return usesArg ? text.replacingOccurrences(of: "%\(argument)$\(specifier)", with: "%arg") : text
    }
}
