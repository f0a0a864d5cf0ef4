import Diagnostics
import Localization

/// `flavorkit vary`: a String Catalog key's development text made to vary as Xcode's "Vary by
/// Plural" and "Vary by Device" make it, so that nobody writes the JSON by hand.
///
/// - By plural, a text with one argument gets `variations.plural`: one case per category the
///   development language has (English: `one`, `other`), each the text as it was.
/// - By plural, with the arguments named (a text with several), each becomes a substitution
///   as Xcode names it: the specifier replaced by `%#@arg2@` (`%2$#@arg2@` where it was
///   positional), and `substitutions.arg2` with its `argNum`, its `formatSpecifier` (`lld`)
///   and one plural case per category, each `%arg`: the text reads as before until a person
///   writes the cases (`%arg day`, `%arg days`).
/// - By device, `variations.device`: one case per device asked for (Xcode's names; `other`
///   always), each the text as it was.
///
/// A key with no development-language localization is its own text (Xcode's way for a key
/// written in English in code): that text varies, in a development localization made for it.
/// Every translation of the key is marked `needs_review`: translators redo it in the new shape.
package enum StringCatalogVariation {
    /// How a text is to vary.
    package enum Kind: Sendable, Equatable {
        /// By the plural category of the arguments at these 1-based positions; none: the
        /// text's only argument, as `variations.plural`.
        case plural(arguments: [Int])
        /// By device, with a case for each of these devices.
        case device([String])
    }

    /// An argument of the development text: where its specifier is written and what it is.
    private struct Argument {
        var position: Int
        var range: Range<Int>
        var specifier: FormatScanner.Specifier
        var written: String
    }

    /// Varies `key` in `catalog` by `kind`, in the development language `language`; returns
    /// the languages whose translations of it now await review, sorted.
    @discardableResult
    package static func vary(_ key: String, by kind: Kind, in catalog: inout StringCatalog, language: LanguageTag)
        throws(Diagnostic) -> [String]
    {
        let quoted = "\"\(Diagnostic.quote(key))\""
        guard let entry = catalog[key] else {
            throw Diagnostic("no key \(quoted) in this String Catalog", path: catalog.path)
        }
        let location = SourceLocation(path: catalog.path, line: entry.line, column: 1)
        let written = entry.localization(for: language)
        if written?.variations?.plural != nil || written?.substitutions != nil {
            throw Diagnostic("key \(quoted) varies by plural already", at: location)
        }
        if written?.variations?.device != nil {
            throw Diagnostic("key \(quoted) varies by device already", at: location)
        }
        // A key with no development localization is its own text, as Xcode has it: that text
        // is what varies.
        let localization = written ?? StringCatalog.Localization(stringUnit: StringCatalog.StringUnit(key))
        guard let unit = localization.stringUnit else {
            throw Diagnostic("key \(quoted) has no \(language) text to vary", at: location)
        }
        var varied = localization
        switch kind {
        case .device(let devices):
            var cases = KeyedList<StringCatalog.Localization>()
            for device in Set(devices + ["other"]) {
                cases.set(.init(stringUnit: unit), for: device, orderedBy: StringCatalogWriter.keyOrder)
            }
            varied.stringUnit = nil
            varied.variations = StringCatalog.Variations(device: cases)
        case .plural(let positions):
            let arguments = try Self.arguments(of: unit.value, key: quoted, at: location)
            let categories = PluralRules.rules(for: language).categories
            let countable = arguments.filter { [.signed, .unsigned, .floating].contains($0.specifier.argument) }
            let named = positions.isEmpty && arguments.count == 1 ? [arguments[0].position] : positions
            guard !named.isEmpty else {
                let listed = arguments.map { "\($0.position): \($0.written)" }.joined(separator: ", ")
                throw Diagnostic(
                    "key \(quoted) takes \(arguments.count) arguments (\(listed)); name the ones its text varies by "
                        + "with --argument N", at: location)
            }
            for position in named where !countable.contains(where: { $0.position == position }) {
                let found = arguments.first { $0.position == position }
                throw Diagnostic(
                    found.map { "argument \(position) of key \(quoted) is \($0.written), which no plural can count" }
                        ?? "key \(quoted) has no argument \(position) (it takes \(arguments.count))", at: location)
            }
            if positions.isEmpty && arguments.count == 1 {
                var cases = KeyedList<StringCatalog.Localization>()
                for category in categories {
                    cases.set(.init(stringUnit: unit), for: category.rawValue, orderedBy: StringCatalogWriter.keyOrder)
                }
                varied.stringUnit = nil
                varied.variations = StringCatalog.Variations(plural: cases)
            } else {
                varied = Self.substituting(named, of: arguments, in: unit, categories: categories)
            }
        }
        var toReview: [String] = []
        catalog.update(key, orderedBy: StringCatalogWriter.keyOrder) { entry in
            for other in entry.localizations.keys where other != language.description {
                _ = entry.localizations.modify(other) { if $0.markTranslatedForReview() { toReview.append(other) } }
            }
            entry.localizations.set(varied, for: language.description, orderedBy: StringCatalogWriter.keyOrder)
        }
        return toReview.sorted()
    }

    /// The arguments of `text`, in the order written, each with its position; a text that is
    /// not a format, or has none, is an error.
    private static func arguments(of text: String, key: String, at location: SourceLocation) throws(Diagnostic)
        -> [Argument]
    {
        do throws(FormatError) {
            _ = try FormatString(text)
        } catch {
            throw Diagnostic("the text of key \(key) is not a format: \(error.message)", at: location)
        }
        let bytes = Array(text.utf8)
        let arguments = bytes.withUnsafeBufferPointer { buffer in
            var scanner = FormatScanner(buffer)
            var found: [Argument] = []
            while let token = scanner.next() {
                guard case .specifier(let specifier) = token.kind else { continue }
                found.append(
                    Argument(
                        position: specifier.position ?? found.count + 1, range: token.range, specifier: specifier,
                        written: String(decoding: buffer[token.range], as: UTF8.self)))
            }
            return found
        }
        guard !arguments.isEmpty else {
            throw Diagnostic("key \(key) takes no argument: nothing to vary by plural", at: location)
        }
        return arguments
    }

    /// The localization whose text names a substitution for each argument at `positions`,
    /// as Xcode writes them.
    private static func substituting(
        _ positions: [Int], of arguments: [Argument], in unit: StringCatalog.StringUnit,
        categories: [PluralCategory]
    ) -> StringCatalog.Localization {
        var bytes = Array(unit.value.utf8)
        var substitutions = KeyedList<StringCatalog.Substitution>()
        // From the end, so that earlier ranges stay where they are.
        for argument in arguments.reversed() where positions.contains(argument.position) {
            let name = "arg\(argument.position)"
            let written = argument.specifier.position.map { "%\($0)$#@\(name)@" } ?? "%#@\(name)@"
            bytes.replaceSubrange(argument.range, with: written.utf8)
            // The specifier as Xcode records it: what follows `%` (and a position).
            var specifier = argument.written.dropFirst()
            if argument.specifier.position != nil, let dollar = specifier.firstIndex(of: "$") {
                specifier = specifier[specifier.index(after: dollar)...]
            }
            var cases = KeyedList<StringCatalog.Localization>()
            for category in categories {
                cases.set(
                    .init(stringUnit: StringCatalog.StringUnit("%arg", state: unit.state)), for: category.rawValue,
                    orderedBy: StringCatalogWriter.keyOrder)
            }
            substitutions.set(
                StringCatalog.Substitution(
                    argNum: argument.position, formatSpecifier: String(specifier),
                    variations: StringCatalog.Variations(plural: cases)),
                for: name, orderedBy: StringCatalogWriter.keyOrder)
        }
        var text = unit
        text.value = String(decoding: bytes, as: UTF8.self)
        var localization = StringCatalog.Localization(stringUnit: text)
        localization.substitutions = substitutions
        return localization
    }
}
