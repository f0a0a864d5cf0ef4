import Commands
import Diagnostics
import Flavors
import Foundation
import TextSnapshots

/// `flavorkit snapshots status|review|list|accept|reject|prune`: review what the snapshot tests
/// wrote. Obsolete snapshots are those not listed in `snapshots/manifest.txt`, which the
/// harness (`SnapshotSuite`) keeps equal to everything the tests produce. Pending inline
/// snapshots (`<File>.swift.<line>.<column>.inline.new` beside a test's source) are listed,
/// reviewed, accepted (written into their call's literal) and rejected with the files.
enum SnapshotsCommand: ToolCommand {
    enum Action: String, CaseIterable {
        case status, review, list, accept, reject, prune

        var command: Command {
            switch self {
            case .status:
                return Command(
                    "status",
                    summary: "list pending (.txt.new, .inline.new), obsolete and leftover files and merge conflicts",
                    options: [SnapshotsCommand.format, FlavorKitTool.root])
            case .review:
                return Command(
                    "review",
                    summary: "go through pending changes one by one: a accept, r reject, s skip, q quit (a terminal)",
                    options: [FlavorKitTool.root])
            case .list:
                return Command(
                    "list", summary: "list the snapshots the manifest names (of one shard with --shard)",
                    options: [SnapshotsCommand.shard, FlavorKitTool.root])
            case .accept:
                return Command(
                    "accept",
                    summary: "move pending files into place (all, or those named), or apply an artifacts folder",
                    arguments: [paths], options: [SnapshotsCommand.from, FlavorKitTool.root])
            case .reject:
                return Command(
                    "reject", summary: "delete pending files (all, or those named)",
                    arguments: [paths], options: [FlavorKitTool.root])
            case .prune:
                return Command(
                    "prune", summary: "delete snapshots that the manifest does not name",
                    options: [SnapshotsCommand.force, FlavorKitTool.root])
            }
        }
    }

    /// The files `accept` and `reject` act on.
    static let paths = Argument(
        "PATH", .zeroOrMore,
        summary: "a snapshot or its pending file, or a pending inline snapshot (default: every pending file)")

    /// `prune --force`: prune even with an empty manifest or when most snapshots would go.
    static let force = Option.flag(
        "force", summary: "prune even when the manifest is empty or more than half of the snapshots would go")

    /// `list --shard 2/4`: only the snapshots of that shard, as `SNAPSHOT_SHARD=2/4` verifies.
    static let shard = Option.value(
        "shard", placeholder: "INDEX/COUNT", summary: "only the snapshots of this shard, e.g. 2/4")

    /// `status --format json`: the same lists as one JSON object, for a machine.
    static let format = Option.value(
        "format", placeholder: "FORMAT", allowed: ["text", "json"],
        summary: "print a line per file (the default) or one JSON object")

    /// `accept --from DIR`: a folder CI wrote under `SNAPSHOT_ARTIFACTS`, downloaded.
    static let from = Option.value(
        "from", placeholder: "DIR", summary: "apply the new output in a folder CI wrote (SNAPSHOT_ARTIFACTS)")

