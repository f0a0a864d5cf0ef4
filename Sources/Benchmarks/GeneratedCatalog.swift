import Foundation

/// A deterministic `.strings` catalog of realistic shape: comments, escapes, CJK values and
/// positional specifiers, about 100 bytes an entry.
enum GeneratedCatalog {
    static func key(_ index: Int) -> String { "screen\(index % 97).section\(index / 97).label" }

    static func text(entries: Int, variant: String = "") -> String {
        var text = "/* Generated catalog: \(entries) entries. */\n\n"
        text.reserveCapacity(entries * 110)
        for index in 0..<entries {
            if index % 2 == 0 { text += "/* Shown on screen \(index % 97), section \(index / 97). */\n" }
            text += "\"\(key(index))\" = \""
            switch index % 5 {
            case 0: text += "\(variant)Downloaded %1$@ of %2$@ (item \(index))"
            case 1: text += "\(variant)ダウンロード中 \(index)：%@ 件のファイル"
            case 2: text += "\(variant)Line one\\nline \\\"two\\\" \\U00e9\\t\(index)"
            case 3: text += "\(variant)%2$@ wartet auf %1$@, Nummer %3$d"
            default: text += "\(variant)Plain value number \(index) for the catalog"
            }
            text += "\";\n"
        }
        return text
    }

    static func utf16(_ text: String) -> Data {
        var data = Data([0xFF, 0xFE])
        data.reserveCapacity(text.utf16.count * 2 + 2)
        for unit in text.utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        return data
    }
}
