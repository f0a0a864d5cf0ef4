import CatalogFiles
import Commands
import Diagnostics
import FileWriting
import Foundation
import Localization

/// `flavorkit vary KEY --by plural [--argument N]… | --by device [--device NAME]…
/// [--table T] [--root DIR]`: a String Catalog key's development text made to vary by plural
/// or by device, as Xcode's "Vary by Plural" and "Vary by Device" do (`StringCatalogVariation`),
/// written back in Xcode's layout under a lock on the catalog folder.
enum VaryCommand: ToolCommand {
    enum Dimension: String, CaseIterable { case plural, device }

    static let key = Argument("KEY", summary: "the key whose text is to vary")
    static let by = Option.value(
        "by", placeholder: "KIND", allowed: Dimension.allCases.map(\.rawValue), required: true,
        summary: "plural (by a count) or device")
    static let argument = Option.value(
        "argument", placeholder: "N", repeatable: true,
        summary: "with --by plural, the 1-based argument a count is in (repeat for several)")
    static let device = Option.value(
        "device", placeholder: "NAME", allowed: StringCatalog.devices, repeatable: true,
        summary: "with --by device, a device to give a case (default: every one)")
    static let table = Option.value(
        "table", placeholder: "T", summary: "the key's table (default: Localizable)")

    static let command = Command(
        "vary", summary: "make a String Catalog text vary by plural or device, as Xcode does",
        arguments: [key], options: [by, argument, device, table, FlavorKitTool.root])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let project = CatalogProject(layout: try FlavorKitTool.layout(parsed))
        let name = parsed.argument(key)!
        let kind: StringCatalogVariation.Kind
        switch try parsed.value(by, as: Dimension.self)! {
        case .plural:
            guard parsed.values(device).isEmpty else {
                throw parsed.error(.invalidValue, word: device.spelling, reason: "--device goes with --by device")
            }
            let positions = try parsed.values(argument, expected: "an argument position (1, 2, …)") { text in
                Int(text).flatMap { $0 > 0 ? $0 : nil }
            }
            kind = .plural(arguments: positions)
        case .device:
            guard parsed.values(argument).isEmpty else {
                throw parsed.error(.invalidValue, word: argument.spelling, reason: "--argument goes with --by plural")
            }
            let devices = parsed.values(device)
            kind = .device(devices.isEmpty ? StringCatalog.devices : devices)
        }
        let folder = project.layout.localizations
        let url = folder.appendingPathComponent(
            CatalogFolderLayout.stringCatalogName(table: parsed.value(table) ?? Catalog.defaultTable))
        let lock = try FileLock(exclusive: folder)
        defer { lock.release() }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Diagnostic(
                "no String Catalog here: vary changes String Catalogs (a .strings text varies in a .stringsdict)",
                path: url.path)
        }
        var catalog = StringCatalog(contentsOf: url, within: folder)
        if let error = catalog.errors.first {
            throw Diagnostic("not changed: the String Catalog has errors to fix first (\(error))", path: url.path)
        }
        let toReview = try StringCatalogVariation.vary(
            name, by: kind, in: &catalog, language: project.developmentLanguage)
        try AtomicFile.write(StringCatalogWriter.write(catalog), to: url, within: folder)
        let relative = project.layout.relativePath(url)
        let review =
            toReview.isEmpty
            ? "it has no translation to review"
            : "its translation\(toReview.count == 1 ? "" : "s") ("
                + toReview.map { Diagnostic.quote($0) }.joined(separator: ", ") + ") "
                + (toReview.count == 1 ? "needs" : "need") + " review"
        ToolContext.print("\"\(Diagnostic.quote(name))\" now varies by \(parsed.value(by)!) in \(relative); \(review)")
        return 0
    }
}
