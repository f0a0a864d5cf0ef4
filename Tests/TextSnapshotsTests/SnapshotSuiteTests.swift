import Diagnostics
import Foundation
import TestSupport
import Testing
import TextSnapshotsTesting

/// A snapshot folder with two recorded snapshots, one in each shard of two, listed in its
/// manifest: the suite below verifies it in CI as shard 1/2.
enum ShardedFolder {
    static let names: (mine: SnapshotName, other: SnapshotName) = {
        let shard = try! SnapshotShard(1, of: 2)
        let candidates = (0..<20).map { try! SnapshotName("App", "l\($0)", "screen") }
        return (candidates.first(where: shard.contains)!, candidates.first { !shard.contains($0) }!)
    }()

    static let folder: URL = {
        let store = SnapshotStore(root: try! scratchFolder())
        for name in [names.mine, names.other] { try! store.write("recorded\n", for: name) }
        try! store.writeManifest([names.mine, names.other])
        return store.root
    }()

    static let suite = SnapshotSuite(
        snapshotsFolder: folder, environment: ["CI": "true", "SNAPSHOT_SHARD": "1/2"], arguments: ["tests"])
}

@Suite("SnapshotSuite as a trait: shards, books", ShardedFolder.suite)
struct SnapshotSuiteTests {
    @Test("a snapshot of another shard is skipped without rendering; one of this shard is verified")
    func shards() {
        let skipped = ShardedFolder.suite.expect(
            {
                Issue.record("rendered a snapshot of another shard")
                return ""
            }(), named: ShardedFolder.names.other.components)
        #expect(skipped == nil)
        #expect(ShardedFolder.suite.expect("recorded\n", named: ShardedFolder.names.mine.components)?.kind == .matched)
        // Both are noted: the books of the sharded run still know the whole matrix.
        #expect(
            ShardedFolder.suite.books?.produced.isSuperset(of: [ShardedFolder.names.mine, ShardedFolder.names.other])
                == true)
    }

    @Test(
        "an invalid name fails this test only, with a message",
        arguments: [[""], ["App", ".."], ["a/b"], ["line\nbreak"], []])
    func invalidName(components: [String]) {
        withKnownIssue {
            #expect(ShardedFolder.suite.expect("text\n", named: components) == nil)
        } matching: { issue in
            String(describing: issue).contains("snapshot name")
        }
    }
}

/// The snapshot folder of a package with two dimensions (`DimensionsFixture`): a snapshot of
/// `ProStaging`, one of `FreeStaging` and one named after no variant, verified in CI as the
/// job of `ProStaging`.
enum VariantFolder {
    static let names = (
        mine: try! SnapshotName("ProStaging", "en", "home"), other: try! SnapshotName("FreeStaging", "en", "home"),
        shared: try! SnapshotName("Shared", "en", "about")
    )

    static let package: URL = {
        let root = try! scratchFolder()
        try! DimensionsFixture.write(in: root)
        let store = SnapshotStore(root: root.appendingPathComponent("snapshots"))
        for name in [names.mine, names.other, names.shared] { try! store.write("recorded\n", for: name) }
        try! store.writeManifest([names.mine, names.other, names.shared])
        return root
    }()

    static func suite(variant: String) -> SnapshotSuite {
        SnapshotSuite(
            snapshotsFolder: package.appendingPathComponent("snapshots"),
            environment: ["CI": "true", "SNAPSHOT_VARIANT": variant], arguments: ["tests"])
    }

    static let suite = suite(variant: "ProStaging")
}

@Suite("SnapshotSuite as a trait: one variant's job", VariantFolder.suite)
struct SnapshotSuiteVariantTests {
    @Test("SNAPSHOT_VARIANT: another variant's snapshot is skipped unrendered; its own and the shared are verified")
    func variant() {
        let skipped = VariantFolder.suite.expect(
            {
                Issue.record("rendered a snapshot of another variant")
                return ""
            }(), named: VariantFolder.names.other.components)
        #expect(skipped == nil)
        #expect(VariantFolder.suite.expect("recorded\n", named: VariantFolder.names.mine.components)?.kind == .matched)
        // Named after no variant: verified in every variant's job, never in none.
        #expect(
            VariantFolder.suite.expect("recorded\n", named: VariantFolder.names.shared.components)?.kind == .matched)
        // A failure of this variant is still one.
        withKnownIssue {
            #expect(
                VariantFolder.suite.expect("changed\n", named: VariantFolder.names.mine.components)?.kind == .mismatch)
        }
        // All are noted: each variant's job still knows the whole matrix, so that none is obsolete.
        #expect(
            VariantFolder.suite.books?.produced.isSuperset(of: [
                VariantFolder.names.mine, VariantFolder.names.other, VariantFolder.names.shared,
            ]) == true)
    }

    @Test("SNAPSHOT_VARIANT unset or empty means every variant; a value no name can start with says what to write")
    func variantSetting() throws {
        #expect(try SnapshotSettings.variant(environment: [:]) == nil)
        #expect(try SnapshotSettings.variant(environment: ["SNAPSHOT_VARIANT": ""]) == nil)
        #expect(try SnapshotSettings.variant(environment: ["SNAPSHOT_VARIANT": "ProStaging"]) == "ProStaging")
        for bad in ["Pro/Staging", "..", "Pro\u{1B}[2J"] {
            #expect(
                throws: Diagnostic(
                    "SNAPSHOT_VARIANT=\"\(Diagnostic.quote(bad))\" cannot start a snapshot name; write a variant's name, "
                        + "such as ProStaging")
            ) { try SnapshotSettings.variant(environment: ["SNAPSHOT_VARIANT": bad]) }
        }
    }

    @Test("a SNAPSHOT_VARIANT that is not one of the package's variants (a typo) is the setup problem")
    func unknownVariant() {
        let suite = VariantFolder.suite(variant: "ProStagin")
        #expect(suite.verifier == nil)
        #expect(
            suite.setupProblem
                == "error: SNAPSHOT_VARIANT=ProStagin is not a variant of \(VariantFolder.package.standardizedFileURL.path) "
                + "(its variants: FreeStaging, FreeProduction, ProStaging, ProProduction)")
    }
}

