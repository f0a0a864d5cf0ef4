import AppTesting
import Commands
import Foundation
import TerminalText
import Testing
import TransferCore

/// No line of any screen is wider than the width it was given, whatever the flavor, the
/// language (pseudo-locales included) or the width: every width from 20 to 100 columns, where
/// the screens change their layout, and every fourth to 200.
@Suite("Screens fit the width")
struct ScreenWidthTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let flavor: String
        let locale: String
        var testDescription: String { "\(flavor)/\(locale)" }
    }

    static let cases = AppSnapshotTests.flavors.keys.sorted().flatMap { flavor in
        AppSnapshotTests.locales.map { Case(flavor: flavor, locale: $0) }
    }

    /// The widths tried.
    static let widths = Array(20...100) + Array(stride(from: 104, through: 200, by: 4))

    @Test("every screen at every width from 20 to 100, and every fourth to 200", arguments: cases)
    func everyWidth(_ screenCase: Case) throws {
        let build = try #require(AppSnapshotTests.flavors[screenCase.flavor])
        var context = try TransferApp.makeContext(
            build, lang: screenCase.locale, localizations: nil, environment: [:])
        let queue = try QueueFile.load(context.resources.sampleQueue)
        let d1 = try #require(context.visible(queue)[id: "d1"])
        for width in Self.widths {
            context.width = width
            let screens = [
                ("queue", QueueScreen.render(queue, context: context)),
                ("show-d1", TransferScreen.render(d1, context: context)),
                ("about", AboutScreen.render(context: context)),
                ("help", try HelpScreen.render([], context: context)),
                ("help show", try HelpScreen.render(["show"], context: context)),
                (
                    "run-retry",
                    RunScreen.render(
                        queue,
                        event: RunScreen.retry(
                            d1, reason: "connection dropped after 1.29 GB of 2.86 GB", attempt: 1, of: 3, delay: 0.25,
                            context: context), context: context)
                ),
            ]
            for (name, output) in screens {
                let wide = output.split(separator: "\n").filter { DisplayColumns.width($0) > width }
                #expect(wide.isEmpty, "\(screenCase) \(name) at \(width): \(wide)")
            }
        }
    }

    @Test("--width, then COLUMNS, then the terminal, then 80")
    func widthSources() {
        func lines(_ arguments: [String], _ environment: [String: String]) -> [Substring] {
            AppRunner.run(AppRunner.regular, arguments + ["--lang", "en"], environment: environment)
                .output.split(separator: "\n")
        }
        #expect(lines(["--width", "40"], ["COLUMNS": "132"]).allSatisfy { DisplayColumns.width($0) <= 40 })
        #expect(lines([], ["COLUMNS": "50"]).allSatisfy { DisplayColumns.width($0) <= 50 })
        #expect(lines([], ["COLUMNS": "50"]).contains { $0.hasPrefix("d1  Ocean Documentary (4K)") })
        #expect(lines([], ["COLUMNS": "132"]).contains { $0.hasPrefix("d1  Download  In progress") })
        final class Output: @unchecked Sendable { var text = "" }
        let output = Output()
        let console = Console(
            write: { output.text += $0 }, writeError: { _ in }, readLine: { nil }, isInteractive: false,
            terminalWidth: { 33 })
        #expect(
            TransferApp.run(AppRunner.regular, arguments: ["--lang", "en"], environment: [:], console: console) == 0)
        #expect(output.text.split(separator: "\n").allSatisfy { DisplayColumns.width($0) <= 33 })
        #expect(output.text.split(separator: "\n").contains { DisplayColumns.width($0) > 30 })
        let narrow = AppRunner.run(AppRunner.regular, ["--width", "19"])
        #expect(narrow.status == 64)
        #expect(narrow.errors.contains("'19'"))
    }

    @Test("a title is cut at a character boundary, and its control and bidi characters are shown, not obeyed")
    func untrustedTitles() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = folder.appendingPathComponent("queue.json")
        let titles = ["👩‍👩‍👧‍👦 Family 🇫🇷 trip é̃ and more words", "\u{1B}[2Jclear\u{202E}evil", "日本語のとても長いタイトルです"]
        let transfers = titles.enumerated().map { index, title in
            [
                "id": "d\(index)", "title": title, "kind": "download", "state": "pending", "bytesDone": 0,
                "bytesTotal": 10,
            ]
                as [String: Any]
        }
        try JSONSerialization.data(withJSONObject: ["transfers": transfers]).write(to: queue)
        let wide = AppRunner.run(AppRunner.light, ["--queue", queue.path, "--lang", "en", "--width", "132"]).output
        #expect(!wide.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(wide.contains("\\u{1B}[2Jclear\\u{202E}evil"))
        for width in [20, 40, 80] {
            let output = AppRunner.run(AppRunner.light, ["--queue", queue.path, "--lang", "en", "--width", "\(width)"])
            for line in output.output.split(separator: "\n") { #expect(DisplayColumns.width(line) <= width) }
        }
        #expect(DisplayColumns.truncate("👩‍👩‍👧‍👦 Family", to: 4) == "👩‍👩‍👧‍👦 …")
        #expect(DisplayColumns.truncate("日本語のタイトル", to: 6) == "日本…")
        #expect(DisplayColumns.truncate("\u{2068}مرحبا بالعالم\u{2069}", to: 4) == "\u{2068}مرح…\u{2069}")
    }

    @Test("colour follows whether output is a terminal, also one that reports no width")
    func colourOnAnyTerminal() throws {
        final class Output: @unchecked Sendable { var text = "" }
        for (isTerminal, coloured) in [(true, true), (false, false)] {
            let output = Output()
            let console = Console(
                write: { output.text += $0 }, writeError: { _ in }, readLine: { nil }, isInteractive: false,
                terminalWidth: { nil }, isTerminal: isTerminal)
            #expect(
                TransferApp.run(AppRunner.regular, arguments: ["--lang", "en"], environment: [:], console: console) == 0
            )
            #expect(output.text.contains("\u{1B}[") == coloured, "terminal: \(isTerminal)")
        }
    }
}
