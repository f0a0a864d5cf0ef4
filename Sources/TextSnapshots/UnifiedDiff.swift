import Diagnostics

/// A `LineDiff` written as a standard unified diff (`---`/`+++` headers, `@@ -a,b +c,d @@`
/// hunks, 3 lines of context, `\ No newline at end of file`) that `patch` applies to turn
/// the old text into the new, followed by notes on changes a reader cannot see.
public struct UnifiedDiff: Sendable {
    /// The recorded text's label (`a/Light/ja/queue.txt`).
    public var oldLabel: String
    /// The new output's label.
    public var newLabel: String
    /// Unchanged lines shown around each change.
    public var context = 3
    /// Diff lines shown at most; the rest is counted, not shown.
    public var maximumLines = 400
    /// ANSI colours (for a terminal).
    public var colored = false
    /// Whether the texts' control characters are written out (`\u{1B}`, as
    /// `Diagnostic.visible` writes them): for a diff shown on a terminal or in a log, where a
    /// recorded escape sequence would act (set a window title, write the clipboard). A diff
    /// saved for `patch` keeps them.
    public var showsControlCharacters = false

    /// A report with these labels.
    public init(oldLabel: String, newLabel: String) {
        self.oldLabel = oldLabel
        self.newLabel = newLabel
    }

    private enum Operation {
        case same(Int, Int), delete(Int), insert(Int)
        var isChange: Bool {
            if case .same = self { return false }
            return true
        }
    }

    /// The report for two texts; empty when they are equal.
    public func render(old: String, new: String) -> String {
        render(LineDiff(old: old, new: new))
    }

    /// The report of a diff already computed.
    public func render(_ diff: LineDiff) -> String {
        guard !diff.isEmpty else { return "" }
        let operations = Self.operations(diff)
        var body: [String] = []
        // Lines before each hunk, counted as the hunks go by (for headers of empty sides).
        var counted = 0, oldBefore = 0, newBefore = 0
        for hunk in hunks(operations) {
            for operation in operations[counted..<hunk.lowerBound] {
                switch operation {
                case .same: oldBefore += 1; newBefore += 1
                case .delete: oldBefore += 1
                case .insert: newBefore += 1
                }
            }
            counted = hunk.lowerBound
            append(hunk, operations, diff, oldBefore: oldBefore, newBefore: newBefore, to: &body)
        }
        var lines = [paint("--- \(shown(oldLabel))", "1"), paint("+++ \(shown(newLabel))", "1")]
        if body.count > maximumLines {
            lines += body.prefix(maximumLines)
            lines.append("… \(body.count - maximumLines) more diff lines not shown")
        } else {
            lines += body
        }
        let notes = Self.notes(diff)
        return (lines + (notes.isEmpty ? [] : [""] + notes)).joined(separator: "\n") + "\n"
    }

    private static func operations(_ diff: LineDiff) -> [Operation] {
        var result: [Operation] = []
        result.reserveCapacity(max(diff.oldCount, diff.newCount))
        var i = 0, j = 0
        while i < diff.oldCount || j < diff.newCount {
            if i < diff.oldCount, diff.deleted[i] {
                result.append(.delete(i))
                i += 1
            } else if j < diff.newCount, diff.inserted[j] {
                result.append(.insert(j))
                j += 1
            } else {
                result.append(.same(i, j))
                i += 1
                j += 1
            }
        }
        return result
    }

