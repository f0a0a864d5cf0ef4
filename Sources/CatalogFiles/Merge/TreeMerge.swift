import FileFormats
import Localization

/// A three-way merge of JSON trees (`MergeNode`s), as `CatalogMerge` merges a String Catalog:
/// object by object, member by member (a `stringUnit` or `stringSet` is one unit); changes to
/// different members combine, a unit changed (or removed) two different ways is a conflict.
struct TreeMerge {
    /// A node merged: its value when conflicts take ours, and when they take theirs; nil where
    /// that result removes it.
    typealias Merged = (ours: MergeNode?, theirs: MergeNode?)

    /// Where a new member goes among the others: Xcode's order (tests count its calls).
    let areInIncreasingOrder: (String, String) -> Bool
    /// Given when base's and theirs' `strings` hold only the entries theirs changed
    /// (`MergeNode.changedByTheirs`): where each entry of ours' `strings` is, by name. An entry
    /// neither holds is ours' (base and theirs agree on it) and is taken as it is; those they
    /// hold are found in ours by these positions. The document and `strings` are merged member
    /// by member, never taken whole for being equal to a version not all there.
    let oursEntryPositions: [LiteralKey: Int]?
    /// Each conflict met, by its path (`strings`, the key, the language, …).
    private(set) var conflicts: [[String]] = []
    /// Where the node being merged is (`strings`, the key, …): one array for the whole merge.
    private var path: [String] = []

    init(areInIncreasingOrder: @escaping (String, String) -> Bool, oursEntryPositions: [LiteralKey: Int]? = nil) {
        self.areInIncreasingOrder = areInIncreasingOrder
        self.oursEntryPositions = oursEntryPositions
    }

    /// One node merged three ways: the result when conflicts take ours, and when they take
    /// theirs (the same where nothing conflicts); nil for a member removed.
    mutating func merge(_ base: MergeNode?, _ ours: MergeNode?, _ theirs: MergeNode?) -> Merged {
        // Base and theirs are whole below `strings` even when sparse: equal there means equal.
        let whole = oursEntryPositions == nil || path.count > 1 || (path.count == 1 && path[0] != "strings")
        if whole, ours == theirs { return (ours, ours) }
        if whole, base == ours { return (theirs, theirs) }
        if base == theirs { return (ours, ours) }
        guard !["stringUnit", "stringSet"].contains(path.last), let oursMembers = ours?.members,
            let theirsMembers = theirs?.members
        else {
            conflicts.append(path)
            return (ours, theirs)
        }
        let baseMembers = base?.members.map(Self.byName) ?? [:]
        let theirsByName = Self.byName(theirsMembers)
        let conflictsBefore = conflicts.count
        // Ours' members in ours' order, then theirs' new ones where Xcode's order puts them,
        // all placed in one pass (not searched for and inserted one by one: that made
        // merging a catalog quadratic in its keys). Names are told apart by their bytes.
        var (merged, added): (KeyedList<Merged>, [(key: String, value: Merged)])
        if let positions = oursEntryPositions, path == ["strings"] {
            (merged, added) = mergedEntries(base, baseMembers, oursMembers, theirsMembers, theirsByName, positions)
        } else {
            (merged, added) = (KeyedList(), [])
            var seen = Set<LiteralKey>(minimumCapacity: oursMembers.count + theirsMembers.count)
            for (name, member) in oursMembers {
                let key = LiteralKey(name)
                guard seen.insert(key).inserted else { continue }
                merged.append(merge(name, baseMembers[key], member, theirsByName[key]), for: name)
            }
            for (name, member) in theirsMembers {
                let key = LiteralKey(name)
                guard seen.insert(key).inserted else { continue }
                added.append((name, merge(name, baseMembers[key], nil, member)))
            }
        }
        merged.insert(contentsOf: added, orderedBy: areInIncreasingOrder)
        let oursObject = MergeNode.object(Self.side(merged) { $0.ours })
        // With no conflict inside, both results are the same.
        guard conflicts.count > conflictsBefore else { return (oursObject, oursObject) }
        return (oursObject, .object(Self.side(merged) { $0.theirs }))
    }

    /// A sparse merge's `strings`: ours' entries as they are, but those base or theirs hold
    /// (the ones theirs changed), found in ours by `positions`, not each of ours' names looked
    /// up; and theirs' new entries, in their order. Merged in the order the full walk merges
    /// them (ours' order, then theirs'), so that conflicts are listed alike.
    private mutating func mergedEntries(
        _ base: MergeNode?, _ baseMembers: [LiteralKey: MergeNode], _ ours: KeyedList<MergeNode>,
        _ theirs: KeyedList<MergeNode>, _ theirsByName: [LiteralKey: MergeNode], _ positions: [LiteralKey: Int]
    ) -> (KeyedList<Merged>, [(key: String, value: Merged)]) {
        var changed: [(position: Int, key: LiteralKey, theirs: MergeNode?)] = []
        var new: [(key: LiteralKey, theirs: MergeNode)] = []
        for (name, member) in theirs {
            let key = LiteralKey(name)
            if let position = positions[key] {
                changed.append((position, key, member))
            } else {
                new.append((key, member))
            }
        }
        // Removed by theirs: base has it, theirs not.
        for (name, _) in base?.members ?? KeyedList() {
            let key = LiteralKey(name)
            if theirsByName[key] == nil, let position = positions[key] {
                changed.append((position, key, nil))
            }
        }
        var merged = ours.map { (key: $0.key, value: Merged($0.value, $0.value)) }
        for (position, key, member) in changed.sorted(by: { $0.position < $1.position }) {
            merged[position].value = merge(ours[position].key, baseMembers[key], ours[position].value, member)
        }
        let added = new.map { (key: $0.key.string, value: merge($0.key.string, baseMembers[$0.key], nil, $0.theirs)) }
        return (KeyedList(merged), added)
    }

    /// Member `name` of the node being merged, merged.
    private mutating func merge(_ name: String, _ base: MergeNode?, _ ours: MergeNode?, _ theirs: MergeNode?)
        -> Merged
    {
        path.append(name)
        defer { path.removeLast() }
        return merge(base, ours, theirs)
    }

    /// An object's members by name, told apart by its bytes (the last of a name given twice).
    static func byName(_ members: KeyedList<MergeNode>) -> [LiteralKey: MergeNode] {
        var named = [LiteralKey: MergeNode](minimumCapacity: members.count)
        for (name, member) in members { named[LiteralKey(name)] = member }
        return named
    }

    /// The members one result keeps, in order.
    private static func side(_ members: KeyedList<Merged>, _ result: (Merged) -> MergeNode?) -> KeyedList<MergeNode> {
        KeyedList(members.compactMap { member in result(member.value).map { (member.key, $0) } })
    }
}
