import CatalogFiles
import CatalogLint
import Diagnostics
import Flavors
import Foundation
import Localization
import TextSnapshots
import TranslatorFormats

/// What `flavorkit report` shows of a package on one page: how far each language is
/// translated in each flavor, the lint findings, every recorded snapshot, and what changed
/// (pending `.txt.new` files, and the failures a CI run left in an artifacts folder).
public struct ProjectReport: Sendable {
    /// One recorded snapshot, or a new one a change brings.
    public struct Snapshot: Sendable {
        /// Its path in the snapshot folder (`Light/en/80/queue.txt`).
        public var path: String
        /// The recorded text; empty when there is none yet.
        public var text: String
        /// The output that differs from it, when something changed.
        public var change: Change?

        /// The name's parts: flavor first, screen last (`.txt` left off), the others between.
        public var components: [String] {
            (path.hasSuffix(".txt") ? path.dropLast(4) : Substring(path)).split(separator: "/").map(String.init)
        }
    }

    /// A snapshot's new output and where it was found.
    public struct Change: Sendable {
        /// Where a change comes from.
        public enum Source: String, Sendable {
            /// A `.txt.new` file beside the snapshot.
            case pending
            /// A failure in a CI run's artifacts folder.
            case artifacts
        }

        /// The new output.
        public var text: String
        /// Where it was found.
        public var source: Source
    }

    /// The package's folder name.
    public var name: String
    /// The development language.
    public var developmentLanguage: LanguageTag
    /// The languages, the development language first, then by their names in it.
    public var languages: [LanguageTag]
    /// The coverage of each language but the development language, shared and per flavor.
    public var coverage: [TranslationStatus]
    /// The flavors' names, sorted.
    public var flavors: [String]
    /// Every lint finding, paths relative to the package.
    public var findings: [Diagnostic]
    /// Every snapshot the manifest names (every snapshot file, without a manifest), sorted by
    /// path, and the new snapshots changes bring.
    public var snapshots: [Snapshot]
    /// With flavor dimensions, every variant of the matrix (the snapshots' first name part).
    public var variants: [VariantRow] = []

    /// Reads the package `layout` describes, and the artifacts folder a CI run wrote, when
    /// given. A package without catalogs has no coverage; one without a snapshot folder, no
    /// snapshots; an artifacts folder that is not there is an error.
    public static func collect(_ layout: PackageLayout, artifacts: URL? = nil) throws(Diagnostic) -> ProjectReport {
        let project = CatalogProject(layout: layout)
        let hasCatalogs = FileManager.default.fileExists(atPath: layout.localizations.path)
        // The readers' errors are among lint's findings (its syntax rule).
        var readingErrors: [Diagnostic] = []
        let coverage = hasCatalogs ? try TranslationStatus.collect(project, readingErrors: &readingErrors) : []
        var linter = CatalogLinter(project: project)
        let findings = hasCatalogs ? linter.lint() : []
        let development = project.developmentLanguage
        var languages = Set(coverage.map(\.language))
        languages.insert(development)
        var refused: [Diagnostic] = []
        var snapshots = Self.snapshots(SnapshotStore(root: layout.snapshots), refused: &refused)
        if let artifacts {
            try Self.addFailures(
                in: artifacts, to: &snapshots, store: SnapshotStore(root: layout.snapshots), refused: &refused)
        }
        // A snapshot's locale is a language of the catalogs or a pseudo-locale: a part such as
        // `color` or `session` has the shape of a language tag too.
        languages.formUnion(
            PseudoLocale.allCases.map(\.tag).filter { tag in
                snapshots.contains { $0.components.dropFirst().first == tag.description }
            })
        return ProjectReport(
            name: layout.root.lastPathComponent, developmentLanguage: development,
            languages: Self.ordered(languages, development: development), coverage: coverage,
            flavors: project.flavors, findings: findings + refused.map { Self.relative($0, to: layout) },
            snapshots: snapshots, variants: variantRows(layout))
    }

    /// The development language first, then the others by their names in it (`German` before
    /// `Japanese` in English), ties by tag.
    static func ordered(_ languages: Set<LanguageTag>, development: LanguageTag) -> [LanguageTag] {
        let locale = Locale(identifier: development.description)
        let names = Dictionary(
            uniqueKeysWithValues: languages.map { ($0, locale.localizedString(forIdentifier: $0.description) ?? "") })
        return [development]
            + languages.subtracting([development]).sorted {
                (names[$0]!.lowercased(), $0.description) < (names[$1]!.lowercased(), $1.description)
            }
    }

    /// The recorded snapshots (those the manifest names, else every one) with their pending
    /// changes. A manifest line that is no snapshot name (`../secret`) is passed over, and a
    /// file that is not read (a link out of the folder, not a regular file) is left out with
    /// an error in `refused`: the page shows only files of the snapshot folder.
    private static func snapshots(_ store: SnapshotStore, refused: inout [Diagnostic]) -> [Snapshot] {
        let paths = store.manifest().map { $0.sorted() } ?? store.snapshotPaths()
        return paths.filter(isSnapshotName).compactMap { path in
            let url = store.root.appendingPathComponent(path)
            do throws(Diagnostic) {
                let pending = try SnapshotStore.text(
                    at: url.appendingPathExtension(String(SnapshotStore.pendingExtension.dropFirst())),
                    within: store.root)
                return Snapshot(
                    path: path, text: try SnapshotStore.text(at: url, within: store.root) ?? "",
                    change: pending.map { Change(text: $0, source: .pending) })
            } catch {
                refused.append(error)
                return nil
            }
        }
    }

    /// `diagnostic` with its path relative to the package.
    private static func relative(_ diagnostic: Diagnostic, to layout: PackageLayout) -> Diagnostic {
        var copy = diagnostic
        copy.path = copy.path.map { layout.relativePath(URL(fileURLWithPath: $0)) }
        return copy
    }

    /// Each new output (`*.txt`) of an artifacts folder as a change of its snapshot, or as a
    /// new snapshot when none is recorded; never one reached through a symbolic link.
    private static func addFailures(
        in folder: URL, to snapshots: inout [Snapshot], store: SnapshotStore, refused: inout [Diagnostic]
    ) throws(Diagnostic) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Diagnostic("no artifacts folder here", path: folder.path)
        }
        var index = Dictionary(uniqueKeysWithValues: snapshots.enumerated().map { ($0.element.path, $0.offset) })
        for path in SnapshotArtifacts.files(in: folder) where isSnapshotName(path) {
            do throws(Diagnostic) {
                guard !SnapshotArtifacts.hasLink(path, under: folder) else {
                    throw Diagnostic(
                        "reached through a symbolic link; not read", path: folder.appendingPathComponent(path).path)
                }
                guard let text = try SnapshotStore.text(at: folder.appendingPathComponent(path), within: folder)
                else { continue }
                let change = Change(text: text, source: .artifacts)
                if let position = index[path] {
                    snapshots[position].change = change
                } else {
                    let recorded = try SnapshotStore.text(
                        at: store.root.appendingPathComponent(path), within: store.root)
                    index[path] = snapshots.count
                    snapshots.append(Snapshot(path: path, text: recorded ?? "", change: change))
                }
            } catch {
                refused.append(error)
            }
        }
        snapshots.sort { $0.path < $1.path }
    }

    /// Whether `path` names a snapshot: `.txt` after parts that make a valid `SnapshotName`.
    private static func isSnapshotName(_ path: String) -> Bool {
        path.hasSuffix(".txt") && (try? SnapshotName(path.dropLast(4).split(separator: "/").map(String.init))) != nil
    }
}
