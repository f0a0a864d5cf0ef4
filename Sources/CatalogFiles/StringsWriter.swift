import Foundation
import Localization

/// Writes Apple's `.strings` format: UTF-8, keys sorted, every key and value quoted and
/// escaped so that CoreFoundation's reader and ours give back the same text, and each
/// entry's comment above it when one is known.
public enum StringsWriter {
    /// `entries` as a UTF-8 `.strings` file, keys sorted, each after its comment from `comments`,
    /// with the escapes a value needs.
    public static func write(_ entries: [String: String], comments: [String: String] = [:]) -> Data {
        var text = ""
        for key in entries.keys.sorted() {
            if let comment = comments[key] { text += commentBlock(comment) }
            text += "\(quoted(key)) = \(quoted(entries[key]!));\n"
        }
        return Data(text.utf8)
    }

    /// `"…"` with `\"`, `\\`, `\n`, `\t`, `\r` and other control characters as `\UXXXX`.
    public static func quoted(_ text: String) -> String {
        // Most texts have nothing to escape: copied whole, not a character at a time.
        if !text.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
        }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\U" + String(format: "%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func commentBlock(_ comment: String) -> String {
        guard comment.contains("*/") else { return "/* \(comment) */\n" }
        return comment.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)\n" }.joined()
    }
}
