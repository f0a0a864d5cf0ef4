import Diagnostics
import Foundation
import Localization
import TestSupport
import Testing

/// `.strings` inputs made up and mutated at random, read by `StringsParser` and by
/// `PropertyListSerialization` on this machine: both must accept or both reject, and agree on
/// every key and value, except for the named deliberate differences (README, "Where we differ
/// from CoreFoundation on purpose").
///
/// CI runs `StringsDifferential.ciCases` cases; set `FLAVORKIT_DIFFERENTIAL_CASES` (say to
/// 1000000) for a long local run, and `FLAVORKIT_DIFFERENTIAL_SEED` to start elsewhere.
@Suite("Strings reader against PropertyListSerialization, on generated and mutated input")
struct StringsDifferentialTests {
    @Test("accept/reject and every key and value agree, but for the named differences")
    func differential() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["FLAVORKIT_DIFFERENTIAL_CASES"].flatMap(Int.init) ?? StringsDifferential.ciCases
        let seed = environment["FLAVORKIT_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 1
        var generator = SeededGenerator(seed: seed)
        var compared = 0, excused: [StringsDifferential.Exception: Int] = [:]
        var failures: [String] = []
        for index in 0..<count {
            let text = StringsDifferential.text(using: &generator)
            let data = StringsDifferential.encode(text, using: &generator)
            switch StringsDifferential.compare(data) {
            case .agree: compared += 1
            case .excused(let exception): excused[exception, default: 0] += 1
            case .disagree(let what):
                if failures.count < 5 {
                    failures.append(
                        "case \(index) (seed \(seed)): \(what)\n  bytes: \(data.map { String(format: "%02X", $0) }.joined(separator: " "))"
                    )
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > count / 2, "too few cases compared: \(compared) of \(count), excused \(excused)")
    }

    @Test("each deliberate difference is what it says", arguments: StringsDifferential.Exception.allCases)
    func exceptions(_ exception: StringsDifferential.Exception) {
        #expect(StringsDifferential.compare(Data(exception.example.utf8)) == .excused(exception))
    }

    @Test(
        "whitespace between tokens is CoreFoundation's: 0x09–0x0D, space, U+2028 and U+2029, nothing else",
        arguments: [
            ("\u{2028}", true), ("\u{2029}", true), ("\u{0B}", true), ("\u{0C}", true), ("\u{A0}", false),
            ("\u{3000}", false), ("\u{85}", false), ("\u{FEFF}", false), ("\u{200B}", false), ("\u{1680}", false),
        ])
    func whitespace(character: String, isSpace: Bool) throws {
        let text = "\"a\"\(character)=\(character)\"b\";\(character)"
        #expect(StringsDifferential.compare(Data(text.utf8)) == .agree)
        #expect(((try? StringsParser.parse(text, path: "w")) != nil) == isSpace)
    }

    @Test(
        "a // comment ends at a newline, a carriage return, U+2028 or U+2029",
        arguments: ["\n", "\r", "\u{2028}", "\u{2029}"])
    func lineComment(end: String) throws {
        let text = "// note\(end)\"a\" = \"b\";"
        #expect(try StringsParser.parse(text, path: "c").dictionary == ["a": "b"])
        #expect(StringsDifferential.compare(Data(text.utf8)) == .agree)
    }
}

/// The generator, the encodings and the comparison of `StringsDifferentialTests`.
enum StringsDifferential {
    static let ciCases = 3_000

    /// Where we differ from CoreFoundation on purpose (README lists them).
    enum Exception: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Foundation stops at a stray `;`, `}` or other junk after an entry and keeps what it
        /// had read (or reads the rest as something else); we report the line and column.
        case silentTruncation
        /// A file with no entries (empty, a byte-order mark, only whitespace and comments):
        /// `PropertyListSerialization` fails, CoreFoundation's bundle lookup then uses an
        /// empty table; we read an empty table.
        case noEntries
        /// UTF-16 without a byte-order mark: Foundation reads its bytes as 8-bit text with NULs,
        /// fails or returns what it made of them before stopping; we say what the file is.
        case utf16WithoutBOM
        /// Foundation reads old-style property lists that are not string tables (arrays,
        /// nested dictionaries, `<data>`); a `.strings` file must hold strings.
        case nonStringValue

        var testDescription: String { rawValue }

        /// An input showing the difference.
        var example: String {
            switch self {
            case .silentTruncation: return "\"a\" = \"b\";;"
            case .nonStringValue: return "\"a\" = (\"b\", \"c\");"
            case .noEntries: return ""
            case .utf16WithoutBOM: return "\u{0A}\u{0}/\u{0}/\u{0}\u{0A}\u{0}"
            }
        }
    }

    enum Outcome: Equatable {
        case agree
        case excused(Exception)
        case disagree(String)
    }

    /// Reads `data` both ways and says whether they agree.
    static func compare(_ data: Data) -> Outcome {
        let ours = Result { () throws(Diagnostic) in try StringsParser.parse(data, path: "d.strings").dictionary }
        let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let theirs = object as? [String: Any]
        switch ours {
        case .success(let dictionary):
            guard let theirs else {
                return dictionary.isEmpty ? .excused(.noEntries) : .disagree("we read \(dictionary), Foundation fails")
            }
            guard let strings = theirs as? [String: String] else { return .disagree("Foundation reads non-strings") }
            return strings == dictionary ? .agree : .disagree("we read \(dictionary), Foundation \(strings)")
        case .failure(let error):
            guard let theirs else { return .agree }
            if !(theirs is [String: String]) { return .excused(.nonStringValue) }
            if error.message.hasPrefix("the file looks like UTF-16") { return .excused(.utf16WithoutBOM) }
            if theirs is [String: String] { return .excused(.silentTruncation) }
            return .disagree("we fail (\(error)), Foundation reads \(theirs)")
        }
    }

    /// Characters between tokens: every kind of whitespace Unicode knows, and some that are not.
    static let spaces = [
        " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{2028}", "\u{2029}", "\u{A0}", "\u{85}", "\u{1680}",
        "\u{2000}", "\u{2009}", "\u{200A}", "\u{200B}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{FEFF}", "\u{180E}",
    ]
    static let comments = ["/* c */", "/**/", "/* a\nb */", "// line\n", "//\n", "/* * / */", "// é\u{2028}"]
    static let unquoted = ["a", "key.name", "x_1", "$v", "path/to:it", "-9", "A.b-c"]
    static let pieces = [
        "a", "é", "日本", "😀", " ", "%@", "%1$@", "\\n", "\\t", "\\\"", "\\'", "\\\\", "\\U00e9", "\\UD83D\\UDE00",
        "\\U20AC", "\\101", "\\351", "\\q", "\\\n", "\n", "'", "\"", "\u{2028}", "\u{A0}", "\\a", "\\U", "\\0",
    ]

    static func text(using generator: inout SeededGenerator) -> String {
        func pick(_ list: [String]) -> String { list.randomElement(using: &generator)! }
        func trivia() -> String {
            (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0 ? pick(comments) : pick(spaces)
            }.joined()
        }
        func token() -> String {
            if Int.random(in: 0..<4, using: &generator) == 0 { return pick(unquoted) }
            let quote = Int.random(in: 0..<5, using: &generator) == 0 ? "'" : "\""
            let body = (0..<Int.random(in: 0...4, using: &generator)).map { _ in pick(pieces) }
                .filter { $0 != quote }.joined()
            return quote + body + quote
        }
        var text = trivia()
        let braced = Int.random(in: 0..<8, using: &generator) == 0
        if braced { text += "{" + trivia() }
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            text += token() + trivia()
            if Int.random(in: 0..<6, using: &generator) != 0 { text += "=" + trivia() + token() + trivia() }
            text += ";" + trivia()
        }
        if braced { text += "}" + trivia() }
        // Mutations: a character dropped, doubled or inserted.
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 0...2, using: &generator) where Int.random(in: 0..<3, using: &generator) == 0 {
            let position = Int.random(in: 0...scalars.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where position < scalars.count: scalars.remove(at: position)
            case 1 where position < scalars.count: scalars.insert(scalars[position], at: position)
            default:
                let inserted = pick([";", "=", "\"", "'", "/", "*", "{", "}", "\\", "#", "\u{0}", "\u{2028}", "(", "<"])
                scalars.insert(contentsOf: inserted.unicodeScalars, at: position)
            }
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// The text as UTF-8 or UTF-16 (either order), with or without a byte-order mark.
    static func encode(_ text: String, using generator: inout SeededGenerator) -> Data {
        let withBOM = Bool.random(using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0, 1:
            return (withBOM ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(text.utf8)
        default:
            let bigEndian = Bool.random(using: &generator)
            var data = withBOM ? Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : Data()
            for unit in text.utf16 {
                let bytes = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                data.append(contentsOf: bigEndian ? bytes : bytes.reversed())
            }
            return data
        }
    }
}
