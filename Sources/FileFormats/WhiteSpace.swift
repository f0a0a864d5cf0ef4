/// White space as Foundation's `CharacterSet.whitespaces` and `.whitespacesAndNewlines` define
/// it, for the readers and rule parsers that must trim as Foundation does without importing it.
package enum WhiteSpace {
    /// `CharacterSet.whitespaces`: spaces (general category Zs), the tab, and U+200B ZERO
    /// WIDTH SPACE, which CoreFoundation's table keeps from the Unicode versions where it was Zs.
    package static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without Unicode's tables: the space is its only Zs.
        guard !scalar.isASCII else { return scalar == " " || scalar == "\t" }
        return scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
    }

    /// `CharacterSet.whitespacesAndNewlines`: separators (Z*), U+0009 to U+000D, U+0085 and
    /// U+200B.
    package static func isSpaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: true
        default: scalar.value == 0x85 || scalar.value == 0x200B
        }
    }
}

extension StringProtocol {
    /// The text without the scalars `isTrimmed` accepts at either end.
    package func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex { !isTrimmed($0) }!
        // Nothing to trim (a plist's number, most often): the text as it is.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return String(self) }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }
}
