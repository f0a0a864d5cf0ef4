import CatalogFiles
import Commands
import Diagnostics
import FileWriting
import Foundation
import TranslatorFormats

/// `flavorkit import [--compendium FILE]… [--root DIR] FILE…`: translators' `.po`, `.xliff`
/// and `.xcloc` files written back into the catalogs their units come from, then what the
/// shared catalogs still lack filled from each compendium (`TranslationImporter`), each
/// catalog file atomically, one import at a time (a lock on the catalog folder). Refused
/// translations and unreadable files are printed as `path:line:column: error: …`, stale
/// units as warnings; then `N translations taken (de 3, fr 2), M files written`. A file with
/// a refused translation is taken all or nothing: none of it. Exit status 1 when something
/// was refused.
enum ImportCommand: ToolCommand {
    static let files = Argument("FILE", .zeroOrMore, summary: "a .po, .xliff or .xcloc that flavorkit export wrote")
    static let compendium = Option.value(
        "compendium", placeholder: "FILE", repeatable: true,
        summary: "a .po or .xliff of earlier translations: fills what is missing (similar texts as suggestions)")

    static let command = Command(
        "import", summary: "read translators' PO and XLIFF files back into the catalogs",
        arguments: [files], options: [compendium, FlavorKitTool.root])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let project = CatalogProject(layout: try FlavorKitTool.layout(parsed))
        let urls = parsed.arguments(files).map(ToolContext.url)
        let compendia = parsed.values(compendium).map(ToolContext.url)
        guard !urls.isEmpty || !compendia.isEmpty else { throw parsed.error(.missingArgument, word: files.name) }
        // One import at a time reads and rewrites the catalogs: none loses another's changes.
        let lock = try FileLock(exclusive: project.layout.localizations)
        defer { lock.release() }
        let importer = TranslationImporter(project: project, files: urls, compendia: compendia)
        var failures = importer.diagnostics
        // Each file is written inside its own catalog folder, links followed (a committed link,
        // even to a file not there yet, leads nowhere else in the package). Every file is
        // checked first (where it leads, a read-only or hard-linked file): when one is refused,
        // none is written.
        let writes = importer.writes
        var refused: [Diagnostic] = []
        for write in writes {
            do throws(Diagnostic) {
                guard AtomicFile.isInside(write.url, write.folder) else {
                    throw Diagnostic(
                        "a symbolic link out of \(Diagnostic.quote(write.folder.path)); not written through",
                        path: write.url.path)
                }
                try AtomicFile.checkReplaceable(write.url)
            } catch {
                refused.append(error)
            }
        }
        failures += refused
        var written = 0
        for write in writes where refused.isEmpty {
            // The records come last: none claims a translation whose catalog was not written.
            if write.url.lastPathComponent == TranslationRecord.fileName && failures.count > importer.diagnostics.count
            {
                continue
            }
            do throws(Diagnostic) {
                // A flavor's first translation into a language starts its `.lproj` folder.
                try AtomicFile.write(write.data, to: write.url, creatingFolder: true, within: write.folder)
                written += 1
                ToolContext.print("wrote \(Diagnostic.visible(project.layout.relativePath(write.url)))")
            } catch {
                failures.append(error)
            }
        }
        for diagnostic in failures.sorted() { FlavorKitTool.printError("\(diagnostic)\n") }
        guard refused.isEmpty else {
            ToolContext.print(
                "\(importer.changed) translation\(importer.changed == 1 ? "" : "s") not taken: no file written")
            return 1
        }
        var summary = "\(importer.changed) translation\(importer.changed == 1 ? "" : "s") taken"
        if !importer.changedByLanguage.isEmpty {
            let languages = importer.changedByLanguage.sorted { $0.key.description < $1.key.description }
            summary += " (" + languages.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
        }
        if importer.suggested > 0 {
            summary += " (\(importer.suggested) of them suggestions to review)"
        }
        if importer.confirmed > 0 {
            summary += ", \(importer.confirmed) stale translation\(importer.confirmed == 1 ? "" : "s") confirmed"
        }
        ToolContext.print(summary + ", \(written) file\(written == 1 ? "" : "s") written")
        return failures.contains { $0.severity == .error } ? 1 : 0
    }
}
