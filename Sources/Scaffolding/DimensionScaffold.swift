import Diagnostics
import FileFormats
import FileWriting
import Flavors
import Foundation

extension FlavorScaffold {
    /// Adds flavor `name` to the dimension `dimension` of a package with dimensions, and every
    /// variant it makes: `flavorkit.json` with the flavor appended to the dimension (checked as
    /// start-up reads it), `Flavors/<name>/` copied from `template` (by default the
    /// dimension's first flavor: its plist with its name, identifier and suffix changed),
    /// `Sources/<Variant>/` for each new variant not excluded, linked as its twin's (the
    /// variant with `template` in its place), the entry file's branch for the new condition
    /// beside the template's, and each new variant's target in `Package.swift`, copied from
    /// its twin's with `-D<TEMPLATE>` changed. Checks everything before writing anything.
    public static func add(
        _ name: String, toDimension dimension: String, from template: String?, features: [String] = [],
        limits: [String: Int] = [:], in layout: PackageLayout
    ) throws(Diagnostic) -> Result {
        let configuration = layout.configurationFile
        guard let declared = layout.dimensions.first(where: { $0.name == dimension }) else {
            throw Diagnostic(
                "no dimension \"\(Diagnostic.quote(dimension))\""
                    + (layout.dimensions.isEmpty
                        ? "; declare dimensions in \(PackageLayout.Name.configuration) first"
                        : " (dimensions: \(layout.dimensions.map(\.name).joined(separator: ", ")))"),
                path: configuration.path)
        }
        guard PackageLayout.isFlavorName(name) else {
            throw Diagnostic(
                "'\(Diagnostic.quote(name))' is not a flavor name: use letters and digits, starting with a capital "
                    + "(it names a folder, part of each variant's name and its -D flag), e.g. Beta")
        }
        let source = template ?? declared.flavors[0]
        guard declared.flavors.contains(source) else {
            throw Diagnostic(
                "\(Diagnostic.quote(source)) is not a flavor of \(dimension) (its flavors: "
                    + declared.flavors.joined(separator: ", ") + ")", path: configuration.path)
        }
        let data = try InputFile.read(configuration, limit: PackageLayout.configurationSizeLimit, within: layout.root)
        let text = try configurationText(data, adding: name, to: dimension, path: configuration.path)
        // As start-up will read it: a name or a variant declared twice is refused here.
        let updated = try PackageLayout(root: layout.root, configuration: text, path: configuration.path)
        let fileManager = FileManager.default
        let variants = updated.variants.filter { $0.flavors.contains(name) }
        for variant in variants { try checkNotReserved(variant.name, what: "the variant") }
        let manifestURL = layout.root.appendingPathComponent("Package.swift")
        var manifest = try InputFile.readIfPresent(manifestURL, limit: InputFile.textLimit, within: layout.root)
            .flatMap { String(data: $0, encoding: .utf8) }
        try checkNotDeclared(variants.map(\.name), in: manifest, path: manifestURL.path)
        for existing in [layout.flavor(name)] + variants.map({ layout.sources.appendingPathComponent($0.name) })
        where fileManager.fileExists(atPath: existing.path) {
            throw Diagnostic("\(existing.lastPathComponent) exists already", path: existing.path)
        }
        // Each new variant is made from its twin (the variant with `source` in `name`'s place):
        // without one, there is nothing to copy, and nothing is written.
        for variant in variants {
            let twin = variant.flavors.map { $0 == name ? source : $0 }.joined()
            let twinFolder = layout.sources.appendingPathComponent(twin)
            guard fileManager.fileExists(atPath: twinFolder.path) else {
                throw Diagnostic(
                    "no variant \(twin) to make \(variant.name) from: start the first variant by hand "
                        + "(its flavors' folders, Sources/\(twin)/ and its target, as the article on flavor "
                        + "dimensions shows), then add flavors with --dimension", path: twinFolder.path)
            }
        }
        var plan = Plan()
        var result = Result()
        plan.files.append((configuration, text))
        if fileManager.fileExists(atPath: layout.infoPlist(flavor: source).path) {
            let plist = try infoPlist(for: name, from: source, features: features, limits: limits, in: layout)
            plan.files.append((layout.infoPlist(flavor: name), plist.data))
        }
        plan.folders.append(layout.localizations(flavor: name))

        var entries: Set<String> = []
        for variant in variants {
            let twin = variant.flavors.map { $0 == name ? source : $0 }.joined()
            let folder = layout.sources.appendingPathComponent(variant.name)
            let twinFolder = layout.sources.appendingPathComponent(twin)
            let files = ((try? fileManager.contentsOfDirectory(atPath: twinFolder.path)) ?? []).sorted()
            for file in files {
                // Only links are made: a file of the twin's own would leave the new variant
                // without it, and a link out of Sources/ is not followed.
                guard
                    let destination = try? fileManager.destinationOfSymbolicLink(
                        atPath: twinFolder.appendingPathComponent(file).path),
                    !destination.hasPrefix("/"),
                    AtomicFile.isInside(twinFolder.appendingPathComponent(destination), layout.sources)
                else {
                    throw Diagnostic(
                        "\(Diagnostic.quote(file)) in Sources/\(twin)/ is not a relative link to a file in Sources/ "
                            + "(such as ../FlavorEntry/main.swift), so \(variant.name) cannot be made from \(twin); "
                            + "make each of \(twin)'s files such a link, or add \(variant.name) by hand",
                        path: twinFolder.appendingPathComponent(file).path)
                }
                plan.links.append((folder.appendingPathComponent(file), destination))
                entries.insert(twinFolder.appendingPathComponent(destination).standardizedFileURL.path)
            }
            guard !files.isEmpty else {
                throw Diagnostic(
                    "Sources/\(twin)/ holds no file to link \(variant.name)'s sources to", path: twinFolder.path)
            }
            if let text = manifest,
                let lines = copiedLines(
                    in: text, from: twin, to: variant.name, condition: (source.uppercased(), name.uppercased()))
            {
                manifest = lines.updated
                result.manifestLines += lines.added
            } else {
                manifest = nil
                result.manifestLines.append(
                    ".executableTarget(name: \"\(variant.name)\", dependencies: [], swiftSettings: ["
                        + variant.compileConditions.map { ".define(\"\($0)\")" }.joined(separator: ", ") + "]),")
            }
        }
        if let manifest, !variants.isEmpty {
            plan.files.append((manifestURL, Data(manifest.utf8)))
            result.manifestUpdated = true
        } else if !variants.isEmpty {
            result.nextSteps.append("add these targets to Package.swift, with the dependencies of their twins")
        }
        for path in entries.sorted() {
            let entry = URL(fileURLWithPath: path)
            guard
                let text = try InputFile.readIfPresent(entry, limit: InputFile.textLimit, within: layout.sources)
                    .flatMap({ String(data: $0, encoding: .utf8) }),
                let changed = FlavorEntryFile.adding(name, besideDimensionFlavor: source, to: text)
            else {
                result.nextSteps.append(
                    "in \(layout.relativePath(entry)), add an `#elseif \(name.uppercased())` branch for \(name) "
                        + "beside \(source)'s")
                continue
            }
            plan.files.append((entry, Data(changed.utf8)))
        }
        try carryOut(plan, in: layout, result: &result)
        result.nextSteps += workflowSteps(for: variants.map(\.name), in: layout)
        result.nextSteps.append("swift run flavorkit lint --strict")
        result.nextSteps += variants.map { "swift build --product \($0.name)" }
        return result
    }

