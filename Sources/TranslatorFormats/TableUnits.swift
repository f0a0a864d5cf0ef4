import CatalogFiles
import Diagnostics
import FileFormats
import Localization

/// The units of one table of one language, made key by key (each key's alone, so that a
/// large catalog's are made on every core): `TranslationCatalog`'s text and plural units.
struct TableUnits: Sendable {
    let source: TranslationSource
    /// The language's own catalog.
    let translation: Catalog
    let table: String
    /// The development language's plural entries of the table.
    let plurals: [String: PluralEntry]
    /// The development language's comments of the table.
    let comments: CommentTable
    /// The keys of units marked `needs_review` in the language (by bytes, as keys are told apart).
    let reviewKeys: Set<LiteralKey>
    /// The language's CLDR cardinal rules.
    let rules: PluralRules

    var language: LanguageTag { translation.language }

    /// The units of the development language's text entries `entries` (a plural entry of the
    /// same key wins), in their order.
    func textUnits(_ entries: ArraySlice<StringsEntry>) -> [TranslationUnit] {
        var units: [TranslationUnit] = []
        units.reserveCapacity(entries.count)
        // A plural entry of the same key wins; one spelled in another normalization is another key.
        for entry in entries where !hasPlural(entry.key) {
            let target = translation.tables[table]?.entry(entry.key)
            let key = entry.key
            let document = source.stringCatalogEntry(key, at: entry.location)
            if let document, !document.isTranslatable || document.isStale { continue }
            var template = self.template(
                key, part: .text, kind: document == nil ? .strings : .xcstrings, document: document,
                source: (entry.value, entry.location), target: (target?.value, target?.location))
            if let document, let unit = document.localization(for: language)?.stringUnit {
                let path = entry.location.path
                template.previousSource = unit.state == .needsReview ? unit.previousSource : nil
                if template.target == nil, unit.isSuggestion, !unit.value.isEmpty {
                    // Not in the runtime's catalog, which leaves suggestions out: taken from the file.
                    template.target = unit.value
                    template.targetLocation = SourceLocation(path: path, line: unit.line, column: 1)
                    template.isSuggestion = true
                    template.needsReview = true
                }
            }
            if let made = Self.deviceUnits(
                template, document, targetLocation: template.targetLocation, source: source, language: language,
                rules: rules)
            {
                units += made
            } else {
                units.append(template)
            }
        }
        markStale(&units)
        return units
    }

    /// Whether the development language has a plural entry of `key`, its very bytes (`plurals`
    /// is keyed by `String`, which takes `café` spelled two ways for one key).
    private func hasPlural(_ key: String) -> Bool {
        guard let index = plurals.index(forKey: key) else { return false }
        return plurals[index].key.hasSameBytes(as: key)
    }

    /// The units of the development language's plural entries of `keys`, in that order.
    func pluralUnits(_ keys: ArraySlice<String>) -> [TranslationUnit] {
        var units: [TranslationUnit] = []
        for key in keys {
            let entry = plurals[key]!
            let document = source.stringCatalogEntry(key, at: entry.location)
            if let document, !document.isTranslatable || document.isStale { continue }
            var translated = translation.plurals[table]?[key]
            // A plural with suggestions is not in the runtime's catalog, which leaves them
            // out: taken from the file, each form to review.
            let suggestions = Self.pluralSuggestions(document?.localization(for: language))
            if !suggestions.isEmpty, let localization = document?.localization(for: language),
                case .plural(let entry)? = try? XCStringsFile.unit(
                    localization.revealingSuggestions(), location: entry.location)
            {
                translated = entry
            }
            let template = self.template(
                key, part: .pluralFormat, kind: document == nil ? .stringsdict : .xcstrings, document: document,
                source: (entry.format, entry.location), target: (translated?.format, translated?.location))
            var made =
                Self.deviceUnits(
                    template, document, targetLocation: translated?.location, source: source, language: language,
                    rules: rules) ?? Self.units(of: entry, translated: translated, template: template, rules: rules)
            Self.mark(&made, suggestions)
            units += made
        }
        markStale(&units)
        return units
    }