@Suite("SnapshotSuite's setup problems")
struct SnapshotSuiteSetupTests {
    @Test("used outside a suite that has it as a trait, it says what to write")
    func notATrait() {
        let suite = SnapshotSuite(snapshotsFolder: ShardedFolder.folder, environment: [:], arguments: ["tests"])
        withKnownIssue {
            #expect(suite.expect("text\n", named: "App", "en", "x") == nil)
        } matching: { issue in
            String(describing: issue).contains("@Suite(yourSnapshotSuite)")
        }
    }

    @Test("an unknown SNAPSHOT_RECORD is kept as the setup problem, listing the valid values")
    func unknownMode() {
        let suite = SnapshotSuite(
            snapshotsFolder: ShardedFolder.folder, environment: ["SNAPSHOT_RECORD": "sometimes"], arguments: ["tests"])
        #expect(suite.verifier == nil)
        #expect(
            suite.setupProblem
                == "error: SNAPSHOT_RECORD=sometimes is not a record mode; use one of: missing, all, failed, never")
    }

    @Test("by default the folder is the snapshots/ of the package that holds the calling file")
    func defaultFolder() throws {
        let suite = SnapshotSuite(environment: [:], arguments: ["tests"])
        let verifier = try #require(suite.verifier)
        let package = verifier.store.root.deletingLastPathComponent()
        #expect(verifier.store.root.lastPathComponent == "snapshots")
        #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path))
        #expect(#filePath.hasPrefix(package.path + "/"))
    }
}

@Suite("The package's snapshot folder")
struct PackageSnapshotFolderTests {
    @Test("found from a source file's path: the nearest folder above with a Package.swift, as flavorkit.json names it")
    func found() throws {
        let package = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: package) }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
        let file = package.appendingPathComponent("Tests/AppTests/Deep/ScreenTests.swift").path
        #expect(
            try SnapshotSuite.snapshotsFolder(ofPackageContaining: file)
                == package.appendingPathComponent("snapshots").standardizedFileURL)
        try Data(#"{"snapshots": "Tests/Recorded"}"#.utf8).write(to: package.appendingPathComponent("flavorkit.json"))
        #expect(
            try SnapshotSuite.snapshotsFolder(ofPackageContaining: file)
                == package.appendingPathComponent("Tests/Recorded").standardizedFileURL)
    }

    @Test("no Package.swift above is an error that says how to name the folder")
    func notFound() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Loose.swift").path
        do {
            _ = try SnapshotSuite.snapshotsFolder(ofPackageContaining: file)
            Issue.record("expected an error")
        } catch {
            #expect(error.path == file && error.message.contains("SnapshotSuite(snapshotsFolder:)"))
        }
    }
}

/// A suite that redacts ISO dates in every snapshot, recording into a scratch folder.
enum RedactedFolder {
    static let folder = try! scratchFolder()
    static let suite = SnapshotSuite(
        snapshotsFolder: folder, redactions: [.isoDates], environment: [:], arguments: ["tests"])
}

@Suite("SnapshotSuite's redactions", RedactedFolder.suite)
struct SnapshotSuiteRedactionTests {
    @Test("the suite's redactions, then the call's, apply before recording and comparing")
    func redacted() throws {
        let first = RedactedFolder.suite.expect(
            "Built 2026-11-26 in /tmp/build-1/out\n", named: "App", "en", "about", redactions: [.temporaryPaths])
        #expect(first?.kind == .recorded)
        let name = try SnapshotName("App", "en", "about")
        #expect(
            try SnapshotStore(root: RedactedFolder.folder).read(name) == "Built [date] in [temporary path]\n")
        let later = RedactedFolder.suite.expect(
            "Built 2027-03-01 in /tmp/build-2/out\n", named: "App", "en", "about", redactions: [.temporaryPaths])
        #expect(later?.kind == .matched)
    }
}
