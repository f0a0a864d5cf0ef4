import Diagnostics
import Flavors
import Foundation
import Testing
@_exported import TextSnapshots

/// The snapshot harness for one or more Swift Testing suites: create it once, make it a trait
/// of each suite that uses it, and verify snapshots through it.
///
///     import Testing
///     import TextSnapshotsTesting
///
///     let snapshots = SnapshotSuite()  // the package's snapshots/ (or flavorkit.json's "snapshots")
///
///     @Suite(snapshots)
///     struct ScreenSnapshotTests {
///         @Test(arguments: ["Free", "Pro"], ["en", "fr"])
///         func home(flavor: String, locale: String) throws {
///             try snapshots.expect(try renderHome(flavor, locale), named: flavor, locale, "home")
///         }
///     }
///
/// It keeps the books: every snapshot the suites name is noted, and when the last suite has
/// run, `snapshots/manifest.txt` is written to list exactly those (outside CI) or checked to
/// (in CI), snapshot files no test produces fail the run, and in CI so do pending files. A run
/// with `swift test --filter` or `--skip` only adds to the manifest. With `SNAPSHOT_SHARD=2/4`
/// the snapshots of other shards are skipped, without failing and without rendering their
/// output; so are, with `SNAPSHOT_VARIANT=ProStaging` (a CI job per variant), those named
/// after another of the package's variants (a snapshot whose name starts with none is verified
/// in every job). `SNAPSHOT_RECORD`, `CI`, `SNAPSHOT_ARTIFACTS` and `GITHUB_ACTIONS` act as
/// `SnapshotSettings` says.
///
/// A problem with the setup (an unknown `SNAPSHOT_RECORD`, a malformed `SNAPSHOT_SHARD`, no
/// `Package.swift` above the file) fails every snapshot with a message saying what to change;
/// it never stops the test process.
public final class SnapshotSuite: SuiteTrait, TestScoping, Sendable {
    /// The verifier; nil when the setup has a problem.
    public let verifier: SnapshotVerifier?
    /// What keeps the verifier from being made (`file: error: message`), when something does.
    public let setupProblem: String?
    /// The books of the snapshot folder, shared with every suite that uses the same folder;
    /// nil when the folder could not be found.
    public let books: SnapshotBooks?
    /// With `SNAPSHOT_VARIANT`, the package's variants: a snapshot named after another of them
    /// is left to that variant's job.
    private let variants: Set<String>
    private let sourceLocation: Testing.SourceLocation

    /// The names of the suites of this process that are running with a snapshot suite as a
    /// trait, by that snapshot suite.
    @TaskLocal private static var running: [ObjectIdentifier: String] = [:]

    /// A harness for the snapshots in `snapshotsFolder`, by default the snapshot folder of the
    /// package whose sources hold the line that calls this (the nearest folder above it with a
    /// `Package.swift`), as its `PackageLayout` names it: `snapshots/`, or `flavorkit.json`'s
    /// `"snapshots"`. `record` is the record mode for these suites (`.failed` while reworking
    /// a screen, say): `SNAPSHOT_RECORD` wins over it, and in CI nothing is written unless
    /// `SNAPSHOT_RECORD` says so. `redactions` apply to every snapshot of these suites, before
    /// those of each call. `environment` and `arguments` are the test process's.
    public init(
        snapshotsFolder: URL? = nil, record: RecordMode? = nil, redactions: [Redaction] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        arguments: [String] = CommandLine.arguments, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        self.sourceLocation = sourceLocation
        var books: SnapshotBooks?
        var variants: Set<String> = []
        do {
            let folder = try snapshotsFolder ?? Self.snapshotsFolder(ofPackageContaining: sourceLocation.filePath)
            let store = SnapshotStore(root: folder)
            books = SnapshotBooks.shared(for: store)
            let settings = try SnapshotSettings(environment: environment, arguments: arguments, record: record)
            if let variant = settings.variant {
                variants = try Self.variants(including: variant, around: folder, filePath: sourceLocation.filePath)
            }
            var verifier = SnapshotVerifier(store: store, settings: settings)
            verifier.redactions = redactions
            self.verifier = verifier
            setupProblem = nil
        } catch {
            verifier = nil
            setupProblem = String(describing: error)
        }
        self.books = books
        self.variants = variants
    }

    /// The snapshot folder of the package that holds `filePath`, as its layout names it.
    public static func snapshotsFolder(ofPackageContaining filePath: String) throws(Diagnostic) -> URL {
        guard let package = PackageLayout.packageFolder(containing: filePath) else {
            throw Diagnostic(
                "no folder above this file holds a Package.swift; name the snapshot folder yourself "
                    + "(SnapshotSuite(snapshotsFolder:))", path: filePath)
        }
        return try PackageLayout(configuredAt: package).snapshots
    }

