import FileFormats
import Localization

/// What a String Catalog adds to `JSONOutput`: objects whose fields FlavorKit does not know
/// (kept from the file as `JSONValue`s) are written back among the known ones, each where
/// `StringCatalogWriter.keyOrder` places it, as Xcode writes them.
extension JSONOutput {
    /// An object being written, with the fields not known (sorted) still to be placed.
    package struct CatalogObject {
        var object: Object
        var others: [(key: String, value: JSONValue)]
        var next = 0
    }

    /// Opens an object whose members not known to the caller are `others`.
    package mutating func begin(_ others: KeyedList<JSONValue>) -> CatalogObject {
        guard !others.isEmpty else { return CatalogObject(object: beginObject(), others: []) }
        var sorted = Array(others)
        if sorted.count > 1 { sorted.sort { StringCatalogWriter.keyOrder($0.key, $1.key) } }
        return CatalogObject(object: beginObject(), others: sorted)
    }

    /// Starts the member `name`: first the fields not known that come before it (a
    /// `known: false` name, such as a key or language, is written where it is).
    package mutating func member(_ name: String, _ object: inout CatalogObject, known: Bool = true) {
        if known {
            while object.next < object.others.count,
                StringCatalogWriter.keyOrder(object.others[object.next].key, name)
            {
                let other = object.others[object.next]
                object.next += 1
                member(other.key, &object.object)
                value(other.value)
            }
        }
        member(name, &object.object)
    }

    /// Closes an object, after the fields not known that come last.
    package mutating func end(_ object: inout CatalogObject) {
        while object.next < object.others.count {
            let other = object.others[object.next]
            object.next += 1
            member(other.key, &object.object)
            value(other.value)
        }
        endObject(object.object)
    }

    /// An object of `members` in this order.
    package mutating func object(_ members: [(key: String, value: JSONValue)]) {
        var object = beginObject()
        for (key, value) in members {
            member(key, &object)
            self.value(value)
        }
        endObject(object)
    }

    /// A value read from a catalog, written back as it was read (a number as its digits).
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .string(let text): string(text)
        case .number(let digits): number(digits: digits)
        case .bool(let flag): bool(flag)
        case .null: null()
        case .array(let elements): array(elements) { $0.value($1) }
        case .object(let members): object(Array(members))
        }
    }
}
