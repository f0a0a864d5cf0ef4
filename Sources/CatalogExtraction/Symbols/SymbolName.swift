import Localization
import TextEscaping

/// The Swift name Xcode's generated symbols give a String Catalog key, which
/// `generate-symbols` gives every key too: format specifiers left out, words split at spaces
/// and punctuation (an apostrophe joins), an all-capital word capitalized (`JSON` → `Json`),
/// every later word's first letter made a capital, and the first word's leading capitals
/// made small. `queue.empty` → `queueEmpty`, `ALPS_DESCRIPTION` → `alpsDescription`,
/// `%lld MiB` → `miB`, `CFBundleName` → `cfbundleName`, `2023_TRIP` → `_2023Trip`.
public enum SymbolName {
    /// The name for `key`; nil when it has no letter or digit outside its specifiers. Always
    /// an identifier Swift accepts (in backticks when it is a keyword: `SwiftSource.identifier`).
    public static func name(for key: String) -> String? {
        // Most keys are ASCII: read as they are stored, the name built as bytes.
        let ascii = key.utf8.withContiguousStorageIfAvailable { bytes -> String?? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Written straight into the name's storage (one byte more for a leading `_`).
            let name = String(unsafeUninitializedCapacity: bytes.count + 1) { name in
                let skipped = bytes.contains(UInt8(ascii: "%")) ? specifiers(in: key) : []
                var end = asciiName(bytes, skipping: skipped, into: name)
                if end > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(name[0]) {
                    (name.baseAddress! + 1).update(from: name.baseAddress!, count: end)
                    name[0] = UInt8(ascii: "_")
                    end += 1
                }
                return end
            }
            return name.isEmpty ? .some(nil) : name
        }
        if let ascii = ascii ?? nil { return ascii }
        return scalarName(for: key)
    }

    /// `name(for:)` by Unicode scalars, for any key (the ASCII one's result is the same: a test
    /// compares the two).
    package static func scalarName(for key: String) -> String? {
        var name = String.UnicodeScalarView()
        let scalars = Array(key.unicodeScalars)
        build(scalars, skipping: key.utf8.contains(UInt8(ascii: "%")) ? specifiers(in: key, scalars: scalars) : []) {
            name.append($0)
        }
        guard let start = name.first else { return nil }
        // A digit or a combining mark (U+0345) cannot start an identifier.
        if !SwiftSource.isIdentifierHead(start) { name.insert("_", at: name.startIndex) }
        // A letter's case mapping is letters too; checked all the same, as the compiler would.
        let result = String(name)
        return SwiftSource.isIdentifier(result) ? result : nil
    }

    /// Where `key`'s format specifiers, plural variables and `%%` are, as `FormatScanner`
    /// (the one grammar) reads them: ranges of UTF-8 bytes, or of `scalars` when given.
    private static func specifiers(in key: String, scalars: [Unicode.Scalar]? = nil) -> [Range<Int>] {
        let tokens = FormatScanner.tokens(in: key).map(\.token).filter {
            if case .literal = $0.kind { false } else { true }
        }
        guard let scalars else { return tokens.map(\.range) }
        // Each scalar's first byte, to turn byte offsets into scalar indices.
        var starts: [Int: Int] = [:]
        var offset = 0
        for (index, scalar) in scalars.enumerated() {
            starts[offset] = index
            offset += UTF8.width(scalar)
        }
        starts[offset] = scalars.count
        return tokens.compactMap { token in
            starts[token.range.lowerBound].flatMap { start in starts[token.range.upperBound].map { start..<$0 } }
        }
    }

