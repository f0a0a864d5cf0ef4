import Foundation
import Localization

/// Writes one table of one language as a gettext PO file (UTF-8): a header with `Language`,
/// a `Plural-Forms` generated from the language's CLDR rules (`GettextPluralForms`) and
/// FlavorKit's own fields (`X-FlavorKit-Table`, `X-FlavorKit-Source-Language`,
/// `X-FlavorKit-Flavor`), then one message per `POMessage`: the development language's
/// comment as `#.`, then `#. flavorkit-exported: …` (each form's `TranslationUnit.exportMark`,
/// which `flavorkit import` compares), its file and line as `#:`, `#, fuzzy` for a unit that
/// awaits review (marked so, or stale).
public enum POWriter {
    /// The header fields FlavorKit writes and reads back.
    enum Field {
        static let language = "Language"
        static let pluralForms = "Plural-Forms"
        static let table = "X-FlavorKit-Table"
        static let sourceLanguage = "X-FlavorKit-Source-Language"
        static let flavor = "X-FlavorKit-Flavor"
    }

    /// What starts the extracted comment that carries a message's export marks.
    static let exportMarkPrefix = "flavorkit-exported: "

    /// One table of `catalog`'s language as a PO file.
    public static func write(_ catalog: TranslationCatalog, table: String) -> Data {
        let forms = GettextPluralForms(rules: catalog.rules)
        let root = catalog.source.project.layout.root.standardizedFileURL.path + "/"
        var text = "# \(table): FlavorKit's catalogs in \(catalog.language)"
        if let flavor = catalog.source.flavor { text += " as the \(flavor) flavor shows them" }
        text += ", translated from \(catalog.source.project.developmentLanguage).\n"
        text += "# msgstr[k] is CLDR's k-th category for \(catalog.language): "
        text += forms.categories.enumerated().map { "\($0.offset) \($0.element.rawValue)" }.joined(separator: ", ")
        text += ".\n"
        if let note = forms.decimalNote { text += "# \(note)\n" }
        var header = [
            ("Project-Id-Version", "\(catalog.source.project.layout.root.lastPathComponent) \(table)"),
            (Field.language, catalog.language.description),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
            (Field.pluralForms, forms.header),
            (Field.table, table),
            (Field.sourceLanguage, catalog.source.project.developmentLanguage.description),
        ]
        if let flavor = catalog.source.flavor { header.append((Field.flavor, flavor)) }
        text += "msgid \"\"\nmsgstr \"\"\n"
        for (name, value) in header { text += quoted("\(name): \(value)\n") + "\n" }
        for message in POMessage.messages(of: catalog, table: table) {
            text += "\n"
            let unit = message.first
            if let comment = unit.comment {
                for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += line.isEmpty ? "#.\n" : "#. \(line)\n"
                }
            }
            text += "#. \(Self.exportMarkPrefix)\(message.units.map(\.exportMark).joined(separator: " "))\n"
            if let location = unit.sourceLocation {
                var path = URL(fileURLWithPath: location.path).standardizedFileURL.path
                if path.hasPrefix(root) { path.removeFirst(root.count) }
                text += "#: \(path):\(location.line)\n"
            }
            if message.units.contains(where: \.awaitsReview) { text += "#, fuzzy\n" }
            text += "msgctxt " + quoted(message.context) + "\n"
            text += "msgid " + quoted(message.id) + "\n"
            if let plural = message.idPlural {
                text += "msgid_plural " + quoted(plural) + "\n"
                for (form, unit) in message.units.enumerated() {
                    text += "msgstr[\(form)] " + quoted(unit.target ?? "") + "\n"
                }
            } else {
                text += "msgstr " + quoted(unit.target ?? "") + "\n"
            }
        }
        return Data(text.utf8)
    }

    /// A PO string: `"…"` with `\\ \" \n \t \r \a \b \f \v` and other control characters as
    /// three octal digits; a text with inner line breaks starts with `""` and puts each line on its own.
    static func quoted(_ text: String) -> String {
        var lines: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": current += "\\\""
            case "\\": current += "\\\\"
            case "\n":
                current += "\\n"
                lines.append(current)
                current = ""
            case "\t": current += "\\t"
            case "\r": current += "\\r"
            case "\u{07}": current += "\\a"
            case "\u{08}": current += "\\b"
            case "\u{0C}": current += "\\f"
            case "\u{0B}": current += "\\v"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                current += String(format: "\\%03o", scalar.value)
            default: current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        if lines.count == 1 { return "\"\(lines[0])\"" }
        return "\"\"\n" + lines.map { "\"\($0)\"" }.joined(separator: "\n")
    }
}
