import FileFormats
import Foundation
import Localization

/// Writes Apple's `.strings` format: UTF-8, keys sorted, every key and value quoted and
/// escaped so that CoreFoundation's reader and ours give back the same text, and each
/// entry's comment above it when one is known.
public enum StringsWriter {
    /// `entries` as a UTF-8 `.strings` file, keys sorted, each after its comment from `comments`,
    /// with the escapes a value needs.
    public static func write(_ entries: [String: String], comments: [String: String] = [:]) -> Data {
        write(entries.map { (key: $0.key, value: $0.value) }, comments: CommentTable(comments))
    }

    /// `entries` (each key once) as `write(_:comments:)` writes a dictionary of them: keys are
    /// told apart by their bytes, as in a `.strings` file and Foundation's dictionaries, so
    /// that two spelled in two Unicode normalizations are both written, in their bytes' order.
    public static func write(_ entries: [(key: String, value: String)], comments: CommentTable) -> Data {
        var text = ""
        for (key, value) in entries.sorted(byKey: \.key) {
            if let comment = comments[key] { text += commentBlock(comment) }
            text += "\(quoted(key)) = \(quoted(value));\n"
        }
        return Data(text.utf8)
    }

    /// `"…"` with `\"`, `\\`, `\n`, `\t`, `\r` and other control characters as `\UXXXX`.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` as `quoted(_:)` quotes it, appended to `bytes` (for an editor that builds a file's
    /// bytes). The characters escaped are ASCII, which no byte of a longer character can be:
    /// the rest is copied as it is, a run at a time.
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var plain = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index]))
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
                case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
                default:
                    // `\U00XX`, the digits in capitals (a byte here is below 0x20, or 0x7F).
                    func digit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x37 + value }
                    bytes.append(contentsOf: "U00".utf8)
                    bytes.append(digit(byte >> 4))
                    bytes.append(digit(byte & 0xF))
                }
                plain = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private static func commentBlock(_ comment: String) -> String {
        guard comment.contains("*/") else { return "/* \(comment) */\n" }
        return comment.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)\n" }.joined()
    }
}
