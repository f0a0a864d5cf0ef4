import Diagnostics
import FileFormats
import Localization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `unread-language-folder`: a `.lproj` folder of a catalog folder whose name is no language
/// tag (`French.lproj`, `Base.lproj`), holding `.strings` or `.stringsdict` files nothing reads.
struct UnreadLanguageFolderRule: LintRule {
    let name = "unread-language-folder"
    let severity = Diagnostic.Severity.warning
    let summary = "an .lproj folder whose name is no language tag: its catalog files are never read"
    let help =
        "FlavorKit finds a language's .strings and .stringsdict files in the folder named by its BCP 47 tag "
        + "(fr.lproj, pt-BR.lproj, zh-Hans.lproj). Older projects may use Apple's English names (French.lproj), "
        + "and Xcode's Base.lproj holds interface files: text in either is never shown. Rename the folder "
        + "after its language's tag, or move the files into the development language's folder."

    /// Apple's old folder names for languages (`CFBundle`'s), and their tags.
    static let appleNames = [
        "English": "en", "French": "fr", "German": "de", "Italian": "it", "Japanese": "ja", "Spanish": "es",
        "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Danish": "da", "Finnish": "fi", "Korean": "ko",
        "Russian": "ru", "Polish": "pl",
    ]

    /// The kind of the entry at `path`, a link not followed (`S_IFDIR`, `S_IFREG`, …); 0 when
    /// there is none.
    static func kind(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func check(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        let folders = [layout.localizations] + context.project.flavors.map { layout.localizations(flavor: $0) }
        var found: [Diagnostic] = []
        for folder in folders {
            for name in FolderEntries.names(in: folder.path).sorted()
            where name.hasSuffix("." + CatalogFolderLayout.languageFolderExtension)
                && CatalogFolderLayout.language(ofFolderNamed: name) == nil
            {
                // A folder of its own: a link (`French.lproj` to `fr.lproj`, kept for old
                // tools) is someone's arrangement, and is not looked into.
                let lproj = folder.appendingPathComponent(name)
                guard Self.kind(of: lproj.path) == S_IFDIR else { continue }
                let files = FolderEntries.names(in: lproj.path).filter {
                    ($0.hasSuffix("." + CatalogFolderLayout.FileKind.strings.rawValue)
                        || $0.hasSuffix("." + CatalogFolderLayout.FileKind.stringsdict.rawValue))
                        && Self.kind(of: lproj.path + "/" + $0) == S_IFREG
                }
                guard !files.isEmpty else { continue }
                let stem = String(name.dropLast(CatalogFolderLayout.languageFolderExtension.count + 1))
                let advice =
                    if let tag = Self.appleNames[stem] {
                        "Apple's old name for \(tag): rename it \(tag).\(CatalogFolderLayout.languageFolderExtension)"
                    } else if stem == "Base" {
                        "Xcode's Base.lproj is for interface files: move them into "
                            + CatalogFolderLayout.languageFolderName(context.project.developmentLanguage)
                    } else {
                        "rename it after its language's tag (fr.lproj, pt-BR.lproj)"
                    }
                // A few names, then how many more: one line however many files.
                let sorted = files.sorted()
                let listed =
                    sorted.prefix(3).map { Diagnostic.quote($0) }.joined(separator: ", ")
                    + (sorted.count > 3 ? " and \(sorted.count - 3) more" : "")
                found.append(
                    diagnostic(
                        "\(Diagnostic.quote(name)) is named by no language tag, so "
                            + (files.count == 1 ? "its catalog file \(listed) is" : "its catalog files \(listed) are")
                            + " never read; \(advice)",
                        at: SourceLocation(path: lproj.path, line: 1, column: 1)))
            }
        }
        return found
    }
}
