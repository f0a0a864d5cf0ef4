import Diagnostics
import Flavors
import Foundation
import Localization

/// Finds the catalog keys Swift sources use, by the project's one convention: a key is
/// written as a string literal right after a key call, `text(` unless the package names its
/// own (`PackageLayout.keyCalls`, from `flavorkit.json`), white space allowed
/// (`text("queue.empty")`, `text("summary.total", .int(count))`, `localizer.text("…")`,
/// `Summary.text("…")`, also inside a string interpolation). A call matches where its name
/// starts a word: `text(` matches `flavor.text(` but not `subtext(`. Comments and the text of
/// other string literals are skipped, so documentation that quotes the convention does not
/// count; a key built at run time (`text(name)`) is invisible, so write keys out in full.
public enum KeyUseScanner {
    /// A literal key at a call, and where it is.
    public struct KeyUse: Sendable, Hashable {
        /// The key, unescaped.
        public var key: String
        /// The key's opening quote.
        public var location: SourceLocation
    }

    /// Every `.swift` file under `folder`, recursively, in path order; `calls` are the names
    /// of the calls that take a key (`text`, `L10n.tr`).
    public static func scan(folder: URL, calls: [String] = PackageLayout.defaultKeyCalls) -> [KeyUse] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" { files.append(url) }
        return files.sorted { $0.path < $1.path }.flatMap { url in
            (try? Data(contentsOf: url)).map { scan(Array($0), path: url.path, calls: calls) } ?? []
        }
    }

    /// The uses in one file's bytes.
    public static func scan(_ bytes: [UInt8], path: String, calls: [String] = PackageLayout.defaultKeyCalls)
        -> [KeyUse]
    {
        var lexer = Lexer(bytes: bytes, path: path, calls: calls)
        lexer.scanCode(insideInterpolation: false)
        return lexer.uses
    }

    /// A small Swift lexer: code, comments (nested), string literals (single-line,
    /// multi-line, raw with `#`), and code again inside `\(…)`.
    private struct Lexer {
        let bytes: [UInt8]
        let path: String
        var index = 0, line = 1, lineStart = 0
        var uses: [KeyUse] = []
        /// Each call's name followed by `(`, as bytes.
        let calls: [[UInt8]]
        /// Whether a call starts with this byte, by byte value.
        let startsCall: [Bool]

        init(bytes: [UInt8], path: String, calls: [String]) {
            self.bytes = bytes
            self.path = path
            self.calls = calls.map { Array(($0 + "(").utf8) }
            var starts = [Bool](repeating: false, count: 256)
            for call in self.calls { starts[Int(call[0])] = true }
            startsCall = starts
        }

        /// The length of the call (name and `(`) that starts a word here, if any.
        func callLength() -> Int? {
            guard startsCall[Int(bytes[index])], !Self.isIdentifier(at(index - 1)) else { return nil }
            return calls.first { bytes[index...].starts(with: $0) }?.count
        }

        func at(_ offset: Int) -> UInt8 { bytes.indices.contains(offset) ? bytes[offset] : 0 }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }

        /// Code until the end, or past the `)` closing an interpolation.
        mutating func scanCode(insideInterpolation: Bool) {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "("):
                    depth += 1
                    index += 1
                case UInt8(ascii: ")"):
                    index += 1
                    if insideInterpolation, depth == 0 { return }
                    depth -= 1
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "\""):
                    _ = scanString()
                case UInt8(ascii: "#") where startsString():
                    _ = scanString()
                default:
                    guard let length = callLength() else {
                        advance()
                        continue
                    }
                    index += length
                    depth += 1
                    // The key may start on the next line, as a formatter breaks long calls.
                    while [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
                        .contains(at(index))
                    {
                        advance()
                    }
                    guard at(index) == UInt8(ascii: "\"") else { continue }
                    let quote = (line, index - lineStart + 1)
                    if let key = scanString() {
                        uses.append(
                            KeyUse(key: key, location: SourceLocation(path: path, line: quote.0, column: quote.1)))
                    }
                }
            }
        }

        /// Whether a string literal starts here: `"`, or `#…"` (a raw string).
        func startsString() -> Bool {
            var cursor = index
            while at(cursor) == UInt8(ascii: "#") { cursor += 1 }
            return at(cursor) == UInt8(ascii: "\"")
        }

        mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if at(index) == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if at(index) == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                } else {
                    advance()
                }
            } while depth > 0 && index < bytes.count
        }

        /// Skips a string literal; returns its text when it is plain (one line, no escape,
        /// no interpolation), as a key must be.
        mutating func scanString() -> String? {
            var hashes = 0
            while at(index) == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            let multiline = at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            let start = index
            var plain = !multiline && hashes == 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), hasHashes(hashes, from: index + 1) {
                    plain = false
                    index += 1 + hashes
                    if at(index) == UInt8(ascii: "(") {
                        index += 1
                        scanCode(insideInterpolation: true)
                    } else if index < bytes.count {
                        advance()
                    }
                    continue
                }
                if byte == UInt8(ascii: "\n"), !multiline { return nil }
                if byte == UInt8(ascii: "\""),
                    !multiline || (at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")),
                    hasHashes(hashes, from: index + (multiline ? 3 : 1))
                {
                    let end = index
                    index += (multiline ? 3 : 1) + hashes
                    return plain ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
                }
                advance()
            }
            return nil
        }

        func hasHashes(_ count: Int, from position: Int) -> Bool {
            (0..<count).allSatisfy { at(position + $0) == UInt8(ascii: "#") }
        }

        static func isIdentifier(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte >= 0x80
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
