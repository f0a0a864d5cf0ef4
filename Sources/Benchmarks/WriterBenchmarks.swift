import CatalogFiles
import Foundation
import Localization
import TranslatorFormats

/// Issue "String Catalogs, all of them": `flavorkit export` of one language of a 31 MB,
/// 8-language String Catalog (20,000 keys) in every format, and `flavorkit import` of a PO
/// of that language, each a process, against Python's `json.load` of the same file (and
/// `json.load` + `json.dump` for the import), also a process, in the same run. `flavorkit`
/// is brought up to date in release mode first.
struct WriterBenchmarks {
    static let keys = 20_000
    static let languages = ["en", "de", "es", "fr", "ja", "pt-BR", "ru", "zh-Hans"]
    let flavorkit: URL
    let folder: URL
    let package: URL
    var catalogFile: URL { package.appendingPathComponent("Localizations/Localizable.xcstrings") }
    let pristine: Data

    init() throws {
        let executables = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        flavorkit = executables.appendingPathComponent("flavorkit")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("writers-\(getpid())")
        package = folder.appendingPathComponent("package")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Localizations"), withIntermediateDirectories: true)
        _ = ChildProcess.run(StartupBenchmarks.env, ["swift", "build", "-c", "release", "--product", "flavorkit"])
        guard FileManager.default.isExecutableFile(atPath: flavorkit.path) else {
            throw StartupBenchmarks.StartupError(message: "could not build \(flavorkit.path)")
        }
        pristine = StringCatalogWriter.write(Self.catalog())
        try pristine.write(to: catalogFile)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// 20,000 keys in 8 languages, as Xcode writes them (about 33 MB): a comment on every 4th
    /// key; texts with specifiers, plural variations (every 25th key), substitutions and
    /// device variations (every 50th each); a unit to review now and then.
    static func catalog() -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en", path: "Localizable.xcstrings")
        var entries: [StringCatalog.Entry] = []
        let words = ["files", "Dateien", "archivos", "fichiers", "ファイル", "arquivos", "файлы", "文件"]
        for index in 0..<keys {
            var entry = StringCatalog.Entry(key: String(format: "screen%02d.section%04d.label", index % 97, index))
            if index % 4 == 0 { entry.comment = "Shown on screen \(index % 97), section \(index)." }
            for (number, language) in languages.enumerated() {
                let word = words[number]
                let state: StringCatalog.State = index % 53 == number ? .needsReview : .translated
                var localization = StringCatalog.Localization()
                if index % 25 == 0 {
                    localization.variations = StringCatalog.Variations(
                        plural: KeyedList([
                            ("one", .init(stringUnit: .init("%lld \(word) \(index)", state: state))),
                            ("other", .init(stringUnit: .init("%lld \(word)s \(index)", state: state))),
                        ]))
                } else if index % 50 == 7 {
                    localization.stringUnit = .init("%#@count@ in %@ \(index)", state: state)
                    localization.substitutions = KeyedList([
                        (
                            "count",
                            StringCatalog.Substitution(
                                argNum: 1, formatSpecifier: "lld",
                                variations: .init(
                                    plural: KeyedList([
                                        ("one", .init(stringUnit: .init("%arg \(word)", state: state))),
                                        ("other", .init(stringUnit: .init("%arg \(word)s", state: state))),
                                    ])))
                        )
                    ])
                } else if index % 50 == 11 {
                    localization.variations = StringCatalog.Variations(
                        device: KeyedList([
                            ("iphone", .init(stringUnit: .init("Tap %@ \(index)", state: state))),
                            ("other", .init(stringUnit: .init("Open %@ \(index)", state: state))),
                        ]))
                } else {
                    localization.stringUnit = .init("%1$@ of %2$@ \(word), “\(index)”", state: state)
                }
                entry.localizations.append(localization, for: language)
            }
            entries.append(entry)
        }
        catalog.append(contentsOf: entries)
        return catalog
    }

