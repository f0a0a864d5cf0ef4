import AppTesting
import Foundation
import Testing
import TextSnapshotsTesting

/// The built executables, run as a user runs them.
@Suite("Built executables")
struct BinaryTests {
    @Test("printf 'queue\\nlang ja\\nlang ar\\n' | Regular shell: three languages from one process")
    func shellSwitchesLanguage() throws {
        let regular = try #require(AppRunner.binary("Regular"), "build the Regular product first")
        let shell = try AppRunner.runBinary(regular, ["shell"], input: "queue\nlang ja\nlang ar\n")
        #expect(shell.status == 0)
        #expect(shell.errors.isEmpty)
        var separate = ""
        for language in ["C", "ja", "ar"] {
            separate += try AppRunner.runBinary(regular, [], environment: ["LANG": language]).output
        }
        #expect(shell.output == separate)
    }

    @Test(
        "the environment and --lang choose the language of a real process",
        arguments: [
            ("Light", ["--lang", "es"], [:], "Transferencias Light: cola de transferencias"),
            ("Light", [], ["LANG": "de_DE.UTF-8"], "Übertragungen Light: Warteschlange"),
            ("Regular", [], ["LANGUAGE": "xx:ja"], "転送：転送キュー"),
        ] as [(String, [String], [String: String], String)])
    func language(product: String, arguments: [String], environment: [String: String], heading: String) throws {
        let binary = try #require(AppRunner.binary(product))
        let result = try AppRunner.runBinary(binary, arguments, environment: environment)
        #expect(result.output.hasPrefix(heading + "\n"))
    }

    @Test("Light's binary refuses Regular's commands with status 64")
    func lightRefuses() throws {
        let light = try #require(AppRunner.binary("Light"))
        let result = try AppRunner.runBinary(light, ["pause", "d1"], environment: ["LANG": "C"])
        #expect(result.status == 64)
        expectInlineSnapshot(
            result.errors,
            matches: """
                error: pause is not available in Transfers Light.

                """)
    }
}
