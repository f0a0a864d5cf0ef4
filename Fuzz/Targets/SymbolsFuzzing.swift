import CatalogTools
import Foundation

/// Makes the Swift names `generate-symbols` gives a key and a table, from `data` as UTF-8.
/// An ASCII key's name is built from its bytes, in place: it must be the name the general
/// path gives the same key followed by a no-break space (a separator, which ends a word and
/// adds none), and an identifier no longer than the key and one `_`.
public func fuzzSymbols(_ data: Data) {
    let key = String(decoding: data, as: UTF8.self)
    let name = SymbolName.name(for: key)
    precondition(name?.isEmpty != true, "an empty name")
    _ = SymbolName.typeName(forTable: key)
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
