import CatalogExtraction
import Foundation
import TextEscaping

/// Makes the Swift names `generate-symbols` gives a key and a table, and the literal and
/// comment it writes of them, from `data` as UTF-8. Every name is an identifier Swift's lexer
/// takes; a literal is one line that says exactly the text; a comment is one line. An ASCII
/// key's name is built from its bytes, in place: it must be the name the general path gives
/// the same key followed by a no-break space (a separator, which ends a word and adds none),
/// and an identifier no longer than the key and one `_`.
public func fuzzSymbols(_ data: Data) {
    let key = String(decoding: data, as: UTF8.self)
    let name = SymbolName.name(for: key)
    precondition(name.map { SwiftSource.isIdentifier($0) } != false, "a name Swift does not take")
    let typeName = SymbolName.typeName(forTable: key)
    precondition(typeName.map { SwiftSource.isIdentifier($0) } != false, "a type name Swift does not take")
    for written in [SwiftSource.literal(key), SwiftSource.comment(key)] {
        precondition(!written.unicodeScalars.contains(where: Escaper.isHiddenInSwift), "a hidden character written")
    }
    precondition(unescaped(SwiftSource.literal(key)) == key, "a literal that does not say its text")
    guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return }
    precondition(SymbolName.name(for: key + "\u{A0}") == name, "the ASCII and general paths name a key differently")
    guard let name else { return }
    let bytes = Array(name.utf8)
    precondition(bytes.count <= key.utf8.count + 1, "a name longer than its key and a `_`")
    precondition(!(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]), "a name that starts with a digit")
    precondition(
        bytes.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }, "a name that is not an identifier")
}

/// What a literal `SwiftSource.literal` wrote says: its escapes undone.
private func unescaped(_ literal: String) -> String {
    var scalars = Array(literal.unicodeScalars.dropFirst().dropLast())[...]
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
        guard scalar == "\\", let next = scalars.popFirst() else {
            result.append(scalar)
            continue
        }
        switch next {
        case "n": result.append("\n")
        case "r": result.append("\r")
        case "t": result.append("\t")
        case "u":
            let digits = scalars.dropFirst().prefix { $0 != "}" }
            scalars = scalars.dropFirst(digits.count + 2)
            result.append(Unicode.Scalar(UInt32(String(String.UnicodeScalarView(digits)), radix: 16)!)!)
        default: result.append(next)
        }
    }
    return String(result)
}