    /// The variants of the package that holds `folder` (else of the one that holds
    /// `filePath`), which must include `variant`: a name that is none of them (a typo in
    /// `SNAPSHOT_VARIANT`) would verify nothing.
    static func variants(including variant: String, around folder: URL, filePath: String) throws(Diagnostic)
        -> Set<String>
    {
        guard
            let package = PackageLayout.packageFolder(containing: folder.path)
                ?? PackageLayout.packageFolder(containing: filePath)
        else {
            throw Diagnostic("SNAPSHOT_VARIANT needs the package's variants, but no folder above holds a Package.swift")
        }
        let names = try PackageLayout(configuredAt: package).variants.map(\.name)
        guard names.contains(variant) else {
            throw Diagnostic(
                "SNAPSHOT_VARIANT=\(variant) is not a variant of \(package.path) (its variants: "
                    + names.joined(separator: ", ") + ")")
        }
        return Set(names)
    }

    /// Verifies `output` against the snapshot `components` name (`"Pro", "fr", "home"` →
    /// `Pro/fr/home.txt`), after the suite's `redactions` and then the call's (`Redaction`),
    /// recording a Swift Testing issue, with the diff and the commands that
    /// fix it, at the caller's line when it does not pass; notes of newly recorded snapshots go
    /// to standard error, and under GitHub Actions each failure is also printed as an
    /// annotation. `output` is not evaluated when the snapshot belongs to another shard or variant. An
    /// invalid name (an empty component, `.` or `..`, a slash, a control character) fails this
    /// test only. Returns the outcome, or nil when nothing was verified.
    @discardableResult
    public func expect(
        _ output: @autoclosure () throws -> String, named components: String..., redactions: [Redaction] = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) rethrows -> SnapshotOutcome? {
        try expect(output(), named: components, redactions: redactions, sourceLocation: sourceLocation)
    }

    /// `expect(_:named:sourceLocation:)` with the name's components as an array.
    @discardableResult
    public func expect(
        _ output: @autoclosure () throws -> String, named components: [String], redactions: [Redaction] = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) rethrows -> SnapshotOutcome? {
        let name: SnapshotName
        do {
            name = try SnapshotName(components)
        } catch {
            Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
            return nil
        }
        guard let suite = Self.running[ObjectIdentifier(self)] else {
            Issue.record(
                Comment(
                    rawValue: "this snapshot suite is not a trait of the running suite, so it cannot keep the books; "
                        + "write it in the suite's attribute: @Suite(yourSnapshotSuite)"),
                sourceLocation: sourceLocation)
            return nil
        }
        books?.note(name)
        guard var verifier = self.verifier else {
            Issue.record(Comment(rawValue: setupProblem ?? ""), sourceLocation: sourceLocation)
            return nil
        }
        if let shard = verifier.settings.shard, !shard.contains(name) { return nil }
        if let variant = verifier.settings.variant, name.components[0] != variant, variants.contains(name.components[0])
        {
            return nil
        }
        verifier.rerunCommand = "swift test --filter \(suite)"
        verifier.redactions += redactions
        let outcome = verifier.verify(try output(), as: name)
        report(outcome, sourceLocation: sourceLocation)
        return outcome
    }

    /// Opens the books before the run starts (Swift Testing prepares every suite that will run
    /// first).
    public func prepare(for test: Test) async throws {
        books?.open()
    }

    /// Runs the suite with this harness active, then closes the books, recording what is
    /// wrong with them as issues of the suite.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        var running = Self.running
        running[ObjectIdentifier(self)] = test.name
        // The books are closed even when the suite throws, so that they still settle.
        var thrown: (any Error)?
        do {
            try await Self.$running.withValue(running) { try await function() }
        } catch {
            thrown = error
        }
        if let books, let verifier {
            for problem in books.close(settings: verifier.settings) {
                Issue.record(Comment(rawValue: problem.description), sourceLocation: sourceLocation)
            }
        }
        if let thrown { throw thrown }
    }
}

/// Records a failed outcome as an issue at `sourceLocation` (and prints its annotation); a
/// passing outcome's note goes to standard error.
func report(_ outcome: SnapshotOutcome, sourceLocation: Testing.SourceLocation) {
    if let annotation = outcome.annotation { print(annotation) }
    if !outcome.passed {
        Issue.record(Comment(rawValue: outcome.message), sourceLocation: sourceLocation)
    } else if !outcome.message.isEmpty {
        FileHandle.standardError.write(Data((outcome.message + "\n").utf8))
    }
}
