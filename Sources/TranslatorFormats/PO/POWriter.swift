import CatalogFiles
import FileFormats
import Foundation
import Localization

/// Writes one table of one language as a gettext PO file (UTF-8): a header with `Language`,
/// a `Plural-Forms` generated from the language's CLDR rules (`GettextPluralForms`) and
/// FlavorKit's own fields (`X-FlavorKit-Table`, `X-FlavorKit-Source-Language`,
/// `X-FlavorKit-Flavor`), then one message per `POMessage`: the development language's
/// comment as `#.`, then `#. flavorkit-exported: …` (each form's `TranslationUnit.exportMark`,
/// which `flavorkit import` compares), its file and line as `#:`, `#, fuzzy` for a unit that
/// awaits review (marked so, stale, or a suggestion no person confirmed) with, when the
/// catalog keeps it, the development text it was translated from as `#| msgid`
/// (`msgmerge --previous`).
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
        write(catalog, table: table, template: false)
    }

    /// One table as a gettext template (`.pot`, what `msginit` starts a language from and
    /// `msgmerge` updates a PO file with): the same messages, comments and references, no
    /// translations, no export marks, and the header `xgettext` writes for a template
    /// (`Language` empty, `Plural-Forms` for `msginit` to fill; each plural message two empty
    /// forms; no message for a category the development language has beyond CLDR's, such as
    /// an explicit `zero`). `catalog` is the development language's.
    public static func template(_ catalog: TranslationCatalog, table: String) -> Data {
        write(catalog, table: table, template: true)
    }

    private static func write(_ catalog: TranslationCatalog, table: String, template: Bool) -> Data {
        let forms = GettextPluralForms(rules: catalog.rules)
        let root = catalog.source.project.layout.root.standardizedFileURL.path + "/"
        let packageName = catalog.source.project.layout.root.lastPathComponent
        var text = "# \(table): \(packageName)'s catalogs"
        if template {
            if let flavor = catalog.source.flavor { text += " as the \(flavor) flavor shows them" }
            text += ", a template for translations from \(catalog.source.project.developmentLanguage).\n"
            text +=
                "# Start a language with msginit; update a PO file with msgmerge; import it with flavorkit import.\n"
        } else {
            text += " in \(catalog.language)"
            if let flavor = catalog.source.flavor { text += " as the \(flavor) flavor shows them" }
            text += ", translated from \(catalog.source.project.developmentLanguage).\n"
            text += "# msgstr[k] is CLDR's k-th category for \(catalog.language): "
            text += forms.categories.enumerated().map { "\($0.offset) \($0.element.rawValue)" }.joined(separator: ", ")
            text += ".\n"
            if let note = forms.decimalNote { text += "# \(note)\n" }
        }
        var header = [
            ("Project-Id-Version", "\(packageName) \(table)"),
            (Field.language, template ? "" : catalog.language.description),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
            (Field.pluralForms, template ? "nplurals=INTEGER; plural=EXPRESSION;" : forms.header),
            (Field.table, table),
            (Field.sourceLanguage, catalog.source.project.developmentLanguage.description),
        ]
        if let flavor = catalog.source.flavor { header.append((Field.flavor, flavor)) }
        text += "msgid \"\"\nmsgstr \"\"\n"
        for (name, value) in header { text += quoted("\(name): \(value)\n") + "\n" }
        var buffer = ByteBuffer(reservingCapacity: catalog.units.count * 200)
        buffer.append(text)
        let messages = POMessage.messages(of: catalog, table: table)
        // A large table's messages in parts, on every core, each part's text appended in order.
        let parts = inParts(messages.count) { range in
            var part = ByteBuffer(reservingCapacity: range.count * 200)
            var paths = RelativePaths(root: root)
            for message in messages[range] { append(message, template: template, paths: &paths, to: &part) }
            return part
        }
        for part in parts { buffer.append(part) }
        return buffer.data
    }

    /// Catalog paths relative to the package, each worked out once.
    private struct RelativePaths {
        /// The package's path, with a final `/`.
        let root: String
        var known: [String: String] = [:]

        mutating func relative(_ path: String) -> String {
            if let relative = known[path] { return relative }
            var relative = URL(fileURLWithPath: path, isDirectory: false).standardizedFileURL.path
            if relative.hasPrefix(root) { relative.removeFirst(root.count) }
            known[path] = relative
            return relative
        }
    }

    /// One message: its comments, references, flags and strings.
    private static func append(
        _ message: POMessage, template: Bool, paths: inout RelativePaths, to buffer: inout ByteBuffer
    ) {
        // A category the development language has beyond CLDR's (an explicit zero) is its
        // own; a language starts with its CLDR forms.
        if template, message.idPlural == nil, message.first.category != nil { return }
        // Appended piece by piece: no string made for a line, this runs for every message.
        buffer.append("\n")
        let unit = message.first
        if let comment = unit.comment {
            for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
                buffer.append(line.isEmpty ? "#.\n" : "#. ")
                if !line.isEmpty {
                    buffer.append(line)
                    buffer.append("\n")
                }
            }
        }
        if !template {
            buffer.append("#. ")
            buffer.append(Self.exportMarkPrefix)
            for (index, unit) in message.units.enumerated() {
                if index > 0 { buffer.append(" ") }
                buffer.append(unit.exportMark)
            }
            buffer.append("\n")
        }
        if let location = unit.sourceLocation {
            buffer.append("#: ")
            buffer.append(paths.relative(location.path))
            buffer.append(":")
            buffer.append(location.line)
            buffer.append("\n")
        }
        if !template, message.units.contains(where: \.awaitsReview) {
            buffer.append("#, fuzzy\n")
            // The English it was translated from, as `msgmerge --previous` keeps it.
            if message.idPlural == nil, let previous = unit.previousSource {
                appendPrevious("msgid", previous, to: &buffer)
            } else if message.idPlural != nil,
                let other = message.units.first(where: { $0.category == .other })?.previousSource, !other.isEmpty
            {
                // A plural's English before: its `one` and `other`, as msgmerge keeps them.
                let one = message.units.first { $0.category == .one }?.previousSource
                appendPrevious("msgid", one.flatMap { $0.isEmpty ? nil : $0 } ?? other, to: &buffer)
                appendPrevious("msgid_plural", other, to: &buffer)
            }
        }
        buffer.append("msgctxt ")
        appendQuoted(message.context, to: &buffer)
        buffer.append("\nmsgid ")
        appendQuoted(message.id, to: &buffer)
        buffer.append("\n")
        if let plural = message.idPlural {
            buffer.append("msgid_plural ")
            appendQuoted(plural, to: &buffer)
            buffer.append("\n")
            let targets = template ? ["", ""] : message.units.map { $0.target ?? "" }
            for (form, target) in targets.enumerated() {
                buffer.append("msgstr[")
                buffer.append(form)
                buffer.append("] ")
                appendQuoted(target, to: &buffer)
                buffer.append("\n")
            }
        } else {
            buffer.append("msgstr ")
            appendQuoted(template ? "" : unit.target ?? "", to: &buffer)
            buffer.append("\n")
        }
    }

    /// `#| field "previous"`, each further line of it after `#| ` too.
    private static func appendPrevious(_ field: String, _ previous: String, to output: inout ByteBuffer) {
        output.append("#| \(field) ")
        output.append(quoted(previous).replacingOccurrences(of: "\n", with: "\n#| "))
        output.append("\n")
    }

    /// `quoted(text)` appended to `output`.
    private static func appendQuoted(_ text: String, to output: inout ByteBuffer) {
        if text.utf8.contains(where: Self.needsEscape) {
            output.append(quoted(text))
        } else {
            output.append("\"")
            output.append(text)
            output.append("\"")
        }
    }

    /// Whether a byte needs more than itself inside a PO string: `"`, `\\`, a control character or DEL.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// A PO string: `"…"` with `\\ \" \n \t \r \a \b \f \v` and other control characters as
    /// three octal digits; a text with inner line breaks starts with `""` and puts each line on its own.
    package static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: needsEscape) { return "\"\(text)\"" }
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
