import CatalogFiles
import Diagnostics
import Localization

/// One gettext message as FlavorKit writes it, and the units it carries.
///
/// `msgctxt` is the key (with `|device.iphone` after it for a String Catalog text's device
/// case, `|phrases` for App Shortcuts phrases, one per line); a plural entry of one variable
/// read from the first argument is one
/// message with `msgid_plural` (`msgid` the development language's `one`, `msgid_plural`
/// its `other`) and `msgstr[k]` for the language's `k`-th CLDR category. Any other plural
/// entry is its format under `msgctxt "key"` and each variable under `"key|variable"`; a
/// category outside the language's CLDR ones (an explicit `zero`) is a plain message
/// `"key|variable|zero"`.
public struct POMessage: Sendable, Hashable {
    /// `msgctxt`: the key (and variable) it translates.
    public var context: String
    /// `msgid`: the development language's text.
    public var id: String
    /// `msgid_plural`, for a plural message.
    public var idPlural: String?
    /// One unit for a plain message; for a plural one, the unit of each form in order.
    public var units: [TranslationUnit]

    /// The messages of one table of `catalog`, in the catalog's order.
    public static func messages(of catalog: TranslationCatalog, table: String) -> [POMessage] {
        var messages: [POMessage] = []
        var index = 0
        let units = catalog.units.filter { $0.table == table }
        while index < units.count {
            let unit = units[index]
            switch unit.part {
            case .text:
                messages.append(POMessage(context: unit.context, id: unit.source, units: [unit]))
                index += 1
            case .phrases:
                messages.append(POMessage(context: "\(unit.context)|phrases", id: unit.source, units: [unit]))
                index += 1
            case .pluralFormat:
                if !unit.isSoleVariable {
                    messages.append(POMessage(context: unit.context, id: unit.source, units: [unit]))
                }
                index += 1
            case .variant(let variable, _):
                var group: [TranslationUnit] = []
                while index < units.count, units[index].key == unit.key, units[index].device == unit.device,
                    units[index].variable == variable
                {
                    group.append(units[index])
                    index += 1
                }
                let context = unit.isSoleVariable ? unit.context : "\(unit.context)|\(variable)"
                let forms = group.filter { catalog.rules.categories.contains($0.category!) }
                let variants = unit.developmentVariants
                let other = variants[.other] ?? forms.last?.source ?? ""
                messages.append(POMessage(context: context, id: variants[.one] ?? other, idPlural: other, units: forms))
                for extra in group where !forms.contains(extra) {
                    messages.append(
                        POMessage(context: "\(context)|\(extra.category!.rawValue)", id: extra.source, units: [extra]))
                }
            }
        }
        return messages
    }

    /// The unit the message's first form (or only text) belongs to.
    public var first: TranslationUnit { units[0] }

    /// How the message reads in a diagnostic: `key "a"`, `key "a", variable "files"`.
    public var described: String {
        guard idPlural != nil, let variable = first.variable else { return first.described }
        let named =
            "key \"\(Diagnostic.quote(first.key))\"" + (first.device.map { " on \(Diagnostic.quote($0))" } ?? "")
        return "\(named), variable \"\(Diagnostic.quote(variable))\""
    }
}

extension TranslationUnit {
    /// The `msgctxt` of its text: the key, and its device case when it has one (`key|device.iphone`).
    var context: String { device.map { "\(key)|device.\($0)" } ?? key }
}
