import Foundation
import TextSnapshots

/// `flavorkit snapshots status|accept|reject|prune`: review what the snapshot tests wrote.
/// Obsolete snapshots are those not listed in `snapshots/manifest.txt`, which the test
/// suite keeps equal to everything it produces.
enum SnapshotsCommand {
    enum Action: String {
        case status, accept, reject, prune
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let name = arguments.first else {
            throw FlavorKitTool.UsageError(description: "snapshots needs an action: status, accept, reject or prune")
        }
        guard let action = Action(rawValue: name) else {
            throw FlavorKitTool.UsageError(description: "unknown snapshots action '\(name)' (status, accept, reject or prune)")
        }
        let (root, paths) = try FlavorKitTool.root(in: Array(arguments.dropFirst()))
        let store = SnapshotStore(root: root.appendingPathComponent("snapshots"))
        guard FileManager.default.fileExists(atPath: store.root.path) else {
            throw FlavorKitTool.Failure(message: "\(store.root.path): error: no snapshots folder here (use --root DIR)")
        }
        switch action {
        case .status:
            try noPaths(paths, action)
            return status(store)
        case .accept:
            for path in try store.accept(paths.isEmpty ? nil : paths) { print("accepted \(path)") }
            return 0
        case .reject:
            for path in try store.reject(paths.isEmpty ? nil : paths) { print("rejected \(path)") }
            return 0
        case .prune:
            try noPaths(paths, action)
            for path in try store.prune(expected: try manifest(store)) { print("removed \(path)") }
            return 0
        }
    }

    private static func noPaths(_ paths: [String], _ action: Action) throws {
        guard paths.isEmpty else { throw FlavorKitTool.UsageError(description: "snapshots \(action.rawValue) takes no paths") }
    }

    private static func manifest(_ store: SnapshotStore) throws -> Set<String> {
        guard let manifest = store.manifest() else {
            throw FlavorKitTool.Failure(message: "\(store.root.appendingPathComponent(SnapshotStore.manifestName).path): error: "
                + "no manifest; run the tests once (swift test) to write it")
        }
        return manifest
    }

    /// Lists pending, obsolete and leftover files; exit status 1 when there are any.
    private static func status(_ store: SnapshotStore) -> Int32 {
        let pending = store.pendingPaths()
        let obsolete = store.manifest().map { store.obsoletePaths(expected: $0) } ?? []
        let leftovers = store.leftoverPaths()
        for path in pending { print("pending   \(path)") }
        for path in obsolete { print("obsolete  \(path)") }
        for path in leftovers { print("leftover  \(path)") }
        if store.manifest() == nil { print("no manifest: run the tests once to write snapshots/manifest.txt") }
        let total = pending.count + obsolete.count + leftovers.count
        print(total == 0 ? "snapshots are clean" : "\(pending.count) pending, \(obsolete.count) obsolete, \(leftovers.count) leftover")
        return total == 0 ? 0 : 1
    }
}
