import Diagnostics
import Foundation
import Testing
import TextSnapshots

@Suite("Redactions")
struct RedactionTests {
    @Test(
        "the built-in redactions write what changes on every run as a placeholder",
        arguments: [
            ("id 123e4567-E89B-12d3-a456-426614174000 done", "id [uuid] done"),
            ("at 2026-11-26T09:30:00Z and 2026-11-26 09:30:00.25+01:00", "at [date-time] and [date-time]"),
            ("written 2026-11-26.", "written [date]."),
            ("at 09:30:05, then 23:59:59.125", "at [time], then [time]"),
            ("took 0.35 s, 12ms, 1,5 min and 3 hours", "took [duration], [duration], [duration] and [duration]"),
            ("saved to /tmp/flavorkit-9F2C/queue.json now", "saved to [temporary path] now"),
            ("cache /private/var/folders/x1/abc/T/run-1", "cache [temporary path]"),
            // Left alone: no unit, a version, a path elsewhere, a word that only contains a unit.
            ("3 files, version 1.2.3, /usr/tmp/x, 5 seasons", "3 files, version 1.2.3, /usr/tmp/x, 5 seasons"),
        ])
    func builtIn(text: String, redacted: String) {
        #expect(Redaction.apply(Redaction.standard, to: text) == redacted)
    }

    @Test("FileManager's temporary directory is redacted wherever it is")
    func temporaryDirectory() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-42/out.txt").path
        #expect(Redaction.temporaryPaths("wrote \(path)") == "wrote [temporary path]")
    }

    @Test("a pattern with groups, a literal and a function redact in order; a bad pattern is an error")
    func custom() throws {
        let pid = try Redaction("pid (\\d+)", with: "pid [pid]")
        let name = Redaction.replacing("Ada", with: "[user]")
        let upper = Redaction { $0.uppercased() }
        #expect(Redaction.apply([pid, name, upper], to: "Ada: pid 4242") == "[USER]: PID [PID]")
        #expect(Redaction.replacing("", with: "x")("abc") == "abc")
        #expect(throws: Diagnostic.self) { try Redaction("(unclosed", with: "") }
    }

    @Test("the verifier compares and records the redacted text; the file shows the placeholder")
    func verified() throws {
        var verifier = SnapshotVerifier(store: SnapshotStore(root: try scratchFolder()), mode: .missing, isCI: false)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        verifier.redactions = [Redaction.isoDates]
        let name = try SnapshotName("Pro", "en", "today")
        #expect(verifier.verify("Today is 2026-11-26\n", as: name).kind == .recorded)
        #expect(try verifier.store.read(name) == "Today is [date]\n")
        #expect(verifier.verify("Today is 2027-01-01\n", as: name).kind == .matched)
        #expect(verifier.verify("Tomorrow is 2027-01-02\n", as: name).kind == .mismatch)
    }
}
