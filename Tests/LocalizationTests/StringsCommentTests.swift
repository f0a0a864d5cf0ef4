import FileFormats
import Foundation
import Localization
import TestSupport
import Testing

/// Comments are kept as bytes while a `.strings` file is read and made into text when asked
/// for: the text must be what it always was, the comment's scalars without the white space
/// `WhiteSpace.isSpaceOrNewline` accepts at either end.
@Suite("Strings comments")
struct StringsCommentTests {
    static func comments(_ text: String) throws -> [String: String] {
        try StringsParser.parse(text, path: "c.strings", keepingComments: true).comments.dictionary
    }

    @Test(
        "each kind of comment reads as written, trimmed",
        arguments: [
            ("/* Greeting */\n\"a\" = \"b\";", "Greeting"),
            ("// Greeting  \n\"a\" = \"b\";", "Greeting"),
            ("//Greeting\r\n\"a\" = \"b\";", "Greeting"),
            ("/*\n   Two\n   lines\n*/\n\"a\" = \"b\";", "Two\n   lines"),
            (#"/* "quoted" \n and \U00e9 stay escaped */ "a" = "b";"#, #""quoted" \n and \U00e9 stay escaped"#),
            ("/* a // inside */\n\"a\" = \"b\";", "a // inside"),
            ("// a /* inside */\n\"a\" = \"b\";", "a /* inside */"),
            ("/* Grüße, 日本語 */ \"a\" = \"b\";", "Grüße, 日本語"),
            ("/*\u{00A0}\u{3000}non-breaking\u{2028}\u{0085}\u{00A0}*/ \"a\" = \"b\";", "non-breaking"),
            ("/*\u{00A0}é\u{00A0}*/ \"a\" = \"b\";", "é"),
            ("/* é */ \"a\" = \"b\";", "é"),
            ("/**/ \"a\" = \"b\";", ""),
            ("/*  \t\n  */ \"a\" = \"b\";", ""),
            ("/* first */ /* second */ \"a\" = \"b\";", "second"),
            ("/* a */ \"a\" = \"1\";\n\"a\" = \"2\";", "a"),
            ("/* a */ \"a\" = \"1\";\n/* again */ \"a\" = \"2\";", "again"),
        ])
    func kinds(text: String, comment: String) throws {
        #expect(try Self.comments(text) == ["a": comment])
    }

    @Test("a comment at the end of the file belongs to no key")
    func commentAtEnd() throws {
        #expect(try Self.comments("\"a\" = \"b\";\n/* last */") == [:])
        #expect(try Self.comments("\"a\" = \"b\";\n// last") == [:])
        #expect(try Self.comments("/* only */") == [:])
    }

    @Test("comments go to the key they precede, escaped keys included")
    func keys() throws {
        let text = "/* one */ \"k\\n1\" = \"v\";\n\"k2\" = \"v\";\n// three\nk3 = v;\n/* four */ \"k4\";"
        #expect(try Self.comments(text) == ["k\n1": "one", "k3": "three", "k4": "four"])
    }

    @Test("every comment, ASCII or not, reads as its scalars trimmed one by one did")
    func sameAsTrimmingScalars() throws {
        let pieces = [" ", "\t", "\n", "\u{00A0}", "\u{3000}", "\u{2028}", "\u{0085}", "x", "é", "日", "*", "/", "\\"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let raw = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement()! }.joined()
                .replacingOccurrences(of: "*/", with: "* /")
            let body = raw.hasSuffix("*") || raw.hasPrefix("/") ? raw + " " : raw
            let expected = body.trimming(WhiteSpace.isSpaceOrNewline)
            #expect(try Self.comments("/*\(body)*/\n\"a\" = \"b\";") == ["a": expected], "\(body.debugDescription)")
        }
    }

    @Test("a comment table compares, iterates and overlays as a dictionary of comments does")
    func table() {
        var table: CommentTable = ["a": "1", "b": "2"]
        table.overlay(["b": "3", "c": "4"])
        #expect(table == ["a": "1", "b": "3", "c": "4"])
        #expect(table.dictionary == ["a": "1", "b": "3", "c": "4"])
        #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }) == table.dictionary)
        #expect(table.count == 3 && table["c"] == "4" && table["d"] == nil)
        #expect(CommentTable(["x": "y"]) != ["x": "z"])
        #expect(CommentTable().isEmpty)
    }

