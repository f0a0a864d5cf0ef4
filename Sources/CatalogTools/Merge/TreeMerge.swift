import Localization

/// A three-way merge of JSON trees, as `CatalogMerge` merges a String Catalog: object by
/// object, member by member (a `stringUnit` or `stringSet` is one unit); changes to different
/// members combine, a unit changed (or removed) two different ways is a conflict.
struct TreeMerge {
    /// A node merged: its value when conflicts take ours, and when they take theirs; nil where
    /// that result removes it.
    typealias Merged = (ours: JSONValue?, theirs: JSONValue?)

    /// Where a new member goes among the others: Xcode's order (tests count its calls).
    let areInIncreasingOrder: (String, String) -> Bool
    /// Each conflict met, by its path (`strings`, the key, the language, …).
    private(set) var conflicts: [[String]] = []

    init(areInIncreasingOrder: @escaping (String, String) -> Bool) {
        self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// One node merged three ways: the result when conflicts take ours, and when they take
    /// theirs (the same where nothing conflicts); nil for a member removed.
    mutating func merge(_ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?, at path: [String]) -> Merged {
        if ours == theirs { return (ours, ours) }
        if base == ours { return (theirs, theirs) }
        if base == theirs { return (ours, ours) }
        guard case .object(let oursMembers)? = ours, case .object(let theirsMembers)? = theirs,
            !["stringUnit", "stringSet"].contains(path.last)
        else {
            conflicts.append(path)
            return (ours, theirs)
        }
        var baseMembers: [String: JSONValue] = [:]
        if case .object(let members)? = base { baseMembers = Self.byName(members) }
        let theirsByName = Self.byName(theirsMembers)
        // Ours' members in ours' order, then theirs' new ones where Xcode's order puts them,
        // all placed in one pass (not searched for and inserted one by one: that made
        // merging a catalog quadratic in its keys).
        var merged = KeyedList<Merged>()
        var added: [(key: String, value: Merged)] = []
        var seen = Set<String>()
        for (name, member) in oursMembers where seen.insert(name).inserted {
            merged.append(merge(baseMembers[name], member, theirsByName[name], at: path + [name]), for: name)
        }
        for (name, member) in theirsMembers where seen.insert(name).inserted {
            added.append((name, merge(baseMembers[name], nil, member, at: path + [name])))
        }
        merged.insert(contentsOf: added, orderedBy: areInIncreasingOrder)
        return (.object(Self.side(merged) { $0.ours }), .object(Self.side(merged) { $0.theirs }))
    }

    /// An object's members by name (the last of a name given twice).
    private static func byName(_ members: KeyedList<JSONValue>) -> [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The members one result keeps, in order.
    private static func side(_ members: KeyedList<Merged>, _ result: (Merged) -> JSONValue?) -> KeyedList<JSONValue> {
        KeyedList(members.compactMap { member in result(member.value).map { (member.key, $0) } })
    }
}
