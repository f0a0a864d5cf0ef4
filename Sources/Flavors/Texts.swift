import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A program's one way to user-visible text: `text("catalog.key", arguments…)` (or
/// `arguments: [...]`, `table:`), `text(.generatedSymbol)`, plus numbers, percents and byte
/// sizes written for the language in use (dates: the `FlavorDates` module). `import Flavors`
/// brings the Localization types its API shows (`FormatArgument`, `LanguageTag`, …) along.
///
/// `flavorkit lint` finds the keys a program uses by looking for calls of the form
/// `text("key"` with a literal key, so write keys out in full at the call:
///
///     let text = flavor.text
///     print(text("greeting", .string(name)))
///     print(text("files.count", .int(count)))   // a plural entry picks its variant
public struct Texts: Sendable {
    /// The localizer the text comes from; switch languages with `setPreferences`.
    public let localizer: Localizer

    /// Text from `localizer`.
    public init(localizer: Localizer) {
        self.localizer = localizer
    }

    /// The text for `key` in `table` in the language in use, formatted with `arguments` (shown
    /// as written without any); a key no language has renders as `defaultValue`, else as the
    /// key itself. Never crashes (see `Localizer.text`). `defaultValue` and `comment` are
    /// what `flavorkit extract` writes into the catalog with a new key: its development text
    /// and a note for translators.
    public func callAsFunction(
        _ key: String, _ arguments: FormatArgument..., defaultValue: StaticString? = nil,
        table: String = Catalog.defaultTable, comment: StaticString? = nil
    ) -> String {
        self(key, arguments: arguments, defaultValue: defaultValue, table: table)
    }

    /// `text(_:_:defaultValue:table:comment:)` with an array of arguments: what a wrapper of
    /// one's own (`L10n.tr(key, args…)`) forwards its arguments with.
    public func callAsFunction(
        _ key: String, arguments: [FormatArgument], defaultValue: StaticString? = nil,
        table: String = Catalog.defaultTable, comment: StaticString? = nil
    ) -> String {
        localizer.text(
            LocalizedText(
                key, table: table, arguments: arguments.isEmpty ? nil : arguments,
                defaultValue: defaultValue.map(\.description)))
    }

    /// The text a generated symbol names (`text(.queueEmpty)`, `text(.filesLeft(count))`),
    /// in the language in use.
    public func callAsFunction(_ localized: LocalizedText) -> String {
        localizer.text(localized)
    }

    /// The locale numbers, sizes and dates are written for: the language in use.
    public var locale: Locale { Locale(identifier: localizer.language.description) }

    /// `1234567` → `1,234,567` in English, `1.234.567` in German (see `NumberFormat`).
    public func number(_ value: Int) -> String {
        NumberFormat(language: localizer.language).integer(value)
    }

    /// `0.25` → `0.25`, `1.5` → `1,5` in German: at most `maximumFractionDigits` fraction
    /// digits, rounded half to even, no trailing zeros.
    public func number(_ value: Double, maximumFractionDigits: Int) -> String {
        NumberFormat(language: localizer.language).decimal(value, maximumFractionDigits: maximumFractionDigits)
    }

    /// `0.456` → `46 %` in German, `46%` in English.
    public func percent(_ fraction: Double) -> String {
        NumberFormat(language: localizer.language).percent(fraction)
    }

    /// A size in bytes as file managers show it, with decimal units (1 kB = 1,000 bytes):
    /// `1.29 GB` in English, `1,2 Mo` in French (see `ByteCount`). Under a pseudo-locale, the
    /// development language's form pseudo-translated, as any text is.
    public func bytes(_ count: Int64) -> String {
        guard let pseudo = PseudoLocale(localizer.language) else {
            return ByteCount.text(count, language: localizer.language)
        }
        return pseudo.transform(ByteCount.text(count, language: localizer.developmentLanguage))
    }
}