    static let command = Command(
        "snapshots", summary: "review what the snapshot tests wrote", subcommands: Action.allCases.map(\.command))

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        // Parsing only reaches the declared actions.
        let action = Action(rawValue: parsed.path[1])!
        let layout = try FlavorKitTool.layout(parsed)
        let store = SnapshotStore(root: layout.snapshots)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: store.root.path, isDirectory: &isFolder) else {
            throw Diagnostic(
                "no snapshots folder here: `swift test` records the first snapshots into it (or --root names the "
                    + "package)", path: store.root.path)
        }
        guard isFolder.boolValue else { throw Diagnostic("not a folder of snapshots", path: store.root.path) }
        let named = parsed.arguments(paths)
        switch action {
        case .status:
            let status = SnapshotStatus(store, packageFolder: layout.root)
            ToolContext.print(parsed.value(format) == "json" ? status.json : status.text, terminator: "")
            return status.isClean ? 0 : 1
        case .review:
            return try SnapshotReview.run(store, packageFolder: layout.root)
        case .list:
            let selected = try parsed.value(shard, expected: "a shard (INDEX/COUNT, e.g. 2/4)") {
                try? SnapshotShard(parsing: $0)
            }
            for path in try store.readManifest().sorted()
            where selected?.contains(relativePath: path) ?? true {
                ToolContext.print(Diagnostic.visible(path))
            }
        case .accept:
            if let folder = parsed.value(from) {
                guard named.isEmpty else {
                    throw parsed.error(.unexpectedArgument, word: named[0])
                }
                return try accept(from: ToolContext.url(folder), into: store)
            }
            let (files, inline) = try pending(named, in: layout.root)
            if files != [] {
                for path in try store.accept(files) { ToolContext.print("accepted \(Diagnostic.visible(path))") }
            }
            for snapshot in inline {
                try snapshot.apply()
                ToolContext.print("accepted \(Diagnostic.visible(snapshot.place))")
            }
        case .reject:
            let (files, inline) = try pending(named, in: layout.root)
            if files != [] {
                for path in try store.reject(files) { ToolContext.print("rejected \(Diagnostic.visible(path))") }
            }
            for snapshot in inline {
                snapshot.remove()
                ToolContext.print("rejected \(Diagnostic.visible(snapshot.url.path))")
            }
        case .prune:
            let removed = try store.prune(expected: try store.readManifest(), force: parsed.flag(force))
            for path in removed { ToolContext.print("removed \(Diagnostic.visible(path))") }
        }
        return 0
    }

    /// The pending files `named` names, split into the snapshot folder's (nil: all of them) and
    /// inline snapshots; with no name, every pending inline snapshot of the package too.
    private static func pending(_ named: [String], in package: URL) throws -> (
        files: [String]?, inline: [InlineSnapshotPending]
    ) {
        guard !named.isEmpty else { return (nil, InlineSnapshotPending.find(in: package)) }
        var inline: [InlineSnapshotPending] = []
        for path in named where path.hasSuffix(InlineSnapshotPending.suffix) {
            guard let snapshot = InlineSnapshotPending(file: ToolContext.url(path)),
                FileManager.default.fileExists(atPath: snapshot.url.path)
            else { throw Diagnostic("no pending inline snapshot here", path: path) }
            inline.append(snapshot)
        }
        let files = named.filter { !$0.hasSuffix(InlineSnapshotPending.suffix) }
        return (files.isEmpty ? [] : files, inline)
    }

    /// Applies an artifacts folder; reports each file. Exit status 1, and nothing applied (and
    /// nothing said to be), when a file is refused.
    private static func accept(from folder: URL, into store: SnapshotStore) throws -> Int32 {
        let applied = try SnapshotArtifacts(folder: folder).accept(into: store)
        let refused = applied.filter { if case .refused = $0.outcome { true } else { false } }
        guard refused.isEmpty else {
            for file in refused {
                guard case .refused(let reason) = file.outcome else { continue }
                FlavorKitTool.printError(
                    "\(Diagnostic(reason + "; refused", path: folder.appendingPathComponent(file.path).path))\n")
            }
            FlavorKitTool.printError(
                "error: \(refused.count) file\(refused.count == 1 ? "" : "s") refused; nothing was applied\n")
            return 1
        }
        for file in applied {
            switch file.outcome {
            case .accepted: ToolContext.print("accepted \(Diagnostic.visible(file.path))")
            case .diff: ToolContext.print("skipped  \(Diagnostic.visible(file.path)) (a diff)")
            case .recorded: ToolContext.print("skipped  \(Diagnostic.visible(file.path)) (the snapshot as recorded)")
            case .refused: break
            }
        }
        return 0
    }
}
