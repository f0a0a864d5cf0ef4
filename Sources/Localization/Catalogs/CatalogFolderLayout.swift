/// How files are named inside a folder of catalogs, Apple's way: one `<lang>.lproj/` folder per
/// language holding `<Table>.strings` and `<Table>.stringsdict`, or String Catalogs
/// `<Table>.xcstrings` at the folder's top level. Readers, writers and tools all name files here.
public enum CatalogFolderLayout {
    /// The extension of a language folder.
    public static let languageFolderExtension = "lproj"

    /// The kinds of catalog file, by extension.
    public enum FileKind: String, Sendable, CaseIterable {
        /// `.strings`: key = value text.
        case strings
        /// `.stringsdict`: plural entries.
        case stringsdict
        /// `.xcstrings`: a String Catalog, every language in one file.
        case xcstrings
    }

    /// `es-MX.lproj`.
    public static func languageFolderName(_ language: LanguageTag) -> String {
        "\(language).\(languageFolderExtension)"
    }

    /// The language a folder named `es-MX.lproj` holds; nil for any other name.
    public static func language(ofFolderNamed name: String) -> LanguageTag? {
        let suffix = "." + languageFolderExtension
        guard name.hasSuffix(suffix) else { return nil }
        return LanguageTag(String(name.dropLast(suffix.count)))
    }

    /// A table's `.strings` or `.stringsdict` file for one language, relative to the catalog
    /// folder: `es.lproj/Localizable.strings`.
    public static func relativePath(language: LanguageTag, table: String, kind: FileKind) -> String {
        "\(languageFolderName(language))/\(table).\(kind.rawValue)"
    }

    /// Whether `table` can name a table's file in a catalog folder: not empty, no `/` or `\`,
    /// not starting with `.` (so neither `.` nor `..`), no control or direction character, and
    /// at most 200 bytes. A `table:` argument in code that is not one names no file, and is
    /// never made into a path.
    public static func isTableName(_ table: String) -> Bool {
        !table.isEmpty && table.utf8.count <= 200 && !table.hasPrefix(".")
            && !table.unicodeScalars.contains {
                $0 == "/" || $0 == "\\" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                    || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains($0.value)
                    || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            }
    }

    /// A table's String Catalog, which holds every language: `Localizable.xcstrings`.
    public static func stringCatalogName(table: String) -> String {
        "\(table).\(FileKind.xcstrings.rawValue)"
    }
}
