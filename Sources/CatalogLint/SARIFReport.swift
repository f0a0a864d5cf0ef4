import Diagnostics
import FileFormats
import Foundation

extension LintReport {
    /// The findings as a SARIF 2.1.0 log (the format code-scanning services read): one run
    /// whose `tool.driver` describes every rule (id, short and full description, help, default
    /// level) and whose results give each finding's rule, level, message and location. File
    /// locations are URIs relative to the package folder (`uriBaseId` `PACKAGE`, which
    /// `originalUriBaseIds` maps to `root`), or `file:` URIs for files outside it; columns
    /// count Unicode scalars.
    public static func sarif(_ diagnostics: [Diagnostic], rules: [any LintRule], root: URL) -> String {
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.name, $0.offset) })
        let driver = JSONTree.sorted([
            "name": .string("flavorkit"),
            "rules": .array(
                rules.map { rule in
                    .sorted([
                        "id": .string(rule.name), "shortDescription": text(rule.summary),
                        "fullDescription": text(rule.help), "help": text(rule.help),
                        "defaultConfiguration": .sorted(["level": .string(level(rule.severity))]),
                    ])
                }),
        ])
        let results = diagnostics.map { diagnostic in
            JSONTree.sorted([
                "ruleId": diagnostic.rule.map(JSONTree.string),
                "ruleIndex": diagnostic.rule.flatMap { index[$0] }.map(JSONTree.int),
                "level": .string(level(diagnostic.severity)), "message": text(diagnostic.message),
                "locations": .array(
                    diagnostic.path.map { path in
                        [
                            .sorted([
                                "physicalLocation": .sorted([
                                    "artifactLocation": artifact(path),
                                    "region": diagnostic.line.map { line in
                                        .sorted([
                                            "startLine": .int(line), "startColumn": diagnostic.column.map(JSONTree.int),
                                        ])
                                    },
                                ])
                            ])
                        ]
                    } ?? []),
            ])
        }
        let run = JSONTree.sorted([
            "tool": .sorted(["driver": driver]), "columnKind": .string("unicodeCodePoints"),
            "originalUriBaseIds": .sorted(["PACKAGE": .sorted(["uri": .string(folderURI(root))])]),
            "results": .array(results),
        ])
        return JSONOutput.text(
            .sorted([
                "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"), "version": .string("2.1.0"),
                "runs": .array([run]),
            ]))
    }

    /// A SARIF message: `{"text": …}`.
    private static func text(_ text: String) -> JSONTree { .sorted(["text": .string(text)]) }

    /// A file relative to the package (base `PACKAGE`), or outside it (an absolute `file:` URI).
    private static func artifact(_ path: String) -> JSONTree {
        path.hasPrefix("/")
            ? .sorted(["uri": .string(URL(fileURLWithPath: path).absoluteString)])
            : .sorted(["uri": .string(uri(path)), "uriBaseId": .string("PACKAGE")])
    }

    /// SARIF's level for a severity: `error`, `warning` or `note`.
    static func level(_ severity: Diagnostic.Severity) -> String {
        severity.rawValue
    }

    /// `file:///path/to/package/`: a folder's URI, ending in `/` as a base URI must.
    static func folderURI(_ folder: URL) -> String {
        let uri = URL(fileURLWithPath: folder.standardizedFileURL.path, isDirectory: true).absoluteString
        return uri.hasSuffix("/") ? uri : uri + "/"
    }

    /// A path relative to the package as a relative URI reference: each segment percent-encoded.
    static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.addingPercentEncoding(withAllowedCharacters: segment) ?? String($0)
        }.joined(separator: "/")
    }

    /// The characters a URI path segment keeps as they are (RFC 3986 `pchar` without `:`, so
    /// that a first segment is never read as a scheme).
    private static let segment = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=@")
}
