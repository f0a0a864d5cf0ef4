import Diagnostics
import Foundation

extension LintReport {
    /// The findings as a SARIF 2.1.0 log (the format code-scanning services read): one run
    /// whose `tool.driver` describes every rule (id, short and full description, help, default
    /// level) and whose results give each finding's rule, level, message and location. File
    /// locations are URIs relative to the package folder (`uriBaseId` `PACKAGE`, which
    /// `originalUriBaseIds` maps to `root`), or `file:` URIs for files outside it; columns
    /// count Unicode scalars.
    public static func sarif(_ diagnostics: [Diagnostic], rules: [any LintRule], root: URL) throws -> String {
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.name, $0.offset) })
        let run = SARIF.Run(
            tool: .init(
                driver: .init(
                    name: "flavorkit",
                    rules: rules.map { rule in
                        .init(
                            id: rule.name, shortDescription: .init(text: rule.summary),
                            fullDescription: .init(text: rule.help), help: .init(text: rule.help),
                            defaultConfiguration: .init(level: level(rule.severity)))
                    })),
            originalUriBaseIds: ["PACKAGE": .init(uri: folderURI(root))],
            results: diagnostics.map { diagnostic in
                .init(
                    ruleId: diagnostic.rule, ruleIndex: diagnostic.rule.flatMap { index[$0] },
                    level: level(diagnostic.severity), message: .init(text: diagnostic.message),
                    locations: diagnostic.path.map { path in
                        [
                            .init(
                                physicalLocation: .init(
                                    artifactLocation: artifact(path),
                                    region: diagnostic.line.map { .init(startLine: $0, startColumn: diagnostic.column) }
                                ))
                        ]
                    } ?? [])
            })
        return try encoded(SARIF(runs: [run]))
    }

    /// A file relative to the package (base `PACKAGE`), or outside it (an absolute `file:` URI).
    private static func artifact(_ path: String) -> SARIF.Result.ArtifactLocation {
        path.hasPrefix("/")
            ? .init(uri: URL(fileURLWithPath: path).absoluteString, uriBaseId: nil)
            : .init(uri: uri(path), uriBaseId: "PACKAGE")
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

    /// `value` as JSON: keys sorted, indented, slashes as they are.
    static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// The parts of a SARIF 2.1.0 log lint writes (names as the specification spells them).
private struct SARIF: Encodable {
    struct Text: Encodable { var text: String }
    struct Run: Encodable {
        struct Tool: Encodable { var driver: Driver }
        struct Driver: Encodable {
            var name: String
            var rules: [Rule]
        }
        struct Rule: Encodable {
            struct Configuration: Encodable { var level: String }
            var id: String
            var shortDescription: Text
            var fullDescription: Text
            var help: Text
            var defaultConfiguration: Configuration
        }
        struct Location: Encodable { var uri: String }
        var tool: Tool
        var columnKind = "unicodeCodePoints"
        var originalUriBaseIds: [String: Location]
        var results: [Result]
    }
    struct Result: Encodable {
        struct Location: Encodable { var physicalLocation: PhysicalLocation }
        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region?
        }
        struct ArtifactLocation: Encodable {
            var uri: String
            var uriBaseId: String?
        }
        struct Region: Encodable {
            var startLine: Int
            var startColumn: Int?
        }
        var ruleId: String?
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
    }
    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]
}
