import Foundation
import TestSupport
import Testing
import TextSnapshots

@Suite("Line diff and unified report")
struct DiffTests {
    static let pairs: [(String, String)] = [
        ("a\nb\nc\n", "a\nB\nc\n"),
        ("", "new\n"),
        ("old\n", ""),
        ("a\nb\n", "a\nb"),
        ("a\nb", "a\nb\n"),
        ("a\nb", "a\nc"),
        ("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n"),
        ("x\n\n\n\ny\n\n\n", "\n\nx\n\ny\n\n"),
        ("same\n", "same\n"),
    ]

    @Test("patch applies the report to the old text and yields the new", arguments: pairs.indices)
    func patchApplies(index: Int) throws {
        let (old, new) = Self.pairs[index]
        try Self.checkWithPatch(old: old, new: new)
    }

    @Test("random edits: patch round-trips and the edit count is GNU diff's (minimal)", arguments: 0..<25)
    func randomEdits(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) + 1)
        let alphabet = ["alpha", "beta", "", "gamma", "delta", "", "x"]
        var old: [String] = (0..<Int(random.next() % 60)).map { _ in alphabet[Int(random.next() % 7)] }
        var new = old
        for _ in 0..<Int(random.next() % 12) {
            let position = new.isEmpty ? 0 : Int(random.next() % UInt64(new.count))
            switch random.next() % 3 {
            case 0: new.insert(alphabet[Int(random.next() % 7)], at: position)
            case 1: if !new.isEmpty { new.remove(at: position) }
            default: if !new.isEmpty { new[position] = "changed\(random.next() % 5)" }
            }
        }
        if random.next() % 4 == 0 { old.append("tail") }
        let oldText = old.map { $0 + "\n" }.joined(), newText = new.map { $0 + "\n" }.joined()
        try Self.checkWithPatch(old: oldText, new: newText)

        let diff = LineDiff(old: oldText, new: newText)
        let ours = diff.deleted.filter { $0 }.count + diff.inserted.filter { $0 }.count
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(oldText.utf8).write(to: folder.appendingPathComponent("a"))
        try Data(newText.utf8).write(to: folder.appendingPathComponent("b"))
        let gnu = try #require(try runTool("diff", ["--minimal", "a", "b"], in: folder), "GNU diff is needed")
        let theirs = gnu.output.split(separator: "\n").filter { $0.hasPrefix("<") || $0.hasPrefix(">") }.count
        #expect(ours == theirs)
    }

    @Test(
        "anchored on lines each side has once: still a valid diff of the two texts, never shorter than the minimal one",
        arguments: 0..<40)
    func anchoredRandomEdits(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) + 100)
        // Unique lines (entries) among repeated ones (comments, blank lines), moved and removed.
        var old: [String] = []
        for index in 0..<Int(random.next() % 80) {
            old +=
                random.next() % 3 == 0 ? ["/* comment */", "\"k\(index)\" = \"v\";", ""] : ["\"k\(index)\" = \"v\";"]
        }
        var new = old
        for _ in 0..<Int(random.next() % 20) {
            let position = new.isEmpty ? 0 : Int(random.next() % UInt64(new.count))
            switch random.next() % 4 {
            case 0:
                new.insert(["", "/* comment */", "added\(random.next() % 9)"][Int(random.next() % 3)], at: position)
            case 1: if !new.isEmpty { new.remove(at: position) }
            case 2: if !new.isEmpty { new.append(new.remove(at: position)) }
            default: if !new.isEmpty { new[position] = "changed\(random.next() % 5)" }
            }
        }
        let oldText = old.map { $0 + "\n" }.joined(), newText = new.map { $0 + "\n" }.joined()
        let diff = LineDiff(old: oldText, new: newText, anchoringUniqueLines: true)
        // What neither side changed is the same on both sides, in order.
        let keptOld = (0..<diff.oldCount).filter { !diff.deleted[$0] }.map(diff.oldLine)
        let keptNew = (0..<diff.newCount).filter { !diff.inserted[$0] }.map(diff.newLine)
        #expect(keptOld == keptNew)
        #expect(diff.isEmpty == (oldText == newText))
        // Never worse than marking everything, and never shorter than the minimal diff.
        let changed = diff.deleted.filter { $0 }.count + diff.inserted.filter { $0 }.count
        let minimal = LineDiff(old: oldText, new: newText)
        #expect(changed <= old.count + new.count)
        #expect(changed >= minimal.deleted.filter { $0 }.count + minimal.inserted.filter { $0 }.count)
    }

    static func checkWithPatch(old: String, new: String) throws {
        let report = UnifiedDiff(oldLabel: "a/file.txt", newLabel: "b/file.txt").render(old: old, new: new)
        #expect(report.isEmpty == (old == new))
        guard !report.isEmpty else { return }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file.txt")
        try Data(old.utf8).write(to: file)
        let patchFile = folder.appendingPathComponent("change.diff")
        // Notes after the diff are not part of it; patch ignores trailing text anyway.
        try Data(report.utf8).write(to: patchFile)
        let result = try #require(
            try runTool("patch", ["-s", "file.txt", "change.diff"], in: folder), "patch is needed")
        #expect(result.status == 0, "\(result.output)\n\(report)")
        #expect(try Data(contentsOf: file) == Data(new.utf8), "\(report)")
    }

    @Test("hunk headers and context are GNU diff's")
    func format() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 10\n", with: "line ten\n")
        let report = UnifiedDiff(oldLabel: "a/x.txt", newLabel: "b/x.txt").render(old: old, new: new)
        #expect(
            report == """
                --- a/x.txt
                +++ b/x.txt
                @@ -7,7 +7,7 @@
                 line 7
                 line 8
                 line 9
                -line 10
                +line ten
                 line 11
                 line 12
                 line 13

                """)
    }

    @Test(
        "invisible changes are spelled out in a note",
        arguments: [
            (
                "a\nb\n", "a\nb  \n",
                "line 2 of the new output differs only in white space: trailing spaces or tabs: 0 before, 2 now"
            ),
            (
                "a\n        b\n", "a\n\tb\n",
                "line 2 of the new output differs only in white space: tabs where there were spaces"
            ),
            (
                "a\nb\n", "a\nb\r\n",
                "line 2 of the new output differs only in white space: ends with a carriage return (\\r) now"
            ),
            ("a\nb\n", "a\nb", "the new output has no newline at its end"),
            ("a\nb", "a\nb\n", "the recorded text has no newline at its end; the new output has one"),
        ])
    func notes(old: String, new: String, note: String) {
        let report = UnifiedDiff(oldLabel: "a", newLabel: "b").render(old: old, new: new)
        #expect(report.contains("note: " + note), "\(report)")
    }

    @Test("canonically equivalent but different bytes are a change")
    func bytes() {
        let diff = LineDiff(old: "caf\u{E9}\n", new: "cafe\u{301}\n")
        #expect(!diff.isEmpty)
    }

    @Test("long diffs are cut with a count of what was left out")
    func cut() {
        let old = (0..<1_000).map { "old \($0)\n" }.joined(), new = (0..<1_000).map { "new \($0)\n" }.joined()
        var report = UnifiedDiff(oldLabel: "a", newLabel: "b")
        report.maximumLines = 50
        let text = report.render(old: old, new: new)
        #expect(text.split(separator: "\n").count == 53)
        #expect(text.contains("… 1951 more diff lines not shown"))
    }

    @Test("colour only when asked for")
    func colour() {
        var report = UnifiedDiff(oldLabel: "a", newLabel: "b")
        #expect(!report.render(old: "a\n", new: "b\n").contains("\u{1B}["))
        report.colored = true
        #expect(report.render(old: "a\n", new: "b\n").contains("\u{1B}[31m-a\u{1B}[0m"))
    }
}