    /// The name's scalars for the key's `scalars`, each given to `append` in turn; the
    /// `skipping` ranges (its specifiers) make no word.
    private static func build<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        _ scalars: Scalars, skipping specifiers: [Range<Int>], _ append: (Unicode.Scalar) -> Void
    ) where Scalars.Index == Int {
        var first = true
        for word in words(in: scalars, skipping: specifiers) {
            // A word of capitals (and digits) with at least two capitals is capitalized: `JSON` → `Json`.
            var letters = 0, shouting = true
            for scalar in scalars[word] where isLetter(scalar) {
                letters += 1
                shouting = shouting && isUppercase(scalar)
            }
            shouting = shouting && letters > 1
            // The first word's leading capitals are made small (`CFBundle` → `cfbundle`,
            // `MiB` → `miB`); a later word starts with a capital.
            var leading = first
            for (offset, scalar) in scalars[word].lazy.filter({ !isApostrophe($0) }).enumerated() {
                leading = leading && isUppercase(scalar)
                if leading || (shouting && offset > 0) {
                    appendLowercased(scalar, to: append)
                } else if offset == 0 && !first {
                    appendUppercased(scalar, to: append)
                } else {
                    append(scalar)
                }
            }
            first = false
        }
    }

    /// `build` over ASCII bytes, written into `name` (as long as `bytes` at least): the same
    /// words, capitals and small letters, without a scalar, a closure call or a list of words
    /// per key (`generate-symbols` names every key of a catalog). Returns the name's length.
    private static func asciiName(
        _ bytes: UnsafeBufferPointer<UInt8>, skipping specifiers: [Range<Int>],
        into name: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
        func isUppercase(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let apostrophe = UInt8(ascii: "'")
        var end = 0, first = true, start = 0
        // The text between two specifiers (or the key's ends), one stretch after another.
        for specifier in 0...specifiers.count {
            let stop = specifier < specifiers.count ? specifiers[specifier].lowerBound : bytes.count
            var index = start
            while index < stop {
                guard isLetter(bytes[index]) || isDigit(bytes[index]) else {
                    index += 1
                    continue
                }
                // A word: letters and digits, an apostrophe inside it joining; counted as read.
                let wordStart = index
                var letters = 0, capitals = 0
                while index < stop {
                    let byte = bytes[index]
                    if isLetter(byte) {
                        letters += 1
                        if isUppercase(byte) { capitals += 1 }
                    } else if !isDigit(byte) && byte != apostrophe {
                        break
                    }
                    index += 1
                }
                let shouting = letters > 1 && capitals == letters
                var leading = first, offset = 0
                for position in wordStart..<index where bytes[position] != apostrophe {
                    let byte = bytes[position]
                    leading = leading && isUppercase(byte)
                    if leading || (shouting && offset > 0) {
                        name[end] = isUppercase(byte) ? byte | 0x20 : byte
                    } else if offset == 0 && !first {
                        name[end] = (0x61...0x7A).contains(byte) ? byte & ~0x20 : byte
                    } else {
                        name[end] = byte
                    }
                    end += 1
                    offset += 1
                }
                first = false
            }
            if specifier < specifiers.count { start = max(stop + 1, specifiers[specifier].upperBound) }
        }
        return end
    }

    /// The words of `key` outside its format specifiers (`specifiers`, sorted): runs of
    /// letters and digits (an apostrophe inside joins: `Snap’s` → `Snaps`), split at anything else.
    private static func words<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        in key: Scalars, skipping specifiers: [Range<Int>] = []
    ) -> [Range<Int>] where Scalars.Index == Int {
        var words: [Range<Int>] = []
        var start: Int?
        var index = 0
        var next = 0
        while index < key.count {
            if next < specifiers.count, specifiers[next].lowerBound == index {
                if let wordStart = start {
                    words.append(wordStart..<index)
                    start = nil
                }
                index = max(index + 1, specifiers[next].upperBound)
                next += 1
                continue
            }
            let scalar = key[index]
            if isWordScalar(scalar) || (start != nil && isApostrophe(scalar)) {
                start = start ?? index
                index += 1
                continue
            }
            if let wordStart = start {
                words.append(wordStart..<index)
                start = nil
            }
            index += 1
        }
        if let wordStart = start { words.append(wordStart..<key.count) }
        return words
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool { scalar == "'" || scalar == "\u{2019}" }

    private static func appendLowercased(_ scalar: Unicode.Scalar, to append: (Unicode.Scalar) -> Void) {
        guard scalar.isASCII else { return scalar.properties.lowercaseMapping.unicodeScalars.forEach(append) }
        append(isUppercase(scalar) ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
    }

    private static func appendUppercased(_ scalar: Unicode.Scalar, to append: (Unicode.Scalar) -> Void) {
        guard scalar.isASCII else { return scalar.properties.uppercaseMapping.unicodeScalars.forEach(append) }
        append((0x61...0x7A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) & ~0x20) : scalar)
    }

    /// A type name for a table (`Errors`, `InfoPlist`): the table's own name when it is an
    /// identifier, else its words joined with each first letter a capital.
    public static func typeName(forTable table: String) -> String? {
        if isIdentifier(table) { return table }
        let scalars = Array(table.unicodeScalars)
        var name = String.UnicodeScalarView()
        for word in words(in: scalars) {
            for (offset, scalar) in scalars[word].lazy.filter({ !isApostrophe($0) }).enumerated() {
                if offset == 0 { appendUppercased(scalar) { name.append($0) } } else { name.append(scalar) }
            }
        }
        guard !name.isEmpty else { return nil }
        let typeName = String(name)
        if isIdentifier(typeName) { return typeName }
        return SwiftSource.isIdentifier("_" + typeName) ? "_" + typeName : nil
    }

    /// Whether `name` is written as a Swift identifier as it is, of letters, digits and `_`
    /// only (no zero-width or direction characters, which Swift would take).
    static func isIdentifier(_ name: String) -> Bool {
        SwiftSource.isIdentifier(name) && name.unicodeScalars.allSatisfy { $0 == "_" || isWordScalar($0) }
    }

    /// Names no static member can have, even in backticks.
    private static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol"]

    /// Whether no static member can be named `name`.
    static func isUnusable(_ name: String) -> Bool {
        name.utf8.count <= 9 && unusable.contains(name)
    }

    /// Whether `scalar` belongs to a word: an ASCII letter or digit, or a letter of any script
    /// that Swift takes in an identifier (U+2E2F, a letter Swift reads as an operator, is not).
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else {
            return scalar.properties.isAlphabetic && SwiftSource.isIdentifierCharacter(scalar)
        }
        let value = scalar.value | 0x20
        return (0x61...0x7A).contains(value) || ("0"..."9").contains(scalar)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x61...0x7A).contains(scalar.value | 0x20) : scalar.properties.isAlphabetic
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x41...0x5A).contains(scalar.value) : scalar.properties.isUppercase
    }
}
