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
/// `s` skip, `q` quit); without a terminal, a list of what is pending. Exit status 0 when
/// nothing is left pending, 1 otherwise.
enum SnapshotReview {
    static func run(_ store: SnapshotStore) throws -> Int32 {
        let pending = store.pendingPaths()
        guard Terminal.isTerminal(STDIN_FILENO), Terminal.isTerminal(STDOUT_FILENO) else {
            for path in pending { ToolContext.print("pending   \(Diagnostic.visible(path))") }
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
        review: for (index, path) in pending.enumerated() {
            let snapshot = String(path.dropLast(SnapshotStore.pendingExtension.count))
            let width = Terminal.width(environment: environment)
            ToolContext.print("\(bold("[\(index + 1)/\(pending.count)] \(Diagnostic.visible(snapshot))", colored))")
            for line in try diff(snapshot, in: store, colored: colored).split(
                separator: "\n", omittingEmptySubsequences: false)
            {
                ToolContext.print(cut(String(line), to: width))
            }
            while true {
                ToolContext.print("a accept · r reject · s skip · q quit: ", terminator: "")
                fflush(nil)
                let key = keys.next()
                ToolContext.print(key.flatMap { (0x21..<0x7F).contains($0) ? String(UnicodeScalar($0)) : nil } ?? "")
                switch key {
                case UInt8(ascii: "a"):
                    try store.accept([path])
                    accepted += 1
                    ToolContext.print("accepted \(Diagnostic.visible(snapshot))\n")
                case UInt8(ascii: "r"):
                    try store.reject([path])
                    rejected += 1
                    ToolContext.print("rejected \(Diagnostic.visible(path))\n")
                case UInt8(ascii: "s"):
                    skipped += 1
                    ToolContext.print("skipped  \(Diagnostic.visible(path))\n")
                case UInt8(ascii: "q"), 3, 4, nil:  // q, Control-C, Control-D, end of input
                    break review
                default:
                    continue
                }
                continue review
            }
        }
        let left = store.pendingPaths().count
        ToolContext.print("\(accepted) accepted, \(rejected) rejected, \(skipped) skipped; \(left) pending")
        return left == 0 ? 0 : 1
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