    /// `flavorkit.json`'s text with `name` appended to `dimension`'s flavors: one insertion
    /// into the text as written, so that its order, layout and every other setting stay as
    /// they are. The new name is set apart from the one before it as the flavors before it are
    /// (`, ` on one line, or a line of its own).
    static func configurationText(_ data: Data, adding name: String, to dimension: String, path: String)
        throws(Diagnostic) -> Data
    {
        var bytes = [UInt8](data)
        // A UTF-8 byte-order mark, which start-up reads past, is kept before the text.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let insertion = bytes.withUnsafeBufferPointer { text in
            var reader = JSONReader(UnsafeBufferPointer(rebasing: text[start...]))
            return try? flavorsEnd(of: dimension, in: &reader)
        }
        guard let insertion else {
            throw Diagnostic("expected dimensions such as [{\"name\": …, \"flavors\": […]}]", path: path)
        }
        bytes.insert(contentsOf: Array((insertion.separator + "\"\(name)\"").utf8), at: start + insertion.offset)
        return Data(bytes)
    }

    /// Where, in a `flavorkit.json` read by `reader`, a flavor goes at the end of
    /// `dimension`'s flavors, and what sets it apart from the one before; nil when the
    /// dimension has no flavors there. (The file has been read as start-up reads it: it has
    /// one `dimensions` key, each dimension one name.)
    private static func flavorsEnd(of dimension: String, in reader: inout JSONReader) throws(JSONReader.Failure)
        -> (offset: Int, separator: String)?
    {
        var found: (offset: Int, separator: String)?
        try reader.beginObject()
        var firstKey = true
        while let key = try reader.nextKey(first: &firstKey) {
            guard reader.decode(key) == "dimensions", try reader.kind() == .array else {
                try reader.skipValue()
                continue
            }
            try reader.beginArray()
            var firstDimension = true
            while try reader.nextElement(first: &firstDimension) {
                guard try reader.kind() == .object else {
                    try reader.skipValue()
                    continue
                }
                try reader.beginObject()
                var firstMember = true
                var named = false
                var end: (offset: Int, separator: String)?
                while let member = try reader.nextKey(first: &firstMember) {
                    let kind = try reader.kind()
                    switch reader.decode(member) {
                    case "name" where kind == .string: named = try reader.string() == dimension
                    case "flavors" where kind == .array: end = try arrayEnd(&reader)
                    default: try reader.skipValue()
                    }
                }
                if named, let end { found = end }
            }
        }
        return found
    }

    /// Reads an array: the offset just after its last element, and the text between its last
    /// two (`, ` when it has one element); nil when it is empty.
    private static func arrayEnd(_ reader: inout JSONReader) throws(JSONReader.Failure)
        -> (offset: Int, separator: String)?
    {
        try reader.beginArray()
        var first = true
        var spans: [Range<Int>] = []
        while try reader.nextElement(first: &first) {
            _ = try reader.kind()
            let start = reader.offset
            try reader.skipValue()
            spans.append(start..<reader.offset)
        }
        guard let last = spans.last else { return nil }
        let separator =
            spans.count > 1
            ? String(decoding: reader.text[spans[spans.count - 2].upperBound..<last.lowerBound], as: UTF8.self) : ", "
        return (last.upperBound, separator)
    }
}
