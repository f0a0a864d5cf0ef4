import Diagnostics
import FileFormats
import FileWriting
import Foundation
import Synchronization

/// The place of an inline snapshot's call: the test's source file and where the call's
/// argument list opens (`#filePath`, `#line`, `#column`).
package struct InlineSnapshotPlace: Hashable, Sendable {
    /// The absolute path of the source.
    package var path: String
    /// The 1-based line and byte column.
    package var line: Int, column: Int

    /// The call at `line` and `column` of the file at `path`.
    package init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    package var description: String { "\(path):\(line):\(column)" }

    /// Its pending file.
    var pending: InlineSnapshotPending {
        InlineSnapshotPending(source: URL(fileURLWithPath: path), line: line, column: column)
    }
}

/// Verifies inline snapshots by the harness's rules (`SnapshotSettings`, `Redaction`) and
/// writes the literals recording asks for into the tests' sources, all of them once, when the
/// process ends (`atexit`, registered on the first): a file is read once, when its first call
/// records, and rewritten only if it is still those bytes and the test binary was built after
/// it was last changed (its lines are the compiler's), under a `FileLock`, so that test
/// processes writing into the same source take turns and none writes over another's literals. What cannot be written into a source
/// goes to a pending file beside it (`InlineSnapshotPending`), with the place said.
package final class InlineSnapshotRecorder: Sendable {
    /// The process's recorder: its literals are written when the process exits.
    package static let shared = InlineSnapshotRecorder(builtAt: InlineSnapshotRecorder.testBinary(), atExit: true)

    /// The settings the process's environment and arguments give, read once.
    package static let settings = Result { () throws(Diagnostic) in try SnapshotSettings() }

    /// A source as read when its first call recorded, and the literals to write into it.
    private struct Source {
        var bytes: [UInt8]
        var tokens: [SwiftToken]
        var edits: [InlineSnapshotPlace: (site: InlineSnapshotSite, text: String)] = [:]
    }

    private struct State {
        /// Each source read, or why it cannot be rewritten.
        var sources: [String: Result<Source, Diagnostic>] = [:]
        /// The text each call verified first (after redactions).
        var texts: [InlineSnapshotPlace: String] = [:]
        /// Calls that verified different texts: nothing is written for them.
        var conflicted: Set<InlineSnapshotPlace> = []
        var registered = false
    }

    private let state = Mutex(State())
    /// The file whose code runs the tests: a source changed after it is not what was compiled.
    private let builtAt: URL?
    /// Whether to write at exit (the shared recorder); else `flush()` writes.
    private let writesAtExit: Bool

    /// A recorder that compares sources with the test binary at `builtAt` (nil: none); only
    /// `shared` writes at exit, another writes when flushed.
    package init(builtAt: URL?) {
        self.builtAt = builtAt
        writesAtExit = false
    }

    private init(builtAt: URL?, atExit: Bool) {
        self.builtAt = builtAt
        writesAtExit = atExit
    }

    /// The file that holds this code: the test executable (`/proc/self/exe` on Linux, where the
    /// libraries are linked in), or the image the dynamic linker loaded it from (a test bundle).
    private static func testBinary() -> URL? {
        #if canImport(Darwin)
        var info = Dl_info()
        guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
        return URL(fileURLWithPath: String(cString: name))
        #else
        return URL(fileURLWithPath: "/proc/self/exe")
        #endif
    }

    /// Verifies `text`, after `redactions`, against the literal the call at `place` holds
    /// (`expected`, nil when it has none), byte for byte; records as `settings` say. Returns
    /// the outcome, whose message says what happened and what to do, with the place, and, when
    /// the settings ask for annotations, a failure's workflow command at the call.
    package func verify(
        _ text: String, expected: String?, at place: InlineSnapshotPlace, settings: SnapshotSettings,
        redactions: [Redaction] = []
    ) -> SnapshotOutcome {
        var outcome = self.outcome(Redaction.apply(redactions, to: text), expected: expected, at: place, settings)
        if !outcome.passed, let root = settings.annotationRoot?.standardizedFileURL.path {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            let path = place.path.hasPrefix(prefix) ? String(place.path.dropFirst(prefix.count)) : place.path
            outcome.annotation = Diagnostic(
                "inline snapshot: " + outcome.message, path: path, line: place.line, column: place.column,
                rule: "snapshot"
            ).workflowCommand()
        }
        return outcome
    }

    private func outcome(
        _ text: String, expected: String?, at place: InlineSnapshotPlace, _ settings: SnapshotSettings
    ) -> SnapshotOutcome {
        let mode = settings.mode, isCI = settings.isCI
        let conflict = state.withLock { state -> Bool in
            if let first = state.texts[place], !first.utf8.elementsEqual(text.utf8) {
                state.conflicted.insert(place)
                if case .success(var source) = state.sources[place.path] {
                    source.edits[place] = nil
                    state.sources[place.path] = .success(source)
                }
            } else {
                state.texts[place] = text
            }
            return state.conflicted.contains(place)
        }
        if conflict {
            return SnapshotOutcome(
                kind: .mismatch, passed: false,
                message: "the inline snapshot at \(place.description) was verified with different texts in this run "
                    + "(a parameterized test, a loop?); it holds one text, so nothing is written: give each text a "
                    + "call of its own, or a named snapshot (expectSnapshot)")
        }
        if isCI, FileManager.default.fileExists(atPath: place.pending.url.path) {
            return SnapshotOutcome(
                kind: .mismatch, passed: false,
                message: "\(place.pending.url.path) is committed: a pending inline snapshot is for review on your "
                    + "machine (`swift run flavorkit snapshots accept` or `reject`), never part of the repository")
        }
        if let expected, expected.utf8.elementsEqual(text.utf8) {
            if !isCI { place.pending.remove() }
            return SnapshotOutcome(kind: .matched, passed: true, message: "")
        }
        guard let expected else {
            guard mode != .never else {
                return SnapshotOutcome(
                    kind: .missing, passed: false,
                    message:
                        "missing inline snapshot at \(place.description) (nothing was written\(isCI ? " in CI" : "")); "
                        + "record it with `SNAPSHOT_RECORD=missing swift test`, then review and commit it")
            }
            let written = record(text, at: place, hasLiteral: false, writesPending: !isCI)
            if let problem = written { return problem }
            if isCI {
                return SnapshotOutcome(
                    kind: .recorded, passed: false,
                    message: "recorded a new inline snapshot at \(place.description) in CI, where a missing snapshot "
                        + "never passes; it is written into the source when the tests finish: review and commit it")
            }
            return SnapshotOutcome(
                kind: .recorded, passed: mode != .failed,
                message: "recorded a new inline snapshot at \(place.description); it is written into the source "
                    + "when the tests finish: review and commit it")
        }
        let diff = diff(expected, text, place, colored: settings.colored)
        switch mode {
        case .all, .failed:
            if let problem = record(text, at: place, hasLiteral: true, writesPending: !isCI) { return problem }
            return SnapshotOutcome(
                kind: .rerecorded, passed: mode == .all,
                message: "the inline snapshot at \(place.description) \(mode == .all ? "is" : "differed and is") "
                    + "re-recorded when the tests finish; review the change:\n\(diff)")
        case .missing, .never:
            var message = "the inline snapshot at \(place.description) does not match the text:\n\(diff)"
            if mode == .missing, !isCI {
                do throws(Diagnostic) {
                    try place.pending.write(text)
                    message +=
                        "\nThe new text is in \(place.pending.url.path): `swift run flavorkit snapshots accept "
                        + "\(place.pending.url.path)` writes it into the source, `reject` drops it; or run "
                        + "`SNAPSHOT_RECORD=failed swift test`."
                } catch {
                    message += "\n(could not write the pending file: \(error))"
                }
            } else {
                message += "\nRecord it with `SNAPSHOT_RECORD=failed swift test` on your machine."
            }
            return SnapshotOutcome(kind: .mismatch, passed: false, message: message)
        }
    }

    private func diff(_ old: String, _ new: String, _ place: InlineSnapshotPlace, colored: Bool) -> String {
        let name = "\(URL(fileURLWithPath: place.path).lastPathComponent):\(place.line)"
        var report = UnifiedDiff(oldLabel: "a/" + name, newLabel: "b/" + name)
        report.colored = colored
        report.showsControlCharacters = true
        return report.render(old: old, new: new)
    }

    /// Queues `text` for the literal of the call at `place`; nil when queued, else the failure
    /// (with the text left in a pending file when `writesPending`).
    private func record(_ text: String, at place: InlineSnapshotPlace, hasLiteral: Bool, writesPending: Bool)
        -> SnapshotOutcome?
    {
        let problem = state.withLock { state -> Diagnostic? in
            if state.sources[place.path] == nil { state.sources[place.path] = read(place.path) }
            switch state.sources[place.path]! {
            case .failure(let problem):
                return problem
            case .success(var source):
                do throws(Diagnostic) {
                    let site = try InlineSnapshotSite.locate(
                        in: source.bytes, tokens: source.tokens, line: place.line, column: place.column,
                        hasLiteral: hasLiteral)
                    source.edits[place] = (site, text)
                    state.sources[place.path] = .success(source)
                    if writesAtExit, !state.registered {
                        state.registered = true
                        atexit { InlineSnapshotRecorder.shared.writeAtExit() }
                    }
                    return nil
                } catch {
                    return error
                }
            }
        }
        guard let problem else { return nil }
        var message = "\(place.description): cannot write this inline snapshot into the source: \(problem.message)"
        if writesPending {
            do throws(Diagnostic) {
                try place.pending.write(text)
                message +=
                    "\nThe new text is in \(place.pending.url.path); write the call's matches: literal yourself, "
                    + "or fix what is said and `swift run flavorkit snapshots accept \(place.pending.url.path)`."
            } catch {
                message += "\n(could not write the pending file: \(error))"
            }
        }
        return SnapshotOutcome(kind: .unreadable, passed: false, message: message)
    }

    /// The source at `path`, read for rewriting, or why it cannot be.
    private func read(_ path: String) -> Result<Source, Diagnostic> {
        let url = URL(fileURLWithPath: path)
        if let builtAt, InlineSnapshotPending.isModified(url, after: builtAt) {
            return .failure(
                Diagnostic(
                    "the source changed after the tests were built (its lines may have moved); run the tests again"))
        }
        do throws(Diagnostic) {
            let bytes = [UInt8](
                try InputFile.read(url, limit: InlineSnapshotPending.sizeLimit, within: url.deletingLastPathComponent())
            )
            return .success(Source(bytes: bytes, tokens: SwiftTokenizer.tokens(of: bytes)))
        } catch {
            return .failure(Diagnostic(error.message))
        }
    }

    /// Writes every queued literal into its source, each source once and atomically, when it
    /// still holds the bytes that were read; else each literal goes to its pending file.
    /// Returns what went wrong, one diagnostic per source (empty when all was written).
    @discardableResult
    package func flush() -> [Diagnostic] {
        let sources = state.withLock { state in
            let sources = state.sources
            state.sources = [:]
            return sources
        }
        var problems: [Diagnostic] = []
        for (path, read) in sources.sorted(by: { $0.key < $1.key }) {
            guard case .success(let source) = read, !source.edits.isEmpty else { continue }
            let url = URL(fileURLWithPath: path)
            do throws(Diagnostic) {
                // Processes that record into the same source (XCTest's --parallel) take turns.
                let lock = try FileLock(exclusive: url)
                defer { lock.release() }
                let now = try InputFile.read(
                    url, limit: InlineSnapshotPending.sizeLimit, within: url.deletingLastPathComponent())
                guard now.elementsEqual(source.bytes) else {
                    throw Diagnostic("the file changed while the tests ran")
                }
                var bytes = source.bytes
                let edits = source.edits.sorted { $0.value.site.range.lowerBound > $1.value.site.range.lowerBound }
                var end = Int.max
                for (_, edit) in edits {
                    guard edit.site.range.upperBound <= end else { throw Diagnostic("two inline snapshots overlap") }
                    end = edit.site.range.lowerBound
                    bytes.replaceSubrange(edit.site.range, with: edit.site.replacement(for: edit.text))
                }
                try AtomicFile.write(Data(bytes), to: url, within: url.deletingLastPathComponent())
                for place in source.edits.keys { place.pending.remove() }
            } catch {
                var pending: [String] = []
                for (place, edit) in source.edits {
                    if (try? place.pending.write(edit.text)) != nil { pending.append(place.pending.url.path) }
                }
                problems.append(
                    Diagnostic(
                        "\(error.message); the inline snapshots recorded for it were not written into it"
                            + (pending.isEmpty ? "" : ", but to " + pending.sorted().joined(separator: ", ")),
                        path: path))
            }
        }
        return problems
    }

    private func writeAtExit() {
        for problem in flush() { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
    }
}
