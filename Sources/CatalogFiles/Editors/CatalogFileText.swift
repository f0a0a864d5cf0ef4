import Diagnostics
import FileFormats
import Foundation
import Localization

/// A `.strings` or `.stringsdict` file's text as its editors change it: read in its own
/// encoding (UTF-16 with a byte-order mark, or UTF-8), written back in the same, and never
/// into bytes its reader would refuse.
package struct CatalogFileText: Sendable {
    let url: URL
    /// The file's bytes; nil when it does not exist yet.
    package let existing: Data?
    /// The file's text; nil when it does not exist yet.
    package let text: String?
    /// How the file was saved, and how it is written back.
    private let form: TextDecoding.SavedForm

    /// The file at `url`, which must lie inside `folder` (its catalog folder) once links are
    /// followed: a link out of it is neither read nor written through.
    package init(_ url: URL, within folder: URL) throws(Diagnostic) {
        self.url = url
        let data = try InputFile.readIfPresent(url, limit: InputFile.catalogLimit, within: folder)
        let form = data.map(TextDecoding.SavedForm.init(of:)) ?? TextDecoding.SavedForm(of: Data())
        // Decoded as the reader decodes it: what it refuses is an error, not repaired in passing.
        let text = try data.map { data throws(Diagnostic) in try TextDecoding.text(of: data, path: url.path) }
        (existing, self.form, self.text) = (data, form, text)
    }

    /// `edited` in the file's encoding, checked to read back (a NUL near the start can make
    /// the new length look like UTF-16 without a byte-order mark; a `.stringsdict` must not
    /// gain an entry its reader refuses); `what` says what the new content holds, for the
    /// error.
    package func encoded(_ edited: String, holding what: String) throws(Diagnostic) -> Data {
        guard let data = form.data(edited) else {
            throw Diagnostic("cannot encode the new content", path: url.path)
        }
        guard url.pathExtension == CatalogFolderLayout.FileKind.stringsdict.rawValue else {
            guard (try? StringsParser.parse(data, path: url.path)) != nil else {
                throw Diagnostic("the file would not read back with \(what) in it; nothing was written", path: url.path)
            }
            return data
        }
        // No entry the reader would now refuse (a new plural entry without its `other`, say).
        let before = existing.map { StringsDictParser.parse($0, path: url.path).errors.count } ?? 0
        let after = StringsDictParser.parse(data, path: url.path).errors
        guard after.count <= before else {
            throw Diagnostic(
                "the file would not read back with \(what) in it (\(after.last!.message)); nothing was written",
                path: url.path)
        }
        return data
    }
}
