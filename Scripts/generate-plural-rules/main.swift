import FileWriting
import Foundation
import Localization

// `swift run generate-plural-rules [PACKAGE-ROOT]`: reads CLDR's plural data from
// Tests/LocalizationTests/CLDR/ and writes Sources/Localization/Plurals/CLDRPluralRules.swift
// (see `PluralRuleGenerator`). Run it after replacing the data with a newer CLDR release.

let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)
let data = root.appendingPathComponent("Tests/LocalizationTests/CLDR")
let output = root.appendingPathComponent("Sources/Localization/Plurals/CLDRPluralRules.swift")

/// `supplemental[key]` of one of CLDR's files: locale → `pluralRule-count-…` → rule.
func rules(_ file: String, _ key: String) -> [String: [String: String]] {
    let url = data.appendingPathComponent(file)
    guard let contents = FileManager.default.contents(atPath: url.path),
        let json = try? JSONSerialization.jsonObject(with: contents) as? [String: Any],
        let table = (json["supplemental"] as? [String: Any])?[key] as? [String: [String: String]]
    else {
        FileHandle.standardError.write(Data("\(url.path): error: no \(key) table (is this CLDR's \(file)?)\n".utf8))
        exit(1)
    }
    return table
}

do {
    let source = try PluralRuleGenerator.swiftSource(
        cardinal: rules("plurals.json", "plurals-type-cardinal"),
        ordinal: rules("ordinals.json", "plurals-type-ordinal"))
    try AtomicFile.write(Data(source.utf8), to: output)
    print("wrote \(output.path)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
