import Testing

@Suite("flavorkit plural")
struct PluralCommandTests {
    @Test(
        "prints the CLDR category of each number, one per line",
        arguments: [
            (["ru", "21"], "one\n"),
            (["ar", "0"], "zero\n"),
            (["fr", "1.5"], "one\n"),
            (["ru", "1", "2", "5", "11", "21", "1.5"], "one\nfew\nmany\nmany\none\nother\n"),
            (["ar", "0", "1", "2", "3", "11", "100"], "zero\none\ntwo\nfew\nmany\nother\n"),
            (["en", "1", "1.0", "1.50"], "one\nother\nother\n"),
            (["en", "--ordinal", "1", "2", "3", "4", "11", "21"], "one\ntwo\nfew\nother\nother\none\n"),
            (["fr", "1000000", "1c6", "1.2c6"], "many\nmany\nmany\n"),
            (["tlh", "1"], "other\n"),
        ])
    func categories(arguments: [String], expected: String) throws {
        let result = try ToolRunner.run(["plural"] + arguments)
        #expect(result.status == 0)
        #expect(result.output == expected)
        #expect(result.errors.isEmpty)
    }

    @Test("--verbose shows the operands as written and the language's categories")
    func verbose() throws {
        let result = try ToolRunner.run(["plural", "--verbose", "en", "1.50"])
        #expect(result.status == 0)
        #expect(result.output == "1.50: other (n=1.5 i=1 v=2 w=1 f=50 t=5 e=0)\ncategories in en: one, other\n")
    }

    @Test(
        "bad arguments are usage errors with exit status 64",
        arguments: [
            (["ru"], "missing NUMBER… (usage: flavorkit [options] plural [--ordinal] [--verbose] LANG NUMBER…)"),
            (["ru", "twelve"], "'twelve' is not a number"),
            (["ru", "1", "--plain"], "unknown option '--plain'"),
            (["../x", "1"], "'../x' is not a language tag"),
            (
                ["de-toolongsubtag", "1"],
                "'de-toolongsubtag' is not a language tag: subtag 'toolongsubtag' is longer than 8 characters"
            ),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try ToolRunner.run(["plural"] + arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("error: \(message)"))
        #expect(result.errors.contains("usage: flavorkit"))
    }
}