    /// The unit of `key`'s text or plural format that the others are made from: its comment,
    /// review mark and String Catalog `document`'s comment flag.
    private func template(
        _ key: String, part: TranslationUnit.Part, kind: CatalogFolderLayout.FileKind,
        document: StringCatalog.Entry?, source: (text: String, location: SourceLocation),
        target: (text: String?, location: SourceLocation?)
    ) -> TranslationUnit {
        var template = TranslationUnit(
            table: table, key: key, part: part, kind: kind, source: source.text, target: target.text,
            comment: comments[key], sourceLocation: source.location, targetLocation: target.location,
            needsReview: reviewKeys.contains(LiteralKey(key)), isSoleVariable: false)
        template.isCommentAutoGenerated = document?.isCommentAutoGenerated == true
        return template
    }

    /// Marks stale each translation made from a development-language text that has changed since.
    private func markStale(_ units: inout [TranslationUnit]) {
        for index in units.indices where units[index].target != nil {
            units[index].isStale = source.isStale(units[index], language: language)
        }
    }

    /// A language's plural suggestions (units no person confirmed): variable → category →
    /// the text each was made from (`""` when not kept). The cases of `variations.plural`
    /// are those of the variable `plural`, as `XCStringsFile` names it.
    private static func pluralSuggestions(_ localization: StringCatalog.Localization?) -> [String: [String: String]] {
        var found: [String: [String: String]] = [:]
        let note = { (variable: String, cases: KeyedList<StringCatalog.Localization>?) in
            for (category, variant) in cases ?? KeyedList() {
                if let unit = variant.stringUnit, unit.isSuggestion, !unit.value.isEmpty {
                    found[variable, default: [:]][category] = unit.previousSource ?? ""
                }
            }
        }
        note("plural", localization?.variations?.plural)
        for (name, substitution) in localization?.substitutions ?? KeyedList() {
            note(name, substitution.variations?.plural)
        }
        return found
    }

    /// The plural forms among `units` that `suggestions` has, marked as suggestions to review
    /// with the text each was made from.
    private static func mark(_ units: inout [TranslationUnit], _ suggestions: [String: [String: String]]) {
        for index in units.indices {
            guard case .variant(let variable, let category) = units[index].part,
                let previous = suggestions[variable]?[category.rawValue]
            else { continue }
            units[index].isSuggestion = true
            units[index].needsReview = true
            units[index].previousSource = previous.isEmpty ? nil : previous
        }
    }

    /// The units of a String Catalog key whose development text varies by device: each
    /// device case's text or plural entry, against the language's text for that case (its
    /// own case, or its one text when it does not vary by device). Nil for any other key.
    private static func deviceUnits(
        _ template: TranslationUnit, _ document: StringCatalog.Entry?, targetLocation: SourceLocation?,
        source: TranslationSource, language: LanguageTag, rules: PluralRules
    ) -> [TranslationUnit]? {
        guard let document, let path = template.sourceLocation?.path,
            let devices = document.localization(for: source.project.developmentLanguage)?.variations?.device
        else { return nil }
        // With no translation the runtime read (suggestions alone, which it leaves out), the
        // language's cases are looked for in the development text's own file.
        let targetDocument = source.stringCatalogEntry(template.key, at: targetLocation) ?? document
        let targetPath = targetLocation?.path ?? path
        let localization = targetDocument.localization(for: language)
        var units: [TranslationUnit] = []
        for (device, variant) in devices {
            let at = SourceLocation(path: path, line: variant.line, column: 1)
            guard case .some(let unit) = try? XCStringsFile.unit(variant, location: at, isSource: true) else {
                continue
            }
            let targetCase = localization.flatMap {
                $0.variations?.device == nil ? $0 : $0.variations?.device?[device]
            }
            let targetAt = targetCase.map { SourceLocation(path: targetPath, line: $0.line, column: 1) }
            // Suggestions, which the runtime leaves out, shown to translators as such.
            let textSuggestion = targetCase?.stringUnit.flatMap { $0.isSuggestion && !$0.value.isEmpty ? $0 : nil }
            let suggestions = Self.pluralSuggestions(targetCase)
            let shown = textSuggestion == nil && suggestions.isEmpty ? targetCase : targetCase?.revealingSuggestions()
            let translated = shown.flatMap { try? XCStringsFile.unit($0, location: targetAt!) }
            var review = false
            targetCase?.forEachUnit { if $0.state == .needsReview { review = true } }
            var deviceTemplate = template
            deviceTemplate.device = device
            deviceTemplate.sourceLocation = at
            deviceTemplate.targetLocation = targetAt
            deviceTemplate.needsReview = review
            switch unit {
            case .text(let text):
                deviceTemplate.part = .text
                deviceTemplate.source = text
                if case .text(let target) = translated {
                    deviceTemplate.target = target
                    if let textSuggestion {
                        deviceTemplate.isSuggestion = true
                        deviceTemplate.previousSource = textSuggestion.previousSource
                    }
                } else {
                    deviceTemplate.target = nil
                }
                units.append(deviceTemplate)
            case .plural(let entry):
                deviceTemplate.part = .pluralFormat
                deviceTemplate.source = entry.format
                var translatedEntry: PluralEntry?
                if case .plural(let target) = translated { translatedEntry = target }
                deviceTemplate.target = translatedEntry?.format
                var made = Self.units(of: entry, translated: translatedEntry, template: deviceTemplate, rules: rules)
                Self.mark(&made, suggestions)
                units += made
            }
        }
        return units
    }

