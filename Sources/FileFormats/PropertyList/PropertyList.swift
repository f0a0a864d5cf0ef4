import Diagnostics

/// A property list value as `PropertyListReader` reads it, each with the byte offsets where
/// its element starts (for diagnostics) and ends (for editors that change the file in place).
package struct PropertyList {
    package enum Value {
        case string(String)
        /// As written: `<integer>` may hold more digits than any Swift integer type.
        case integer(String)
        case real(String)
        case bool(Bool)
        /// As written (ISO 8601).
        case date(String)
        /// Base64 as written.
        case data(String)
        case array([PropertyList])
        /// In the order written; a key given twice is there twice (the last one wins).
        case dictionary([Member])
    }

    /// One key of a dictionary and its value.
    package struct Member {
        package var key: String
        /// Where its `<key>` element starts.
        package var keyOffset: Int
        package var value: PropertyList

        package init(key: String, keyOffset: Int, value: PropertyList) {
            self.key = key
            self.keyOffset = keyOffset
            self.value = value
        }
    }

    package var value: Value
    package var offset: Int
    /// The offset just past the element (its closing tag's `>`, or its own `/>`); 0 from the
    /// binary reader, whose objects have no place in text.
    package var end: Int

    package init(value: Value, offset: Int, end: Int = 0) {
        self.value = value
        self.offset = offset
        self.end = end
    }

    /// The string, for a `<string>`.
    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The members, for a `<dict>`.
    package var members: [Member]? {
        if case .dictionary(let members) = value { return members }
        return nil
    }

    /// What the value is, for messages: "a string", "an array", ….
    package var kindDescription: String {
        switch value {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}