    /// Ranges of operations to print: each change with `context` lines around it, merged
    /// when they touch.
    private func hunks(_ operations: [Operation]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = 0
        while index < operations.count {
            guard operations[index].isChange else {
                index += 1
                continue
            }
            var end = index
            while end < operations.count, operations[end].isChange { end += 1 }
            let start = max(0, index - context)
            let stop = min(operations.count, end + context)
            if let last = result.last, start <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<stop
            } else {
                result.append(start..<stop)
            }
            index = end
        }
        return result
    }

    private func append(
        _ hunk: Range<Int>, _ operations: [Operation], _ diff: LineDiff, oldBefore: Int, newBefore: Int,
        to body: inout [String]
    ) {
        var oldStart: Int?, newStart: Int?
        var oldCount = 0, newCount = 0
        var lines: [String] = []
        let noNewline = "\\ No newline at end of file"
        for operation in operations[hunk] {
            switch operation {
            case .same(let i, let j):
                oldStart = oldStart ?? i
                newStart = newStart ?? j
                oldCount += 1
                newCount += 1
                lines.append(" " + shown(diff.oldLine(i)))
                if i == diff.oldCount - 1, !diff.oldEndsWithNewline { lines.append(noNewline) }
            case .delete(let i):
                oldStart = oldStart ?? i
                oldCount += 1
                lines.append(paint("-" + shown(diff.oldLine(i)), "31"))
                if i == diff.oldCount - 1, !diff.oldEndsWithNewline { lines.append(noNewline) }
            case .insert(let j):
                newStart = newStart ?? j
                newCount += 1
                lines.append(paint("+" + shown(diff.newLine(j)), "32"))
                if j == diff.newCount - 1, !diff.newEndsWithNewline { lines.append(noNewline) }
            }
        }
        let header =
            "@@ -\(Self.range(oldStart, oldCount, before: oldBefore)) +\(Self.range(newStart, newCount, before: newBefore)) @@"
        body.append(paint(header, "36"))
        body += lines
    }

    /// `start,count` as GNU diff writes it: 1-based; `,1` left out; an empty side names the
    /// line before it.
    private static func range(_ start: Int?, _ count: Int, before: Int) -> String {
        guard count > 0, let start else { return "\(before),0" }
        return count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// `text` as this diff shows it.
    private func shown(_ text: some StringProtocol) -> String {
        showsControlCharacters ? Diagnostic.visible(text) : String(text)
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    // MARK: Notes on invisible changes

    /// Trailing spaces, tabs, carriage returns and final newlines, spelled out.
    static func notes(_ diff: LineDiff) -> [String] {
        var notes: [String] = []
        if diff.oldEndsWithNewline != diff.newEndsWithNewline {
            notes.append(
                diff.newEndsWithNewline
                    ? "note: the recorded text has no newline at its end; the new output has one"
                    : "note: the new output has no newline at its end")
        }
        // Pair deleted and inserted lines in order within each change and compare what shows.
        var i = 0, j = 0
        while i < diff.oldCount || j < diff.newCount {
            var deletedLines: [Int] = [], insertedLines: [Int] = []
            while i < diff.oldCount, diff.deleted[i] { deletedLines.append(i); i += 1 }
            while j < diff.newCount, diff.inserted[j] { insertedLines.append(j); j += 1 }
            for (oldIndex, newIndex) in zip(deletedLines, insertedLines) {
                if let note = invisibleDifference(diff.oldLine(oldIndex), diff.newLine(newIndex), line: newIndex + 1) {
                    notes.append(note)
                }
            }
            if deletedLines.isEmpty, insertedLines.isEmpty {
                i += 1
                j += 1
            }
        }
        if notes.count > 20 { notes = Array(notes.prefix(20)) + ["note: … and \(notes.count - 20) more"] }
        return notes
    }

    private static func invisibleDifference(_ old: Substring, _ new: Substring, line: Int) -> String? {
        func visible(_ text: Substring) -> String {
            var result = text.replacingTabs()
            while let last = result.last, last == " " || last == "\r" { result.removeLast() }
            return result
        }
        guard old != new, visible(old) == visible(new) else { return nil }
        var what: [String] = []
        if old.hasSuffix("\r") != new.hasSuffix("\r") {
            what.append(
                new.hasSuffix("\r")
                    ? "ends with a carriage return (\\r) now" : "no longer ends with a carriage return (\\r)")
        }
        let oldTrailing = old.trailingWhitespaceCount, newTrailing = new.trailingWhitespaceCount
        if oldTrailing != newTrailing {
            what.append("trailing spaces or tabs: \(oldTrailing) before, \(newTrailing) now")
        }
        if old.contains("\t") != new.contains("\t") || (what.isEmpty && old != new) {
            what.append(new.contains("\t") ? "tabs where there were spaces" : "spaces where there were tabs")
        }
        return "note: line \(line) of the new output differs only in white space: " + what.joined(separator: "; ")
    }
}

private extension Substring {
    func replacingTabs() -> String {
        var result = ""
        for character in self {
            if character == "\t" {
                result += String(repeating: " ", count: 8 - result.count % 8)
            } else {
                result.append(character)
            }
        }
        return result
    }

    var trailingWhitespaceCount: Int {
        var count = 0
        for character in reversed() {
            if character == "\r" { continue }
            guard character == " " || character == "\t" else { break }
            count += 1
        }
        return count
    }
}
