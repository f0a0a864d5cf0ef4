import CatalogExtraction
import CatalogFiles
import Commands
import Diagnostics
import FileWriting
import Flavors
import Foundation

/// `flavorkit extract [--check] [--prune] [--root DIR] [--sources DIR] [--localizations DIR]
/// [--key-call NAME]…`: the development language's catalogs brought up to date with the keys
/// the sources use (`KeyExtraction`): new keys added, unused String Catalog keys marked stale,
/// with `--prune` unused keys removed. Each change is printed, then a summary. `--check`
/// writes nothing and prints every key that is out of date as an error (exit 1), for CI.
/// Written one run at a time (a lock on the catalog folder), each file atomically.
enum ExtractCommand: ToolCommand {
    static let check = Option.flag("check", summary: "write nothing; exit 1 naming every key that is out of date")
    static let prune = Option.flag("prune", summary: "remove the keys no source uses (String Catalog keys too)")

    static let command = Command(
        "extract", summary: "bring the development language's catalogs up to date with the keys the sources use",
        options: [
            FlavorKitTool.root, check, prune, FlavorKitTool.sources, FlavorKitTool.localizations,
            FlavorKitTool.keyCall,
        ])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let project = CatalogProject(layout: try FlavorKitTool.layout(parsed))
        let layout = project.layout
        let checking = parsed.flag(check)
        var lock: FileLock?
        if !checking {
            // A package's first key starts its catalog folder.
            try AtomicFile.createFolder(layout.localizations)
            lock = try FileLock(exclusive: layout.localizations)
        }
        defer { lock?.release() }
        let extraction = KeyExtraction(project: project, prune: parsed.flag(prune), writing: !checking)
        for diagnostic in extraction.diagnostics { FlavorKitTool.printError("\(relative(diagnostic, in: layout))\n") }
        let changes = extraction.changes
        guard !checking else {
            for diagnostic in changes.map({ relative(checkDiagnostic($0, layout: layout), in: layout) }).sorted() {
                ToolContext.print("\(diagnostic)")
            }
            let late = changes.filter { $0.kind != .unused }.count
            if late > 0 {
                ToolContext.print("\(late) key\(late == 1 ? " is" : "s are") out of date")
            } else if extraction.diagnostics.isEmpty {
                ToolContext.print("the catalogs are up to date")
            }
            return late == 0 && extraction.diagnostics.isEmpty ? 0 : 1
        }
        var written: [String] = []
        var failures = 0
        for (url, data) in extraction.writes {
            do throws(Diagnostic) {
                try AtomicFile.write(data, to: url, creatingFolder: true, within: layout.localizations)
                written.append(Diagnostic.visible(layout.relativePath(url)))
            } catch {
                failures += 1
                FlavorKitTool.printError("\(relative(error, in: layout))\n")
            }
        }
        for change in changes {
            let file = Diagnostic.visible(layout.relativePath(change.file))
            let place = Diagnostic.visible(relative(change.location, in: layout))
            switch change.kind {
            case .added: ToolContext.print("added \"\(Diagnostic.quote(change.key))\" to \(file) (\(place))")
            case .markedStale:
                ToolContext.print("marked \"\(Diagnostic.quote(change.key))\" stale in \(file) (no source uses it)")
            case .usedAgain:
                ToolContext.print("\"\(Diagnostic.quote(change.key))\" is used again: not stale in \(file) (\(place))")
            case .commented:
                ToolContext.print("updated the comment of \"\(Diagnostic.quote(change.key))\" in \(file) (\(place))")
            case .removed: ToolContext.print("removed \"\(Diagnostic.quote(change.key))\" from \(file)")
            case .followedCode:
                ToolContext.print(
                    "updated the text of \"\(Diagnostic.quote(change.key))\" in \(file) to the code's "
                        + "\"\(Diagnostic.quote(change.codeText ?? ""))\" (\(place)); its translations need review")
            case .carried:
                ToolContext.print(
                    "carried the translations of \"\(Diagnostic.quote(change.catalogText ?? ""))\" to \"\(Diagnostic.quote(change.key))\" "
                        + "in \(file) as suggestions to review")
            case .filledFromMemory:
                ToolContext.print(
                    "filled \"\(Diagnostic.quote(change.key))\" in \(file) with the translations of the same text "
                        + "(\(Diagnostic.quote(change.catalogText ?? "")))")
            case .unused, .drifted:
                ToolContext.print("\(relative(checkDiagnostic(change, layout: layout), in: layout))")
            }
        }
        if !(changes.isEmpty && !extraction.diagnostics.isEmpty) {
            ToolContext.print(summary(changes, written: written))
        }
        // A text that differs from the code's default value waits for a person.
        let drifted = changes.contains { $0.kind == .drifted }
        return failures == 0 && extraction.diagnostics.isEmpty && !drifted ? 0 : 1
    }

    /// What `--check` says of a change: an error, or a warning for a key left alone.
    private static func checkDiagnostic(_ change: KeyExtraction.Change, layout: PackageLayout) -> Diagnostic {
        let key = "key \"\(Diagnostic.quote(change.key))\""
        let file = Diagnostic.visible(layout.relativePath(change.file))
        let message: String
        switch change.kind {
        case .added: message = "\(key) is used here but is in no catalog (flavorkit extract adds it to \(file))"
        case .markedStale: message = "\(key) is used by no source (flavorkit extract marks it stale)"
        case .usedAgain: message = "\(key) is used here but marked stale in \(file) (flavorkit extract clears that)"
        case .commented: message = "\(key): its comment in \(file) is not the call's (flavorkit extract updates it)"
        case .removed: message = "\(key) is used by no source (flavorkit extract --prune removes it)"
        case .followedCode:
            message =
                "\(key): the code's default value \"\(Diagnostic.quote(change.codeText ?? ""))\" is not the text in "
                + "\(file), \"\(Diagnostic.quote(change.catalogText ?? ""))\" (flavorkit extract updates it; its "
                + "translations then need review)"
        case .carried:
            message =
                "\(key) would take the translations of \"\(Diagnostic.quote(change.catalogText ?? ""))\" as "
                + "suggestions (flavorkit extract carries them over)"
        case .filledFromMemory:
            message =
                "\(key) would take the translations of the same text (\(Diagnostic.quote(change.catalogText ?? ""))) "
                + "(flavorkit extract fills them in)"
        case .drifted:
            message =
                "\(key): the code's default value \"\(Diagnostic.quote(change.codeText ?? ""))\" differs from the "
                + "text a person wrote in \(file), \"\(Diagnostic.quote(change.catalogText ?? ""))\"; change the "
                + "code's defaultValue: or the catalog's text so that they agree"
        case .unused:
            return Diagnostic(
                "\(key) is used by no source (flavorkit extract --prune removes it)", at: change.location,
                severity: .warning)
        }
        return Diagnostic(message, at: change.location)
    }

    /// The counts of changes, then the files written: `1 added, 1 removed; 2 files written (A, B)`.
    private static func summary(_ changes: [KeyExtraction.Change], written: [String]) -> String {
        let counts: [(KeyExtraction.Change.Kind, String)] = [
            (.added, "added"), (.markedStale, "marked stale"), (.usedAgain, "used again"),
            (.commented, "comments updated"), (.followedCode, "updated to the code"), (.removed, "removed"),
            (.unused, "unused, left alone"), (.drifted, "differing from the code"),
            (.carried, "carried over as suggestions"), (.filledFromMemory, "filled from memory"),
        ]
        let parts = counts.compactMap { kind, label -> String? in
            let count = changes.filter { $0.kind == kind }.count
            return count == 0 ? nil : "\(count) \(label)"
        }
        guard !parts.isEmpty else { return "the catalogs are up to date" }
        let files = written.isEmpty ? "" : " (\(written.joined(separator: ", ")))"
        return parts.joined(separator: ", ") + "; \(written.count) file\(written.count == 1 ? "" : "s") written" + files
    }

    private static func relative(_ location: SourceLocation, in layout: PackageLayout) -> String {
        var copy = location
        copy.path = layout.relativePath(URL(fileURLWithPath: location.path))
        return copy.description
    }

    private static func relative(_ diagnostic: Diagnostic, in layout: PackageLayout) -> Diagnostic {
        var copy = diagnostic
        if let path = copy.path { copy.path = layout.relativePath(URL(fileURLWithPath: path)) }
        return copy
    }
}
