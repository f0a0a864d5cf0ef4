import Diagnostics
import Foundation
import TerminalText
import TextSnapshots

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flavorkit snapshots review`: in a terminal, each pending change in turn with its coloured
/// diff, lines cut to the terminal's width, and one key to decide (`a` accept, `r` reject,
/// `s` skip, `q` quit); without a terminal, a list of what is pending. Pending inline
/// snapshots come after the files, each shown as the diff of its test's source that accepting
/// it makes (accepting writes the literal, rejecting deletes the pending file). Exit status 0
/// when nothing is left pending, 1 otherwise.
enum SnapshotReview {
    /// One change to decide: a pending file of the snapshot folder, or an inline snapshot.
    private enum Change {
        case file(String)
        case inline(InlineSnapshotPending)
    }

    static func run(_ store: SnapshotStore, packageFolder: URL) throws -> Int32 {
        let pending =
            store.pendingPaths().map(Change.file) + InlineSnapshotPending.find(in: packageFolder).map(Change.inline)
        func left() -> Int { store.pendingPaths().count + InlineSnapshotPending.find(in: packageFolder).count }
        guard Terminal.isTerminal(STDIN_FILENO), Terminal.isTerminal(STDOUT_FILENO) else {
            for change in pending {
                switch change {
                case .file(let path): ToolContext.print("pending   \(Diagnostic.visible(path))")
                case .inline(let snapshot): ToolContext.print("inline    \(Diagnostic.visible(snapshot.place))")
                }
            }
            ToolContext.print(
                pending.isEmpty
                    ? "nothing to review"
                    : "\(pending.count) pending: run `flavorkit snapshots review` in a terminal to go through them, "
                        + "or accept or reject them by path")
            return pending.isEmpty ? 0 : 1
        }
        guard !pending.isEmpty else {
            ToolContext.print("nothing to review")
            return 0
        }
        let environment = ToolContext.current.environment
        guard let keys = Terminal.RawKeys() else {
            throw Diagnostic("cannot read single keys from the terminal: \(String(cString: strerror(errno)))")
        }
        defer { keys.restore() }
        let colored = Terminal.usesColor(environment: environment, isTerminal: true)
        var (accepted, rejected, skipped) = (0, 0, 0)
        review: for (index, change) in pending.enumerated() {
            let width = Terminal.width(environment: environment)
            // What is accepted (the snapshot, the call), and what is rejected or skipped (the pending file, the call).
            let title: String, shown: String, pendingName: String
            switch change {
            case .file(let path):
                title = String(path.dropLast(SnapshotStore.pendingExtension.count))
                pendingName = path
                shown = try diff(title, in: store, colored: colored)
            case .inline(let snapshot):
                title = snapshot.place
                pendingName = title
                do {
                    shown = try inlineDiff(snapshot, colored: colored)
                } catch {
                    ToolContext.print(
                        "\(bold("[\(index + 1)/\(pending.count)] \(Diagnostic.visible(title))", colored))")
                    ToolContext.print("\(error)\nskipped  \(Diagnostic.visible(title))\n")
                    skipped += 1
                    continue review
                }
            }
            ToolContext.print("\(bold("[\(index + 1)/\(pending.count)] \(Diagnostic.visible(title))", colored))")
            for line in shown.split(separator: "\n", omittingEmptySubsequences: false) {
                ToolContext.print(cut(String(line), to: width))
            }
            while true {
                ToolContext.print("a accept · r reject · s skip · q quit: ", terminator: "")
                fflush(nil)
                let key = keys.next()
                ToolContext.print(key.flatMap { (0x21..<0x7F).contains($0) ? String(UnicodeScalar($0)) : nil } ?? "")
                switch (key, change) {
                case (UInt8(ascii: "a"), .file(let path)):
                    try store.accept([path])
                case (UInt8(ascii: "a"), .inline(let snapshot)):
                    try snapshot.apply()
                case (UInt8(ascii: "r"), .file(let path)):
                    try store.reject([path])
                case (UInt8(ascii: "r"), .inline(let snapshot)):
                    snapshot.remove()
                case (UInt8(ascii: "s"), _):
                    skipped += 1
                    ToolContext.print("skipped  \(Diagnostic.visible(pendingName))\n")
                    continue review
                case (UInt8(ascii: "q"), _), (3, _), (4, _), (nil, _):  // q, Control-C, Control-D, end of input
                    break review
                default:
                    continue
                }
                if key == UInt8(ascii: "a") {
                    accepted += 1
                    ToolContext.print("accepted \(Diagnostic.visible(title))\n")
                } else {
                    rejected += 1
                    ToolContext.print("rejected \(Diagnostic.visible(pendingName))\n")
                }
                continue review
            }
        }
        let left = left()
        ToolContext.print("\(accepted) accepted, \(rejected) rejected, \(skipped) skipped; \(left) pending")
        return left == 0 ? 0 : 1
    }

    /// The unified diff of the test's source that writing a pending inline snapshot makes,
    /// control characters shown; a source that is not read, or a call not found, is an error.
    static func inlineDiff(_ snapshot: InlineSnapshotPending, colored: Bool) throws(Diagnostic) -> String {
        let (old, new) = try snapshot.edit()
        let name = snapshot.source.lastPathComponent
        var report = UnifiedDiff(oldLabel: "a/" + name, newLabel: "b/" + name)
        report.colored = colored
        report.showsControlCharacters = true
        return report.render(old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self))
    }

    /// The unified diff from the recorded snapshot (empty when there is none) to the pending
    /// file, control characters shown; a file that is not read is an error.
    static func diff(_ snapshot: String, in store: SnapshotStore, colored: Bool) throws(Diagnostic) -> String {
        func read(_ path: String) throws(Diagnostic) -> String {
            try SnapshotStore.text(at: store.root.appendingPathComponent(path), within: store.root) ?? ""
        }
        var report = UnifiedDiff(oldLabel: "a/" + snapshot, newLabel: "b/" + snapshot)
        report.colored = colored
        report.showsControlCharacters = true
        return report.render(old: try read(snapshot), new: try read(snapshot + SnapshotStore.pendingExtension))
    }

    /// A diff line cut to `width` display columns with `…`; its colour codes are kept whole
    /// (a coloured line is one code, the text, and the reset).
    static func cut(_ line: String, to width: Int) -> String {
        let reset = "\u{1B}[0m"
        guard line.hasPrefix("\u{1B}["), line.hasSuffix(reset), let end = line.firstIndex(of: "m") else {
            return DisplayColumns.truncate(line, to: width)
        }
        let code = line[...end]
        let text = line[line.index(after: end)..<line.index(line.endIndex, offsetBy: -reset.count)]
        return code + DisplayColumns.truncate(String(text), to: width) + reset
    }

    static func bold(_ text: String, _ colored: Bool) -> String {
        colored ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
