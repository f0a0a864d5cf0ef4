import FileFormats

/// The members of a JSON object in the order they were read: what a String Catalog keeps so
/// that writing it back puts every key where it was. A key given twice is kept twice (the
/// reader reports it); lookups find the first.
public struct KeyedList<Value: Sendable>: Sendable, RandomAccessCollection {
    /// One member.
    public typealias Element = (key: String, value: Value)

    private var members: [Element]

    /// An empty list.
    public init() { members = [] }

    /// `members`, in this order.
    public init(_ members: [Element]) { self.members = members }

    /// The position of the first member.
    public var startIndex: Int { 0 }
    /// The position after the last member.
    public var endIndex: Int { members.count }
    /// The member at `position`.
    public subscript(position: Int) -> Element { members[position] }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The key at `position`, without its value (which a walk looking for some keys would copy).
    public func key(at position: Int) -> String {
        precondition(members.indices.contains(position), "no member at \(position)")
        // The key read where it lies (a tuple's first element starts it): `members[position].key`
        // copies the whole member first, each of its values' references retained and released.
        return members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress! + position).load(as: String.self) }
    }

    /// The first value stored under `key`.
    public subscript(key: String) -> Value? {
        members.first { $0.key == key }?.value
    }

    /// Replaces the value stored under `key` in place, or adds `key` where `areInIncreasingOrder`
    /// puts it among the others (after the last one that does not come after it); a list kept
    /// in that order stays so.
    public mutating func set(_ value: Value, for key: String, orderedBy areInIncreasingOrder: (String, String) -> Bool)
    {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
            return
        }
        var low = 0, high = members.count
        while low < high {
            let middle = (low + high) / 2
            if areInIncreasingOrder(key, members[middle].key) { high = middle } else { low = middle + 1 }
        }
        members.insert((key, value), at: low)
    }

    /// Adds `added`, members under keys the list lacks, in one sort and one pass however many
    /// there are: each before the first member `areInIncreasingOrder` puts after it (at the
    /// end when none does), the added ones among themselves in that order (ties as given). A
    /// list kept in that order stays so, and comes out as `set(_:for:orderedBy:)` of each
    /// added member in turn would leave it, without a search and an insertion for each.
    public mutating func insert(
        contentsOf added: [Element], orderedBy areInIncreasingOrder: (String, String) -> Bool
    ) {
        guard !added.isEmpty else { return }
        let sorted = added.sorted { areInIncreasingOrder($0.key, $1.key) }
        var merged: [Element] = []
        merged.reserveCapacity(members.count + sorted.count)
        var next = 0
        for member in members {
            while next < sorted.count, areInIncreasingOrder(sorted[next].key, member.key) {
                merged.append(sorted[next])
                next += 1
            }
            merged.append(member)
        }
        merged.append(contentsOf: sorted[next...])
        members = merged
    }

    /// Changes the value stored under `key` in place; false when there is none.
    @discardableResult
    public mutating func modify(_ key: String, _ body: (inout Value) -> Void) -> Bool {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return false }
        body(&members[index].value)
        return true
    }

    /// Removes every member stored under `key`.
    public mutating func remove(_ key: String) {
        members.removeAll { $0.key == key }
    }

    /// Adds a member at the end (as a reader does, in the order of the text).
    public mutating func append(_ value: consuming Value, for key: consuming String) {
        members.append((key, value))
    }

    /// Room for `count` members in all, so that appending that many allocates once.
    mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    /// Gives back the room appending left beyond a quarter more than the members (an array
    /// grown by doubling may hold twice what it needs): a reader keeps hundreds of thousands.
    mutating func trimCapacity() {
        guard members.capacity > members.count + members.count / 4 else { return }
        members = members.withUnsafeBufferPointer { Array($0) }
    }

    /// Whether the two have the same members as JSON objects do: whatever their order, by
    /// name (the last of a name given twice), their values equal by `isEqual`.
    public func hasSameMembers(as other: KeyedList, _ isEqual: (Value, Value) -> Bool) -> Bool {
        guard count == other.count else { return false }
        // Names by their bytes, as JSON has them (not two spellings of one text taken as one).
        // Most often in the same order: member by member; else by name.
        if zip(self, other).allSatisfy({ $0.key.hasSameBytes(as: $1.key) }) {
            return zip(self, other).allSatisfy { isEqual($0.value, $1.value) }
        }
        let named = Dictionary(other.map { (LiteralKey($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
        return allSatisfy { member in named[LiteralKey(member.key)].map { isEqual($0, member.value) } ?? false }
    }

    /// Removes the members `shouldBeRemoved` accepts.
    public mutating func removeAll(where shouldBeRemoved: (Element) -> Bool) {
        members.removeAll(where: shouldBeRemoved)
    }
}

/// A JSON value as written, for the fields of a String Catalog FlavorKit does not know: kept
/// and written back unchanged (a number as its digits, an object in its order).
public enum JSONValue: Sendable {
    /// A string.
    case string(String)
    /// A number, as its text (`1`, `-0.5e3`), so that it is written back as it was.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object, in its order.
    case object(KeyedList<JSONValue>)
}
