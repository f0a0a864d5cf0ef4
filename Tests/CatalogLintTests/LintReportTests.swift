import CatalogFiles
import CatalogLint
import CatalogTesting
import Diagnostics
import Foundation
import Testing

@Suite("lint reports: GitHub workflow commands and SARIF")
struct LintReportTests {
    /// The fixture with a key renamed in the code: one error, one warning.
    static func findings() throws -> (root: URL, diagnostics: [Diagnostic]) {
        let fixture = try ProjectFixture([
            "Sources/App/main.swift":
                "print(text(\"greeting\", .string(name)), text(\"heading\"))\nprint(text(\"files\", .int(2)))\n"
        ])
        defer { fixture.remove() }
        var linter = CatalogLinter(project: CatalogProject(root: fixture.root))
        return (fixture.root.standardizedFileURL, linter.lint())
    }

    @Test("one workflow command per finding, with file, line, column and the rule as title")
    func github() throws {
        let (_, diagnostics) = try Self.findings()
        #expect(
            LintReport.github(diagnostics) == """
                ::warning file=Localizations/en.lproj/Localizable.strings,line=3,col=1,title=unused-key::key "title" is not used by any source file (text("title"…))
                ::error file=Sources/App/main.swift,line=1,col=45,title=undefined-key::key "heading" is used here but en does not define it

                """)
        #expect(
            LintReport.github(diagnostics, pathPrefix: "Examples/App/").hasPrefix(
                "::warning file=Examples/App/Localizations/"))
    }

    @Test("GitHub's escapes: % CR LF in messages; also : and , in properties; unknown parts left out")
    func githubEscapes() {
        let diagnostics = [
            Diagnostic("100% done\r\nnext: a, b", path: "odd:name,1.strings", line: 2, column: 3, rule: "syntax"),
            Diagnostic("whole file", path: "Flavors/A/Info.plist", severity: .warning, rule: "info-plist"),
            Diagnostic("nowhere", severity: .note),
        ]
        #expect(
            LintReport.github(diagnostics) == """
                ::error file=odd%3Aname%2C1.strings,line=2,col=3,title=syntax::100%25 done%0D%0Anext: a, b
                ::warning file=Flavors/A/Info.plist,title=info-plist::whole file
                ::notice::nowhere

                """)
    }

    @Test("a file outside the package keeps its absolute path: no prefix, a file: URI without base")
    func outside() throws {
        let outside = [Diagnostic("far", path: "/shared/Text/de.lproj/Localizable.strings", line: 1, column: 1)]
        #expect(
            LintReport.github(outside, pathPrefix: "Pkg/")
                == "::error file=/shared/Text/de.lproj/Localizable.strings,line=1,col=1::far\n")
        let log = LintReport.sarif(outside, rules: [], root: URL(fileURLWithPath: "/work/Pkg"))
        #expect(log.contains(#""uri" : "file:///shared/Text/de.lproj/Localizable.strings""#))
        #expect(!log.contains(#""uriBaseId""#))
    }

    @Test("SARIF 2.1.0: the exact log for the fixture")
    func sarifExact() throws {
        let (root, diagnostics) = try Self.findings()
        let rule = try #require(CatalogLinter.rules.first { $0.name == "undefined-key" })
        let log = LintReport.sarif(diagnostics, rules: [rule], root: root)
        #expect(
            log == """
                {
                  "$schema" : "https://json.schemastore.org/sarif-2.1.0.json",
                  "runs" : [
                    {
                      "columnKind" : "unicodeCodePoints",
                      "originalUriBaseIds" : {
                        "PACKAGE" : {
                          "uri" : "\(URL(fileURLWithPath: root.path, isDirectory: true).absoluteString)"
                        }
                      },
                      "results" : [
                        {
                          "level" : "warning",
                          "locations" : [
                            {
                              "physicalLocation" : {
                                "artifactLocation" : {
                                  "uri" : "Localizations/en.lproj/Localizable.strings",
                                  "uriBaseId" : "PACKAGE"
                                },
                                "region" : {
                                  "startColumn" : 1,
                                  "startLine" : 3
                                }
                              }
                            }
                          ],
                          "message" : {
                            "text" : "key \\"title\\" is not used by any source file (text(\\"title\\"…))"
                          },
                          "ruleId" : "unused-key"
                        },
                        {
                          "level" : "error",
                          "locations" : [
                            {
                              "physicalLocation" : {
                                "artifactLocation" : {
                                  "uri" : "Sources/App/main.swift",
                                  "uriBaseId" : "PACKAGE"
                                },
                                "region" : {
                                  "startColumn" : 45,
                                  "startLine" : 1
                                }
                              }
                            }
                          ],
                          "message" : {
                            "text" : "key \\"heading\\" is used here but en does not define it"
                          },
                          "ruleId" : "undefined-key",
                          "ruleIndex" : 0
                        }
                      ],
                      "tool" : {
                        "driver" : {
                          "name" : "flavorkit",
                          "rules" : [
                            {
                              "defaultConfiguration" : {
                                "level" : "error"
                              },
                              "fullDescription" : {
                                "text" : "\(rule.help.replacingOccurrences(of: "\"", with: "\\\""))"
                              },
                              "help" : {
                                "text" : "\(rule.help.replacingOccurrences(of: "\"", with: "\\\""))"
                              },
                              "id" : "undefined-key",
                              "shortDescription" : {
                                "text" : "a key used in Sources/ that the development language does not have"
                              }
                            }
                          ]
                        }
                      }
                    }
                  ],
                  "version" : "2.1.0"
                }
                """)
    }

    @Test("SARIF 2.1.0: the structure the specification requires, for every rule and finding")
    func sarifStructure() throws {
        let (root, diagnostics) = try Self.findings()
        let noPosition = Diagnostic("whole file", path: "Flavors/A b/Info.plist", rule: "info-plist")
        let log = LintReport.sarif(diagnostics + [noPosition], rules: CatalogLinter.rules, root: root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "flavorkit")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == CatalogLinter.rules.map(\.name))
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                #expect(((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            }
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""))
        }
        let base = try #require((runs[0]["originalUriBaseIds"] as? [String: [String: String]])?["PACKAGE"]?["uri"])
        #expect(base.hasPrefix("file:///") && base.hasSuffix("/"))
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == id)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: String])
            let uri = try #require(artifact["uri"])
            #expect(URL(string: uri, relativeTo: URL(string: base)) != nil && !uri.hasPrefix("/"))
            #expect(artifact["uriBaseId"] == "PACKAGE")
            if let region = physical["region"] as? [String: Int] {
                #expect((region["startLine"] ?? 0) >= 1 && (region["startColumn"] ?? 1) >= 1)
            }
        }
        let unpositioned = try #require(results.last?["locations"] as? [[String: [String: Any]]])
        #expect(unpositioned[0]["physicalLocation"]?["region"] == nil)
        #expect(
            (unpositioned[0]["physicalLocation"]?["artifactLocation"] as? [String: String])?["uri"]
                == "Flavors/A%20b/Info.plist")
    }
}