    /// A plural entry's units: its format, then every variable's variants in the categories
    /// the language has (and any other it gives), made from `template`.
    private static func units(
        of entry: PluralEntry, translated: PluralEntry?, template: TranslationUnit, rules: PluralRules
    ) -> [TranslationUnit] {
        // One variable and nothing else: its variants are the whole text (no nested variables).
        let sole =
            entry.soleVariable != nil && entry.variables.count == 1
            && (translated == nil || translated!.format == entry.format)
        var template = template
        template.isSoleVariable = sole
        var units = [template]
        // A String Catalog writes a substitution's own number `%arg`; Xcode's exports spell it out.
        let spells = template.kind == .xcstrings && !sole
        // Worked out only for a variable that does not say which argument it reads.
        var arguments: [String: Int]?
        for name in TranslationCatalog.variableOrder(entry) {
            let variable = entry.variables[name]!
            let own = translated?.variables[name]?.variants ?? [:]
            let categories = Set(rules.categories).union(own.keys).sorted()
            var position: Int?
            if spells {
                if variable.argument == nil, arguments == nil { arguments = entry.variableArguments }
                position = variable.argument ?? arguments?[name]
            }
            let spelling = position.map { Array("%\($0)$\(variable.valueType)".utf8) }
            let spelled = { (text: String) -> String in
                guard let spelling else { return text }
                return Self.replacingArg(in: text, with: spelling)
            }
            let developmentVariants = variable.variants.mapValues(spelled)
            for category in categories {
                var unit = template
                unit.part = .variant(variable: name, category: category)
                unit.developmentVariants = developmentVariants
                unit.source = spelled(variable.variants[category] ?? variable.variants[.other] ?? "")
                unit.target = own[category].map(spelled)
                units.append(unit)
            }
        }
        return units
    }

    /// `text` with each `%arg` (a String Catalog substitution's own number) spelled out as
    /// `spelling` (`%1$lld`).
    private static func replacingArg(in text: String, with spelling: [UInt8]) -> String {
        let percent = UInt8(ascii: "%"), a = UInt8(ascii: "a"), r = UInt8(ascii: "r"), g = UInt8(ascii: "g")
        var text = text
        let changed = text.withUTF8 { bytes -> String? in
            guard bytes.contains(percent) else { return nil }
            var spelled: [UInt8] = []
            spelled.reserveCapacity(bytes.count + spelling.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == percent, index + 3 < bytes.count, bytes[index + 1] == a, bytes[index + 2] == r,
                    bytes[index + 3] == g
                {
                    spelled += spelling
                    index += 4
                } else {
                    spelled.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: spelled, as: UTF8.self)
        }
        return changed ?? text
    }
}
