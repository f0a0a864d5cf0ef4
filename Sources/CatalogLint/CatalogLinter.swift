import CatalogFiles
import Diagnostics
import Foundation
import Localization

/// Checks every catalog of a project, in every language and flavor, against the development
/// language, the CLDR plural rules and the keys the sources use: it loads the project once
/// (`LintContext`) and runs each of `rules` over it.
public struct CatalogLinter {
    /// Every rule, in the order findings at one position are listed.
    public static let rules: [any LintRule] = [
        // Errors: a user would see them.
        SyntaxRule(), InfoPlistRule(), MissingKeyRule(), FormatMismatchRule(), PluralFormsRule(),
        PluralVariablesRule(), UndefinedKeyRule(), TwoFormsRule(), SameBundleIdentifierRule(),
        // Warnings: likely mistakes.
        ExtraKeyRule(), DuplicateKeyRule(), SameAsDevelopmentRule(), UnusedKeyRule(), OrphanOverrideRule(),
        NeedsTranslationRule(), SuspiciousTextRule(), UnknownFieldRule(), RedundantOverrideRule(),
        UndeclaredFlavorRule(), UnseenOverrideRule(), UnreadLanguageFolderRule(), MissingFlavorsFolderRule(),
        // Notes: worth knowing.
        StaleKeyRule(),
    ]

    /// The package linted.
    public let project: CatalogProject
    private let context: LintContext

    /// Reads the project's catalogs and sources.
    public init(project: CatalogProject) {
        self.project = project
        context = LintContext(project: project)
    }

    /// Every finding, once, sorted by file, position and rule; paths relative to the project's root.
    /// (`mutating` as it always was, so that callers holding a `var` linter stay as they are.)
    public mutating func lint() -> [Diagnostic] {
        let order = Dictionary(uniqueKeysWithValues: Self.rules.enumerated().map { ($0.element.name, $0.offset) })
        let found = Set(Self.rules.flatMap { $0.check(context) }).map { diagnostic in
            var copy = diagnostic
            copy.path = diagnostic.path.map(context.relativePath)
            return copy
        }
        return found.sorted {
            ($0.path ?? "", $0.line ?? 0, $0.column ?? 0, order[$0.rule ?? ""] ?? 0, $0.message)
                < ($1.path ?? "", $1.line ?? 0, $1.column ?? 0, order[$1.rule ?? ""] ?? 0, $1.message)
        }
    }

    // MARK: Statistics

    /// How many of the development language's keys each language has (itself or through a
    /// parent other than the development language), shared and as each flavor shows them.
    public func statistics() -> [TranslationStatistics] {
        let development = project.developmentLanguage
        let shared = context.shared
        let layers: [[CatalogLayer]] = [[shared]] + context.flavors.map { [shared, $0.layer] }
        return layers.flatMap { stack -> [TranslationStatistics] in
            func keys(_ language: LanguageTag) -> Set<String> {
                stack.reduce(into: Set<String>()) { keys, layer in
                    guard let catalog = layer.catalogs[language] else { return }
                    for table in catalog.tableNames {
                        keys.formUnion(catalog.keys(in: table).map { "\(table)\u{0}\($0)" })
                    }
                }
            }
            let wanted = keys(development)
            return shared.languages.filter { $0 != development }.map { language in
                let chain = language.withParents.filter { $0 != development }
                let have = chain.reduce(into: Set<String>()) { $0.formUnion(keys($1)) }
                return TranslationStatistics(
                    catalog: stack.last!.name, language: language,
                    translated: wanted.intersection(have).count, total: wanted.count)
            }
        }
    }
}
