import AppTesting
import Foundation
import Testing
import TransferCore

/// `en-XA` exists to make hard-coded English stand out: every word the catalogs supply comes
/// out accented, so a plain ASCII word left on a screen must be data, a name or syntax.
@Suite("Pseudo-locales in the app")
struct PseudoLocaleAppTests {
    /// Words that are rightly left as they are: the command-line syntax a user types (command
    /// and option names, their placeholders) and the flavors' names and bundle ids.
    static let syntax: Set<String> = [
        "queue", "show", "about", "shell", "pause", "resume", "cancel", "lang", "remember", "width", "color", "auto",
        "always", "never", "localizations", "verbose", "version", "help", "add", "delete", "run", "move", "prioritize",
        "URL", "LANG", "FILE", "DIR", "COMMAND", "Light", "Regular", "Transfers", "com", "example", "transfers",
        "light",
    ]

    /// The words of the sample queue's titles: data, not text of the app.
    static func titleWords() throws -> Set<String> {
        let data = try Data(contentsOf: AppRunner.repository.sampleQueue)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let transfers = try #require(object["transfers"] as? [[String: Any]])
        return Set(transfers.compactMap { $0["title"] as? String }.flatMap(words))
    }

    /// Runs of three or more ASCII letters.
    static func words(_ text: String) -> [String] {
        text.split { !($0.isASCII && $0.isLetter) }.filter { $0.count >= 3 }.map(String.init)
    }

    @Test(
        "every screen of both flavors in en-XA leaves no unaccented English word",
        arguments: [
            (AppRunner.light, "Light"), (AppRunner.regular, "Regular"),
        ])
    func noPlainEnglish(build: FlavorBuild, flavor: String) throws {
        let allowed = Self.syntax.union(try Self.titleWords())
        for screen in AppSnapshotTests.screens {
            // Wide enough that no title is cut (a cut word is not a title word).
            let result = AppRunner.run(build, ["--lang", "en-XA", "--width", "400"] + screen.arguments)
            #expect(result.status == 0)
            let plain = Self.words(result.output).filter { !allowed.contains($0) }
            #expect(plain.isEmpty, "\(flavor) \(screen.name): \(plain)")
            #expect(result.output.contains("["), "\(flavor) \(screen.name) is not pseudo-localized")
        }
    }

    @Test("the check itself catches a plain English word")
    func checkerCatches() {
        #expect(Self.words("[Ţŕåñšƒéŕš ~~] Waiting 45%") == ["Waiting"])
    }
}