    func run() throws -> [Figure] {
        let python = URL(fileURLWithPath: "/usr/bin/env")
        let load = [
            "python3", "-c", "import json,sys; json.load(open(sys.argv[1], encoding='utf-8'))", catalogFile.path,
        ]
        var figures: [Figure] = []
        let detail = String(
            format: "%.1f MB, %d keys, %d languages", Double(pristine.count) / 1e6, Self.keys, Self.languages.count)
        for format in CatalogExporter.Format.allCases {
            let output = folder.appendingPathComponent("out-\(format.rawValue)/").path + "/"
            let times = Measure.paired(
                rounds: 5,
                ours: {
                    _ = ChildProcess.run(
                        flavorkit,
                        [
                            "export", "--root", package.path, "--format", format.rawValue, "--lang", "de", "--output",
                            output,
                        ])
                },
                reference: { _ = ChildProcess.run(python, load) })
            precondition(
                FileManager.default.fileExists(atPath: output), "export --format \(format.rawValue) wrote nothing")
            figures.append(
                Figure(
                    name: "flavorkit export --format \(format.rawValue) --lang de, a process", ours: times.ours,
                    reference: times.reference, referenceName: "python3 json.load, a process", goal: .atMost(0.5),
                    detail: detail))
        }
        figures.append(try importFigure(python: python, detail: detail))
        return figures
    }

    /// A PO of German with every 10th translation changed, imported into the catalog (put
    /// back as it was before each round, outside the time), against `json.load` + `json.dump`.
    private func importFigure(python: URL, detail: String) throws -> Figure {
        let po = try changedGermanPO(flavorkit: flavorkit, package: package, into: folder)
        let dump = [
            "python3", "-c",
            "import json,sys; json.dump(json.load(open(sys.argv[1], encoding='utf-8')), open(sys.argv[2], 'w', encoding='utf-8'), ensure_ascii=False, indent=2)",
            catalogFile.path, folder.appendingPathComponent("dumped.json").path,
        ]
        var ours: [Double] = [], reference: [Double] = []
        var errors = Data()
        let rounds = Measure.quick ? 1 : 5
        for round in 0...rounds {
            try pristine.write(to: catalogFile)
            try? FileManager.default.removeItem(at: package.appendingPathComponent("Localizations/translated-from.txt"))
            let mine = Measure.time {
                _ = ChildProcess.run(flavorkit, ["import", "--root", package.path, po.path], errors: &errors)
            }
            let theirs = Measure.time { _ = ChildProcess.run(python, dump) }
            if round > 0 || Measure.quick {
                ours.append(mine)
                reference.append(theirs)
            }
        }
        let warnings = String(decoding: errors, as: UTF8.self).split(separator: "\n").count { $0.contains("warning:") }
        let written = try Data(contentsOf: catalogFile)
        precondition(written != pristine, "the import changed nothing")
        try pristine.write(to: catalogFile)
        return Figure(
            name: "flavorkit import of a German PO (every 10th message changed), a process",
            ours: Measure.median(ours), reference: Measure.median(reference),
            referenceName: "python3 json.load + json.dump, a process", goal: .atMost(1),
            detail: detail + "; the import warned \(warnings) times (not shown: fuzzy messages, not taken)")
    }
}

/// The German PO export of `package` (into `folder/po/`) with every 10th translation changed:
/// what the import figures take in.
func changedGermanPO(flavorkit: URL, package: URL, into folder: URL) throws -> URL {
    let exported = folder.appendingPathComponent("po")
    _ = ChildProcess.run(
        flavorkit,
        ["export", "--root", package.path, "--format", "po", "--lang", "de", "--output", exported.path + "/"])
    let po = exported.appendingPathComponent("de/Localizable.po")
    var lines = try String(contentsOf: po, encoding: .utf8).components(separatedBy: "\n")
    var changed = 0
    for index in lines.indices where lines[index].hasPrefix("msgstr \"") && lines[index] != "msgstr \"\"" {
        if changed % 10 == 0 { lines[index] = String(lines[index].dropLast()) + " (neu)\"" }
        changed += 1
    }
    try Data(lines.joined(separator: "\n").utf8).write(to: po)
    return po
}
