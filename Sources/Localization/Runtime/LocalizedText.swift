/// A catalog text named in code and looked up when shown: its key, its table and the
/// arguments for its format. The symbols `flavorkit generate-symbols` writes (and the
/// `FlavorKitSymbols` plugin generates at build time) return these, one per key, so that a
/// misspelt or removed key is a compile error:
///
///     print(flavor.text(.queueEmpty))
///     print(flavor.text(.filesLeft(count)))   // a plural entry picks its variant
///
/// Looking one up goes through `Localizer.text(_:)`: per-key fallback, plurals, the safe
/// formatter and the language in use, as for a key written out.
public struct LocalizedText: Sendable, Hashable {
    /// The catalog key.
    public let key: String
    /// The table (`Localizable` unless the key lives in another).
    public let table: String
    /// The values for the text's format specifiers, in order: the text is a format (`%%`
    /// shows `%`), even with no argument. Nil for a text shown as written, as `text("key")`
    /// shows it.
    public let arguments: [FormatArgument]?
    /// The development text the code gives (`defaultValue:`), shown while no language has the
    /// key: before `flavorkit extract` has added it to the catalog.
    public let defaultValue: String?

    /// The text for `key` in `table`, formatted with `arguments`, or shown as written when
    /// they are nil; `defaultValue` is shown while no language has the key.
    public init(
        _ key: String, table: String = Catalog.defaultTable, arguments: [FormatArgument]? = nil,
        defaultValue: String? = nil
    ) {
        self.key = key
        self.table = table
        self.arguments = arguments
        self.defaultValue = defaultValue
    }
}

extension Localizer {
    /// The text `localized` names in the language in use, falling back per key as
    /// `text(_:_:table:)` does; shown as written when it has no arguments (nil). When no
    /// language has the key, its `defaultValue` is shown (formatted like a catalog's text; the
    /// key when it does not fit the arguments), and the missing key is recorded all the same.
    public func text(_ localized: LocalizedText) -> String {
        guard let arguments = localized.arguments else {
            return text(localized.key, asWrittenIn: localized.table, defaultValue: localized.defaultValue)
        }
        return text(localized.key, arguments: arguments, table: localized.table, defaultValue: localized.defaultValue)
    }
}
