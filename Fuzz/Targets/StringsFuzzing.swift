import Diagnostics
import Foundation
import Localization

/// Reads `data` as a `.strings` file (any encoding the reader detects: UTF-8, UTF-16 with a
/// BOM, a property list), then uses every entry the way lint and the runtime do. When the
/// bytes are UTF-8 text, the same text as UTF-16 (little-endian, with a BOM) must read to
/// the same entries.
public func fuzzStrings(_ data: Data) {
    let utf8: StringsFile
    do {
        utf8 = try StringsParser.parse(data, path: "fuzz.strings", keepingComments: data.count % 2 == 0)
    } catch {
        _ = error.description
        return
    }
    useEntries(of: utf8)
    checkComments(of: utf8)
    guard let text = String(validating: data, as: UTF8.self), !text.hasPrefix("\u{FEFF}"),
        !text.hasPrefix("<?xml"), !text.hasPrefix("bplist")
    else { return }
    var utf16 = Data([0xFF, 0xFE])
    for unit in text.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
    let again = try? StringsParser.parse(utf16, path: "fuzz.strings")
    precondition(again?.dictionary == utf8.dictionary, "the UTF-16 copy of a UTF-8 .strings file reads differently")
}

/// What lint and the runtime ask of a read file: its entries, duplicates and their formats.
private func useEntries(of file: StringsFile) {
    for entry in file.entries {
        _ = entry.location.description
        _ = try? FormatString(entry.value)
    }
    _ = file.duplicates.count
    _ = file.dictionary.count
}

/// A file's comments, kept beside its keys' records: each is of a key the file defines, reads
/// back by its key, and stays as it was once another comment is set (the comments then a
/// table of their own).
private func checkComments(of file: StringsFile) {
    let added = "\u{1}fuzz key"
    var changed = file.comments
    changed.set("fuzz", for: added)
    for (key, comment) in file.comments {
        precondition(file.table.contains(key), "a comment of a key the file does not define")
        precondition(file.comments[key] == comment, "a comment reads back otherwise")
        precondition(key == added || changed[key] == comment, "a comment changed when another was set")
    }
    precondition(
        changed[added] == "fuzz" && changed.count == file.comments.count + (file.comments[added] == nil ? 1 : 0))
}
