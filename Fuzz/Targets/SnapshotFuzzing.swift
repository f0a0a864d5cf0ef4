import Foundation
import ProjectReporting
import TextSnapshots

/// Reads the bytes up to the first NUL as a recorded snapshot and the rest as a new output,
/// as the snapshot harness and `flavorkit report` read files a checkout or a downloaded
/// artifacts folder holds: conflict markers, the line diff and its unified report, the
/// built-in redactions, and the report's drawing of both. The drawing must escape every `<`
/// and `>` of the text and give one line block per line; redacting twice changes nothing more.
public func fuzzSnapshot(_ data: Data) {
    let parts = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let recorded = SnapshotStore.normalizingLineEndings(String(decoding: parts[0], as: UTF8.self))
    let new = SnapshotStore.normalizingLineEndings(String(decoding: parts.count > 1 ? parts[1] : Data(), as: UTF8.self))

    let lineCount = recorded.split(separator: "\n", omittingEmptySubsequences: false).count
    if let line = ConflictMarkers.firstLine(in: recorded) {
        precondition(line >= 1 && line <= lineCount, "a conflict marker's line is outside the text")
    }
    let diff = LineDiff(old: recorded, new: new)
    _ = UnifiedDiff(oldLabel: "a/s.txt", newLabel: "b/s.txt").render(diff)

    let redacted = Redaction.apply(Redaction.standard, to: new)
    precondition(Redaction.apply(Redaction.standard, to: redacted) == redacted, "redacting twice changed the text")

    // Checked on UTF-8 bytes: a combining mark that starts a line joins the tag's `>` into one
    // Character, which a comparison of Characters would not see.
    var html = Array(TerminalHTML.lines(new, marked: diff.inserted).utf8)
    let blocks = occurrences(of: "<div class=\"ln", in: html)
    for tag in ["<div class=\"ln mark\">", "<div class=\"ln\">", "</div>", "<span class=\"w\">", "</span>"] {
        html = removing(tag, from: html)
    }
    precondition(
        !html.contains(UInt8(ascii: "<")) && !html.contains(UInt8(ascii: ">")),
        "the drawing let a < or > of the text through")
    let expected = new.split(separator: "\n", omittingEmptySubsequences: false).count - (new.hasSuffix("\n") ? 1 : 0)
    precondition(blocks == expected, "the drawing has \(blocks) line blocks for \(expected) lines")
}

/// How many times `needle`'s bytes occur in `bytes`.
private func occurrences(of needle: String, in bytes: [UInt8]) -> Int {
    let needle = Array(needle.utf8)
    guard bytes.count >= needle.count else { return 0 }
    return (0...(bytes.count - needle.count)).count { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
}

/// `bytes` without any occurrence of `needle`'s bytes.
private func removing(_ needle: String, from bytes: [UInt8]) -> [UInt8] {
    let needle = Array(needle.utf8)
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index...].starts(with: needle) {
            index += needle.count
        } else {
            result.append(bytes[index])
            index += 1
        }
    }
    return result
}
