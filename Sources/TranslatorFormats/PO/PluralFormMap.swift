import Diagnostics
import Localization

/// Which `msgstr[k]` of a translator's PO file holds each of the language's CLDR plural
/// categories. A file FlavorKit exported (its `Plural-Forms` FlavorKit's own) holds them in
/// CLDR's order; one `msginit` made holds gettext's forms for the language, which are read
/// from its `Plural-Forms` expression: each category takes the form gettext picks for the
/// integers CLDR gives that category (French `nplurals=2; plural=(n > 1);`: `one` form 0,
/// `many` and `other` form 1). A category CLDR uses for decimals only gets no form, but
/// `other`, which every plural entry needs: it takes the file's last form, the one gettext
/// gives most numbers (`otherFromLastForm`).
struct PluralFormMap {
    /// Whether the file's forms are FlavorKit's, in CLDR's order.
    let isFlavorKits: Bool
    /// The file's form for each category (when the forms are not FlavorKit's).
    private let forms: [PluralCategory: Int]
    /// The file's number of forms (when they are not FlavorKit's).
    private let fileCount: Int
    /// Categories no integer reaches (CLDR uses them for decimals only), but `other`.
    let unreached: [PluralCategory]
    /// Whether `other` is such a category, given the file's last form.
    let otherFromLastForm: Bool

    /// The map for `file`, whose language follows `rules`; a `Plural-Forms` gettext could not
    /// read is an error at the file.
    init(file: POFile, rules: PluralRules) throws(Diagnostic) {
        let ours = GettextPluralForms(rules: rules)
        guard let header = file.header[POWriter.Field.pluralForms],
            Self.squeezed(header) != Self.squeezed(ours.header)
        else {
            (isFlavorKits, forms, fileCount, unreached, otherFromLastForm) = (true, [:], 0, [], false)
            return
        }
        guard let expression = GettextPluralExpression(header: header) else {
            throw Diagnostic("Plural-Forms \"\(Diagnostic.quote(header))\" cannot be read", path: file.path)
        }
        var forms: [PluralCategory: Int] = [:]
        // Every integer to 1,000, then powers of ten and their multiples to 10⁹.
        let samples = Array(0...1_000) + (3...9).flatMap { power in (1...9).map { $0 * Self.pow10(power) } }
        for n in samples {
            let category = rules.category(for: n)
            if forms[category] == nil { forms[category] = expression.form(for: n) }
        }
        otherFromLastForm = forms[.other] == nil
        if otherFromLastForm { forms[.other] = expression.count - 1 }
        isFlavorKits = false
        self.forms = forms
        fileCount = expression.count
        unreached = rules.categories.filter { forms[$0] == nil }
    }

    /// How many forms a plural message has: the file's, or the language's categories.
    func count(_ categories: Int) -> Int { isFlavorKits ? categories : fileCount }

    /// The file's form for `category`, the `index`-th of the language's categories.
    func form(of category: PluralCategory?, at index: Int) -> Int? {
        guard !isFlavorKits else { return index }
        return category.flatMap { forms[$0] }
    }

    private static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace })
    }

    private static func pow10(_ power: Int) -> Int {
        (0..<power).reduce(1) { result, _ in result * 10 }
    }
}