    @Test("a file's comments, kept as read, answer as a dictionary does, and change as one does")
    func readComments() throws {
        let text = """
            /* one */ "a" = "1";
            "b" = "2";
            /* three */ "c" = "3";
            /* again */ "a" = "4";
            // last
            "d" = "5";
            """
        let read = try StringsParser.parse(text, path: "c.strings", keepingComments: true).comments
        let expected: CommentTable = ["a": "again", "c": "three", "d": "last"]
        #expect(read == expected && expected == read && read.count == 3 && !read.isEmpty)
        #expect(read["a"] == "again" && read["b"] == nil && read["zz"] == nil)
        // In the order keys were first given one.
        #expect(read.map(\.key) == ["a", "c", "d"] && read.map(\.value) == ["again", "three", "last"])
        #expect(read.dictionary == expected.dictionary)
        var changed = read
        changed.set("two", for: "b")
        changed.set("new", for: "c")
        #expect(changed == ["a": "again", "b": "two", "c": "new", "d": "last"] && read == expected)
        var laid = read
        let other = "/* x */ \"c\" = \"\";\n/* y */ \"e\" = \"\";"
        laid.overlay(try StringsParser.parse(other, path: "o.strings", keepingComments: true).comments)
        #expect(laid == ["a": "again", "c": "x", "d": "last", "e": "y"])
        var under: CommentTable = ["a": "old", "z": "kept"]
        under.overlay(read)
        #expect(under == ["a": "again", "c": "three", "d": "last", "z": "kept"])
        var empty = CommentTable()
        empty.overlay(read)
        #expect(empty == expected)
        #expect(try StringsParser.parse(text, path: "c.strings").comments.isEmpty)
        // A key first defined without a comment is given one after another key was.
        let later = "\"a\" = \"1\"; /* c */ \"c\" = \"3\"; /* a */ \"a\" = \"4\";"
        #expect(
            try StringsParser.parse(later, path: "l.strings", keepingComments: true).comments.map(\.key) == ["c", "a"])
        var unchanged = read
        unchanged.overlay(CommentTable())
        #expect(unchanged == expected)
    }

    @Test(
        "a key defined again with a comment has the last one; shorter, longer and interleaved",
        arguments: [
            ["aaaa", "bb", "c"], ["c", "bb", "aaaa"], ["xx", "yyyy", "zz", "w"],
        ])
    func commentsDefinedAgain(comments: [String]) throws {
        // Each comment for "k", with another commented key between them.
        let text = comments.enumerated().map { "/* \($1) */ \"k\" = \"\($0)\";\n/* o\($0) */ \"o\($0)\" = \"\";" }
            .joined(separator: "\n")
        let read = try StringsParser.parse(text, path: "k.strings", keepingComments: true).comments
        var expected: [String: String] = ["k": comments.last!]
        for index in comments.indices { expected["o\(index)"] = "o\(index)" }
        #expect(read.dictionary == expected && read.count == expected.count)
        #expect(read.map(\.key) == ["k"] + comments.indices.map { "o\($0)" })
        // The same file with no key between the definitions of "k".
        let together = comments.map { "/* \($0) */ \"k\" = \"v\";" }.joined(separator: "\n")
        #expect(
            try StringsParser.parse(together, path: "t.strings", keepingComments: true).comments == [
                "k": comments.last!
            ])
    }

    @Test("a catalog that lays a second file over a table keeps the first file's comments")
    func layeredComments() throws {
        var catalog = Catalog(language: try #require(LanguageTag("en")))
        let first = try StringsParser.parse(
            "/* c */ \"a\" = \"1\";\n\"b\" = \"2\";", path: "1.strings", keepingComments: true)
        let second = try StringsParser.parse("\"a\" = \"9\";\n\"z\" = \"3\";", path: "2.strings", keepingComments: true)
        catalog.overlay(first, table: "T")
        catalog.overlay(second, table: "T")
        #expect(catalog.tables["T"]?.dictionary == ["a": "9", "b": "2", "z": "3"])
        #expect(catalog.comments["T"] == ["a": "c"])
        #expect(first.comments == ["a": "c"] && first.table.dictionary == ["a": "1", "b": "2"])
    }

    @Test(
        "a tool's store keeps the comments of both kinds of catalog; lint's keeps none, but reads String Catalogs whole"
    )
    func stores() throws {
        let folder = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try Data("/* On the title bar. */\n\"title\" = \"Transfers\";\n".utf8)
            .write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        try Data(
            #"""
            {"sourceLanguage": "en", "strings": {"empty": {"comment": "When nothing is queued.",
            "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Empty"}}}}}, "version": "1.0"}
            """#.utf8
        ).write(to: folder.appendingPathComponent("Queue.xcstrings"))
        let english = try #require(LanguageTag("en"))
        let tool = CatalogStore(folders: [folder], keepingComments: true)
        let toolCatalog = try #require(tool.catalog(for: english))
        #expect(toolCatalog.comments["Localizable"] == ["title": "On the title bar."])
        #expect(toolCatalog.comments["Queue"] == ["empty": "When nothing is queued."])
        let lint = CatalogStore(checkingFolders: [folder])
        let lintCatalog = try #require(lint.catalog(for: english))
        #expect(lint.keepsComments == false && lintCatalog.comments.isEmpty)
        #expect(
            lintCatalog.tables["Localizable"]?["title"] == "Transfers"
                && lintCatalog.tables["Queue"]?["empty"] == "Empty")
        #expect(
            lint.stringCatalog(at: folder.appendingPathComponent("Queue.xcstrings"))?["empty"]?.comment
                == "When nothing is queued.")
        #expect(
            CatalogStore(folders: [folder]).stringCatalog(at: folder.appendingPathComponent("Queue.xcstrings")) == nil)
    }
}
