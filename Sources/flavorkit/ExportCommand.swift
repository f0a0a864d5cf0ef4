import CatalogTools
import Foundation
import Localization

/// `flavorkit export [--root DIR] [--lang L]… [--flavor F] [--table T] [--output PATH]
/// --format json|strings|stringsdict|xcstrings`: the catalogs as the program reads them,
/// written in one format. One file goes to standard output unless `--output` names a file;
/// several need `--output DIR`, where each is written atomically.
enum ExportCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var format: CatalogExporter.Format?
        var languages: [LanguageTag] = [], flavor: String?, tables: [String] = [], output: String?
        var rest: [String] = []
        var remaining = arguments[...]
        func value(_ option: String) throws -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw FlavorKitTool.UsageError(description: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            let (name, inline) = argument.hasPrefix("--") && argument.contains("=")
                ? (String(argument.prefix { $0 != "=" }), String(argument.drop { $0 != "=" }.dropFirst()))
                : (argument, nil)
            switch name {
            case "--format":
                let text = try inline ?? value(name)
                guard let chosen = CatalogExporter.Format(rawValue: text) else {
                    throw FlavorKitTool.UsageError(description: "--format takes "
                        + CatalogExporter.Format.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(text)'")
                }
                format = chosen
            case "--lang":
                for code in try (inline ?? value(name)).split(separator: ":") {
                    guard let tag = LanguageTag(String(code)) else {
                        throw FlavorKitTool.UsageError(description: "'\(code)' is not a language tag")
                    }
                    languages.append(tag)
                }
            case "--flavor": flavor = try inline ?? value(name)
            case "--table": tables.append(try inline ?? value(name))
            case "--output": output = try inline ?? value(name)
            default: rest.append(argument)
            }
        }
        guard let format else { throw FlavorKitTool.UsageError(description: "export needs --format json, strings, stringsdict or xcstrings") }
        let (root, paths) = try FlavorKitTool.root(in: rest)
        guard paths.isEmpty else { throw FlavorKitTool.UsageError(description: "export takes no paths (use --output PATH)") }
        let exporter: CatalogExporter
        do {
            exporter = try CatalogExporter(project: LintProject(root: root), flavor: flavor, languages: languages)
        } catch {
            throw FlavorKitTool.UsageError(description: error.message)
        }
        for error in exporter.readingErrors { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
        for table in tables where !exporter.tables.contains(table) {
            throw FlavorKitTool.UsageError(description: "no table named \(table) (have: \(exporter.tables.joined(separator: ", ")))")
        }
        let files = try exporter.files(format, tables: tables.isEmpty ? exporter.tables : tables)
        try write(files, to: output)
        return exporter.readingErrors.isEmpty ? 0 : 1
    }

    private static func write(_ files: [(path: String, data: Data)], to output: String?) throws {
        var isFolder: ObjCBool = false
        let outputIsFolder = output.map { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue }
            ?? false
        if files.count == 1, !outputIsFolder {
            guard let output else {
                FileHandle.standardOutput.write(files[0].data)
                return
            }
            try files[0].data.write(to: URL(fileURLWithPath: output), options: .atomic)
            return
        }
        guard let output else {
            throw FlavorKitTool.UsageError(description: "this export makes \(files.count) files; name a folder with --output DIR")
        }
        let folder = URL(fileURLWithPath: output)
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: url, options: .atomic)
            print("wrote \(url.path)")
        }
    }
}
