#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The name a download is saved under: the URL's last path component (percent-decoded), else
/// the transfer's title, made safe to be a file name. A URL is anyone's text, so what could
/// act on a terminal or a listing, or hide what the name says, is replaced by `_`: the path
/// separator, control characters (C0, DEL, C1), the line and paragraph separators, and the
/// bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069: `clip‮4pm.exe` would show as `clipexe.mp4`). A name starting with `.`
/// (hidden, or `..`) gets `_` in front.
enum DownloadName {
    /// `transfer`'s file name in the download folder.
    static func of(_ transfer: Transfer) -> String {
        let last = transfer.url.flatMap(URL.init(string:))?.lastPathComponent ?? ""
        let name = String(
            String.UnicodeScalarView(
                (last.isEmpty || last == "/" ? transfer.title : last).unicodeScalars.map { isUnsafe($0) ? "_" : $0 }))
        return name.hasPrefix(".") ? "_" + name : name
    }

    /// Whether `scalar` is replaced in a file name.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2F: true  // the path separator
        case 0x00...0x1F, 0x7F...0x9F: true  // C0 controls, DEL, C1 controls
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional formatting
        default: false
        }
    }
}
