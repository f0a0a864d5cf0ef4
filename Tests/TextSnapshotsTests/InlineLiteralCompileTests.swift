import Foundation
import Testing
import TextEscaping

@testable import TextSnapshots

@Suite("Inline snapshots through the real compiler")
struct InlineLiteralCompileTests {
    /// Texts a literal must say exactly.
    static let hostileTexts = [
        "", "\n", "plain", "two\nlines\n", "back\\slash \\n \\(x) \\#(y) \\##", "\"\"\" and \"\"\"# and \"#",
        "ESC \u{1B}[31mred\u{1B}[0m DEL \u{7F} NUL \u{0}", "CR\rCRLF\r\nLF", "trailing  \nspaces \t\n   ",
        "\n\nblank lines\n\n\n", "naïve 日本語 e\u{301} 👩‍👩‍👧 \u{202E}bidi\u{202C} \u{2028}", "\t tab first",
        "no final line break", "#\"\"\"#\n\"\"\"##", "  \"\"\"\n  indented like a delimiter",
    ]

    /// A program whose `expectInlineSnapshot` prints each call's place and whether its
    /// literal is its text; the calls are spread as tests write them.
    static func program() -> String {
        var lines = [
            "func expectInlineSnapshot(",
            "    _ text: String, matches expected: String? = nil, line: Int = #line, column: Int = #column",
            ") {",
            "    let verdict = expected.map { $0.utf8.elementsEqual(text.utf8) ? \"match\" : \"differs\" } ?? \"missing\"",
            "    print(\"\\(line) \\(column) \\(verdict)\")",
            "}",
            "func group(_ body: () -> Void) { body() }",
            "group {",
        ]
        for (index, text) in hostileTexts.enumerated() {
            let literal = SwiftSource.literal(text)
            switch index % 3 {
            case 0: lines.append("    expectInlineSnapshot(\(literal))")
            case 1: lines.append("\tgroup { expectInlineSnapshot(\(literal), matches: \"old\") }")
            default:
                lines += ["    expectInlineSnapshot(", "        \(literal),", "        matches: #\"old\"#", "    )"]
            }
        }
        return (lines + ["}", ""]).joined(separator: "\n")
    }

    /// Compiles and runs `main.swift` in `folder`: one `(line, column, verdict)` per call.
    static func run(in folder: URL) throws -> [(line: Int, column: Int, verdict: String)] {
        let ran = try #require(
            try runTool("sh", ["-c", "swiftc -swift-version 6 main.swift -o main && ./main"], in: folder))
        #expect(ran.status == 0, "\(ran.output)")
        return ran.output.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (Int(parts[0]) ?? 0, Int(parts[1]) ?? 0, String(parts[2]))
        }
    }

    @Test(
        "recorded literals, compiled, are the texts byte for byte; nothing else in the file changes",
        arguments: ["\n", "\r\n"])
    func roundTrip(lineBreak: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        let original = Self.program().replacingOccurrences(of: "\n", with: lineBreak)
        try Data(original.utf8).write(to: file)
        let before = try Self.run(in: folder)
        try #require(before.count == Self.hostileTexts.count)
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        for (call, text) in zip(before, Self.hostileTexts) {
            let outcome = recorder.verify(
                text, expected: call.verdict == "missing" ? nil : "old",
                at: InlineSnapshotPlace(path: file.path, line: call.line, column: call.column),
                settings: SnapshotSettings(mode: .all, isCI: false))
            #expect(outcome.passed, "\(outcome.message)")
        }
        #expect(recorder.flush().isEmpty)
        let after = try Self.run(in: folder)
        #expect(after.map(\.verdict) == Array(repeating: "match", count: Self.hostileTexts.count))
        // Outside the literals, the file is what it was: take the literals out of both.
        let rewritten = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(Self.withoutLiterals(rewritten) == Self.withoutLiterals(original))
        #expect(
            rewritten.utf8.filter { $0 == UInt8(ascii: "\n") }.count == rewritten.components(separatedBy: lineBreak)
                .count - 1)
    }

    /// The source with each string literal token replaced by `L` and each inserted
    /// `, matches: ` argument's label dropped, so that only what is outside literals remains.
    static func withoutLiterals(_ source: String) -> String {
        let bytes = Array(source.utf8)
        var result = "", last = 0
        for token in SwiftTokenizer.tokens(of: bytes) where token.kind == .string {
            result += String(decoding: bytes[last..<token.range.lowerBound], as: UTF8.self) + "L"
            last = token.range.upperBound
        }
        result += String(decoding: bytes[last...], as: UTF8.self)
        return result.replacingOccurrences(of: "L, matches: L", with: "L")
    }
}
