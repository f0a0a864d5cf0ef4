/// CLDR's plural categories.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `zero` (Arabic 0, Latvian 10…).
    case zero
    /// `one` (English 1, French 0 and 1).
    case one
    /// `two` (Arabic, Welsh, Slovenian).
    case two
    /// `few` (Russian 2–4, Polish, Arabic 3–10).
    case few
    /// `many` (Russian 5–20, Arabic 11–99, French 1000000).
    case many
    /// `other`: every number no other category takes; every language has it.
    case other

    /// Orders categories as CLDR lists them: zero, one, two, few, many, other.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
