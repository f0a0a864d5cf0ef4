import FileFormats
import Foundation
import Testing

@Suite("Paths joined as text")
struct JoinedPathTests {
    @Test(
        "one separator between folder and name, the bytes of both kept as they are",
        arguments: [
            ("/a/b", "c.strings", "/a/b/c.strings"),
            ("/a/b/", "c.strings", "/a/b/c.strings"),
            ("/", "Info.plist", "/Info.plist"),
            ("relative", "x", "relative/x"),
            // Not normalized: é written precomposed in one and decomposed in the other stays so.
            ("/caf\u{E9}", "cafe\u{301}.lproj", "/caf\u{E9}/cafe\u{301}.lproj"),
            ("/ファイル/\u{1F600}", "名前", "/ファイル/\u{1F600}/名前"),
            // Short enough to be stored inline, and not ASCII.
            ("/\u{E9}", "x", "/\u{E9}/x"),
            ("", "x", "/x"),
            ("a", "", "a/"),
            ("a//", "b", "a//b"),
            (String(Substring("/a/b/c".dropLast(2))), String("lang.lproj".prefix(4)), "/a/b/lang"),
            (
                String(repeating: "/folder", count: 40), "Localizable.strings",
                String(repeating: "/folder", count: 40) + "/Localizable.strings"
            ),
        ])
    func joins(folder: String, name: String, path: String) {
        let joined = joinedPath(folder, name)
        #expect(joined.utf8.elementsEqual(path.utf8))
        // As Foundation joins an absolute folder and a name.
        if folder.hasPrefix("/") {
            #expect(joined.utf8.elementsEqual(URL(fileURLWithPath: folder).appendingPathComponent(name).path.utf8))
        }
    }
}
