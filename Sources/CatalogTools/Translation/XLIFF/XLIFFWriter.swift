import Diagnostics
import Foundation
import Localization

/// Writes one language as XLIFF 1.2, the way Xcode's Export Localizations does: one `<file>`
/// per development-language file (`original="en.lproj/Localizable.strings"`), with
/// `source-language`, `target-language` and, for a flavor, `product-name`; one `trans-unit`
/// per unit (`TranslationUnit.xliffID`) with `source`, a `target` with its `state` when the
/// language has one, and the developer's comment as `note`; then a second `note`, from
/// `flavorkit-exported`, holding the unit's `TranslationUnit.exportMark` (which
/// `flavorkit import` compares).
public enum XLIFFWriter {
    /// The XLIFF 1.2 namespace.
    static let namespace = "urn:oasis:names:tc:xliff:document:1.2"

    /// The `from` of the note that carries a unit's export mark.
    static let exportMarkAuthor = "flavorkit-exported"

    /// Text XML 1.0 cannot hold (control characters but tab, line feed and carriage return)
    /// is an error naming the unit.
    public static func write(_ catalog: TranslationCatalog) throws(Diagnostic) -> Data {
        let development = catalog.source.project.developmentLanguage
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="\(namespace)" version="1.2">

            """
        var groups: [(original: String, units: [TranslationUnit])] = []
        for unit in catalog.units {
            let original = unit.original(developmentLanguage: development)
            if groups.last?.original == original {
                groups[groups.count - 1].units.append(unit)
            } else {
                groups.append((original, [unit]))
            }
        }
        for group in groups {
            var attributes = [
                ("original", group.original), ("source-language", development.description),
                ("target-language", catalog.language.description), ("datatype", "plaintext"),
            ]
            if let flavor = catalog.source.flavor { attributes.append(("product-name", flavor)) }
            text += "  <file"
            for (name, value) in attributes {
                text += " \(name)=\"\(try escaped(value, attribute: true, group.units[0]))\""
            }
            text += ">\n"
            text += "    <header>\n      <tool tool-id=\"flavorkit\" tool-name=\"flavorkit\"/>\n    </header>\n"
            text += "    <body>\n"
            for unit in group.units {
                text +=
                    "      <trans-unit id=\"\(try escaped(unit.xliffID, attribute: true, unit))\" xml:space=\"preserve\">\n"
                text += "        <source>\(try escaped(unit.source, attribute: false, unit))</source>\n"
                if let target = unit.target {
                    let state = unit.awaitsReview ? "needs-review-translation" : "translated"
                    text +=
                        "        <target state=\"\(state)\">\(try escaped(target, attribute: false, unit))</target>\n"
                }
                if let comment = unit.comment {
                    text += "        <note>\(try escaped(comment, attribute: false, unit))</note>\n"
                }
                text += "        <note from=\"\(Self.exportMarkAuthor)\">\(unit.exportMark)</note>\n"
                text += "      </trans-unit>\n"
            }
            text += "    </body>\n  </file>\n"
        }
        text += "</xliff>\n"
        return Data(text.utf8)
    }

    /// `&amp; &lt; &gt;` (and `&quot;` in attributes); a carriage return (and, in
    /// attributes, tab and line feed) as a character reference, so that a reader gives
    /// them back instead of normalising them.
    static func escaped(_ text: String, attribute: Bool, _ unit: TranslationUnit) throws(Diagnostic) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\r": result += "&#13;"
            case "\n" where attribute: result += "&#10;"
            case "\t" where attribute: result += "&#9;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                let message =
                    "\(unit.described): XLIFF (XML 1.0) cannot hold the control character U+"
                    + String(format: "%04X", scalar.value)
                guard let location = unit.targetLocation ?? unit.sourceLocation else { throw Diagnostic(message) }
                throw Diagnostic(message, at: location)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
