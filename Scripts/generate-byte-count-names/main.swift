import FileWriting
import Foundation
@_spi(ByteCountNames) import Localization

// `swift run generate-byte-count-names [PACKAGE-ROOT]`: asks Foundation's ByteCountFormatStyle
// (style .file, spellsOutZero false) how every locale it knows writes each unit, for numbers of
// every plural category, and writes Sources/Localization/Numbers/ByteCountNameData.swift
// (see `ByteCountNames`). Run it on Linux with a new toolchain when LocalizationTests' byte
// count comparison fails: the names then come from the toolchain's ICU.

let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)
let output = root.appendingPathComponent("Sources/Localization/Numbers/ByteCountNameData.swift")

struct Failure: Error, CustomStringConvertible {
    let description: String
}

/// The numbers tried for each unit, as a count of its smallest shown step (1, 0.1 or 0.01):
/// every integer to 125 and a few beyond, which meets each residue CLDR's rules test, and
/// fractions of one and two digits.
func samples(_ unit: ByteCount.Unit) -> [Int64] {
    let step: Int64 = [1, 1, 10, 100, 100, 100][unit.rawValue]
    let integers = (unit == .byte ? 0 : 1)...125
    var steps = (Array(integers) + [200, 201, 202, 205, 211, 999]).map { Int64($0) * step }
    if step >= 10 { steps += [1, 5, 15, 21, 25, 37, 115, 1_015] }
    if step == 100 { steps += [1, 5, 12, 25, 101, 150, 1_025, 1_001] }
    return steps
}

/// How `localeID` names each unit, by plural category; throws when a name does not hold the
/// number exactly once, or when two numbers of one category (by CLDR's rules) get different
/// names.
func names(_ localeID: String, language: LanguageTag) throws -> [[PluralCategory: String]] {
    let locale = Locale(identifier: localeID)
    let rules = PluralRules.rules(for: language)
    let style = ByteCountFormatStyle(style: .file, spellsOutZero: false).locale(locale)
    return try ByteCount.Unit.allCases.map { unit in
        let step = Int64([1, 1, 10, 100, 100, 100][unit.rawValue])
        var forms: [PluralCategory: String] = [:]
        for steps in samples(unit) {
            let count = steps * (unit.size / step)
            guard ByteCount.Unit(for: count) == unit else { continue }
            let value = Double(count) / Double(unit.size)
            let written = count.formatted(style)
            let number = value.formatted(.number.precision(.fractionLength(0...unit.fractionDigits)).locale(locale))
            let pieces = written.components(separatedBy: number)
            guard pieces.count == 2, !written.contains("\t"), !written.contains("|") else {
                throw Failure(description: "\(localeID): \"\(written)\" does not hold \"\(number)\" once")
            }
            let pattern = pieces.joined(separator: "{0}")
            let category = rules.category(for: ByteCount.operands(value, fractionDigits: unit.fractionDigits))
            if let known = forms[category], known != pattern {
                throw Failure(
                    description: "\(localeID): \(category) has \"\(known)\" and \"\(pattern)\" (\(written)): "
                        + "ICU's plural forms disagree with CLDR's rules here")
            }
            forms[category] = pattern
        }
        return forms
    }
}

do {
    // Every locale Foundation lists, and each language with a region but no script (`zh-TW`,
    // `sr-ME`), which ICU may complete with another script than its parent's: most specific
    // last, so that parents are settled before their children.
    var candidates: [String: LanguageTag] = ["root": LanguageTag("und")!]
    for id in Locale.availableIdentifiers {
        guard let tag = LanguageTag(id.replacingOccurrences(of: "_", with: "-")) else { continue }
        candidates[id] = tag
        if tag.script != nil, let region = tag.region, tag.variants.isEmpty {
            let bare = LanguageTag(language: tag.language, region: region)
            candidates["\(tag.language)_\(region)"] = bare
        }
    }
    func depth(_ id: String) -> Int { id == "root" ? 0 : candidates[id]!.withParents.count }
    let ordered = candidates.sorted { (depth($0.key), $0.key) < (depth($1.key), $1.key) }
    var sets: [String] = []
    var locales: [String: Int] = [:]
    for (id, tag) in ordered {
        let set = ByteCountNames.encode(try names(id, language: tag))
        let key = id == "root" ? "root" : tag.description
        let inherited = tag.withParents.dropFirst().lazy.compactMap { locales[$0.description] }.first ?? locales["root"]
        guard inherited.map({ sets[$0] }) != set || id == "root" else { continue }
        if let index = sets.firstIndex(of: set) {
            locales[key] = index
        } else {
            locales[key] = sets.count
            sets.append(set)
        }
    }
    /// `text` as a Swift literal; spaces other than U+0020, and invisible marks, written out
    /// (`\u{A0}`), so that a reader sees them.
    func literal(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "\"": literal += "\\\(scalar)"
            case "\t": literal += "\\t"
            case " ": literal += " "
            case _ where scalar.properties.isWhitespace || scalar.properties.generalCategory == .format:
                literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
    var source = """
        // swift-format-ignore-file
        // Generated by `swift run generate-byte-count-names`: do not edit. Source: Foundation's
        // ByteCountFormatStyle on Linux (\(candidates.count) locales), the names of the units each
        // writes. LocalizationTests compares `ByteCount` with it in every locale.

        extension ByteCountNames {
            /// Each distinct set of names (see `ByteCountNames`).
            static let sets: [String] = [

        """
    for set in sets { source += "        \(literal(set)),\n" }
    source += "    ]\n\n    /// The set of each language tag whose names differ from its parent's.\n"
    source += "    static let locales: [String: Int] = [\n"
    for (key, index) in locales.sorted(by: { $0.key < $1.key }) { source += "        \(literal(key)): \(index),\n" }
    source += "    ]\n}\n"
    try AtomicFile.write(Data(source.utf8), to: output)
    print("wrote \(output.path): \(sets.count) sets of names, \(locales.count) language tags")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
