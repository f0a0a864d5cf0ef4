import Diagnostics
import FileFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `flavorkit.json` with FileFormats' JSON pull reader: each setting straight into its
/// Swift type (nothing built as `Any` and cast back), each mistake at the key or the value at
/// fault. Every variant's start-up reads it: it costs a few microseconds.
struct ConfigurationReader {
    /// What the file sets, checked.
    struct Settings {
        /// Each folder setting (`flavors`, …): the folder it names, and where it is (its key),
        /// as an offset while the text is read, then as a location.
        var folders: [String: String] = [:]
        var folderLocations: [String: SourceLocation] = [:]
        fileprivate var folderOffsets: [String: Int] = [:]
        var keyCalls: [String]?
        var dimensions: [FlavorDimension] = []
        var exclusions: [[String]] = []
    }

    /// A string as read, and the offset of its opening quote (for a message about it).
    private struct Placed {
        var text: String
        var offset: Int
    }

    private typealias Failure = JSONReader.Failure

    /// The settings `data`, the text of the `flavorkit.json` at `path`, holds; a mistake is an
    /// error at its line and column.
    static func settings(of data: Data, path: String) throws(Diagnostic) -> Settings {
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> Settings in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    var reader = JSONReader(text)
                    let settings: Settings?
                    do throws(Failure) {
                        settings = try Self.settings(&reader)
                    } catch {
                        var positions = TextPositions(text: text, path: path)
                        let message = error.isSyntax ? "not valid JSON: \(error.message)" : error.message
                        throw Diagnostic(message, at: positions.location(at: error.offset))
                    }
                    guard var settings else {
                        throw Diagnostic(
                            "the top level must be an object such as {\"sources\": \"Sources\"}", path: path)
                    }
                    var positions = TextPositions(text: text, path: path)
                    settings.folderLocations = settings.folderOffsets.mapValues { positions.location(at: $0) }
                    return settings
                }
            }
        }
        return try read.get()
    }

    /// The document's settings, or nil when it is JSON but not an object.
    private static func settings(_ reader: inout JSONReader) throws(Failure) -> Settings? {
        guard try reader.kind() == .object else {
            try reader.skipValue(nestingAtMost: JSONValues.maximumNesting)
            try reader.end()
            return nil
        }
        try reader.beginObject()
        var settings = Settings()
        var keys: [String] = []
        // Checked once the object is read: `exclude` names flavors of `dimensions`, written before or after it.
        var dimensions: (list: [(name: String, flavors: [Placed])], at: Int)?
        var exclude: (list: [[Placed]], at: Int)?
        var first = true
        while let token = try reader.nextKey(first: &first) {
            let key = reader.decode(token)
            let at = token.start - 1
            guard !keys.contains(key) else {
                throw Failure(message: "\"\(Diagnostic.quote(key))\" is given twice", offset: at)
            }
            keys.append(key)
            switch key {
            case "keyCalls":
                guard let names = try strings(&reader), !names.isEmpty else {
                    throw shape("keyCalls must be a non-empty array of call names such as [\"text\"]", at)
                }
                guard names.count <= PackageLayout.keyCallLimit else {
                    throw shape("keyCalls: more than \(PackageLayout.keyCallLimit) call names", at)
                }
                for (index, name) in names.enumerated() {
                    guard PackageLayout.isCallName(name.text) else {
                        throw shape(
                            "keyCalls: \"\(Diagnostic.quote(name.text))\" is not a call name (write text or L10n.tr)",
                            at)
                    }
                    guard !names[..<index].contains(where: { $0.text == name.text }) else {
                        throw shape("keyCalls: \(name.text) is given twice", name.offset)
                    }
                }
                settings.keyCalls = names.map(\.text)
            case "dimensions":
                dimensions = (try declaredDimensions(&reader, at: at), at)
            case "exclude":
                exclude = (try combinations(&reader, at: at), at)
            case _ where PackageLayout.configurationKeys.contains(key):
                let mistake = shape("\(key) must be a folder name (a non-empty string)", at)
                guard try reader.kind() == .string else { throw mistake }
                let folder = try reader.string()
                guard !folder.isEmpty else { throw mistake }
                // The tools write and remove files in these folders: never outside the package.
                guard Self.staysInside(folder) else {
                    throw shape(
                        "\(key): \"\(Diagnostic.quote(folder))\" is not a folder inside the package (a relative "
                            + "path without .. and without control characters, such as App/Sources)", at)
                }
                settings.folders[key] = folder
                settings.folderOffsets[key] = at
            default:
                throw shape(
                    "unknown key \"\(Diagnostic.quote(key))\" (known: "
                        + PackageLayout.configurationKeys.joined(separator: ", ") + ")", at)
            }
        }
        try reader.end()
        if let dimensions { settings.dimensions = try checked(dimensions.list, at: dimensions.at) }
        if let exclude {
            settings.exclusions = try exclusions(exclude.list, dimensions: settings.dimensions, at: exclude.at)
        }
        return settings
    }

    /// Whether `folder`, a setting's value, names a folder inside the package: relative, with
    /// no `..` part, and no control character (a newline, NUL, an escape).
    static func staysInside(_ folder: String) -> Bool {
        !folder.hasPrefix("/") && !folder.split(separator: "/").contains("..")
            && !folder.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// A mistake in a document that is JSON: reported without "not valid JSON".
    private static func shape(_ message: String, _ offset: Int) -> Failure {
        Failure(message: message, offset: offset, isSyntax: false)
    }

    /// The next value as an array of strings, each placed; nil when it is something else.
    private static func strings(_ reader: inout JSONReader) throws(Failure) -> [Placed]? {
        guard try reader.kind() == .array else { return nil }
        try reader.beginArray()
        var strings: [Placed] = []
        var first = true
        while try reader.nextElement(first: &first) {
            guard try reader.kind() == .string else { return nil }
            let offset = reader.offset
            strings.append(Placed(text: try reader.string(), offset: offset))
        }
        return strings
    }

    /// `dimensions` as written: an array of `{"name": …, "flavors": […]}` objects.
    private static func declaredDimensions(
        _ reader: inout JSONReader, at: Int
    ) throws(Failure) -> [(name: String, flavors: [Placed])] {
        let mistake = shape(
            "dimensions must be an array of objects such as {\"name\": \"tier\", \"flavors\": [\"Free\", \"Pro\"]}", at)
        guard try reader.kind() == .array else { throw mistake }
        try reader.beginArray()
        var list: [(name: String, flavors: [Placed])] = []
        var first = true
        while try reader.nextElement(first: &first) {
            guard list.count < PackageLayout.dimensionLimit else {
                throw shape("dimensions: more than \(PackageLayout.dimensionLimit) dimensions", at)
            }
            guard try reader.kind() == .object else { throw mistake }
            try reader.beginObject()
            var name: String?
            var flavors: [Placed]?
            var firstMember = true
            while let token = try reader.nextKey(first: &firstMember) {
                let member = reader.decode(token)
                // A member given twice, or one of another name, is named at its place.
                let memberAt = token.start - 1
                guard member == "name" || member == "flavors" else {
                    throw shape(
                        "dimensions: \"\(Diagnostic.quote(member))\" is not a member of a dimension (it has "
                            + "\"name\" and \"flavors\")", memberAt)
                }
                guard member == "name" ? name == nil : flavors == nil else {
                    throw Failure(message: "\"\(member)\" is given twice", offset: memberAt)
                }
                if member == "name", try reader.kind() == .string {
                    name = try reader.string()
                } else if member == "flavors", let members = try strings(&reader) {
                    flavors = members
                } else {
                    throw mistake
                }
            }
            guard let name, let flavors else { throw mistake }
            list.append((name, flavors))
        }
        guard !list.isEmpty else { throw mistake }
        return list
    }

    /// The declared dimensions, checked: names unique ignoring case, each with flavors, every
    /// flavor a flavor name declared once in the whole matrix (its `-D` condition too), which
    /// stays within `PackageLayout.variantLimit` variants and no two of whose variants (or a
    /// variant and a flavor) share a name.
    private static func checked(
        _ list: [(name: String, flavors: [Placed])], at: Int
    ) throws(Failure) -> [FlavorDimension] {
        var dimensions: [FlavorDimension] = []
        dimensions.reserveCapacity(list.count)
        // Each flavor, then each variant: their `-D` conditions and product names must differ
        // ignoring case. A list: a handful of short names (a set's hashing costs more).
        var names: [String] = []
        names.reserveCapacity(16)
        var count = 1
        for (name, flavors) in list {
            // ASCII: names equal ignoring case must be told apart the same way everywhere.
            guard PackageLayout.isCallName(name), name.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: ".") }),
                !dimensions.contains(where: { sameIgnoringCase($0.name, name) })
            else {
                throw shape(
                    "dimensions: \"\(Diagnostic.quote(name))\" must be an ASCII identifier not used by another "
                        + "dimension (ignoring case)", at)
            }
            guard !flavors.isEmpty else { throw shape("dimensions: \(name) has no flavors", at) }
            // Before the flavors are compared: a list of 256 names at most is compared pairwise.
            count *= flavors.count
            guard count <= PackageLayout.variantLimit else {
                throw shape("dimensions: more than \(PackageLayout.variantLimit) variants", at)
            }
            for flavor in flavors {
                guard PackageLayout.isFlavorName(flavor.text) else {
                    throw shape(
                        "dimensions: \"\(Diagnostic.quote(flavor.text))\" is not a flavor name (a capital letter, "
                            + "then letters and digits: Pro, Staging)", flavor.offset)
                }
                guard !names.contains(where: { sameIgnoringCase($0, flavor.text) }) else {
                    throw shape(
                        "dimensions: \(flavor.text) is declared twice (or shares its condition "
                            + "-D\(flavor.text.uppercased()))", flavor.offset)
                }
                names.append(flavor.text)
            }
            dimensions.append(FlavorDimension(name: name, flavors: flavors.map(\.text)))
        }
        // `A`+`BC` and `AB`+`C` make one name; so may a variant and a flavor (`Pro`+`Max`, `ProMax`).
        guard dimensions.count > 1 else { return dimensions }
        var variants = [""]
        for dimension in dimensions {
            variants = variants.flatMap { prefix in dimension.flavors.map { prefix + $0 } }
        }
        for variant in variants {
            guard !names.contains(where: { sameIgnoringCase($0, variant) }) else {
                throw shape("dimensions: two variants, or a variant and a flavor, are called \(variant)", at)
            }
            names.append(variant)
        }
        return dimensions
    }

    /// Whether two ASCII names are equal ignoring case.
    private static func sameIgnoringCase(_ one: String, _ other: String) -> Bool {
        func lowercased(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
        return one.utf8.count == other.utf8.count
            && one.utf8.elementsEqual(other.utf8) { lowercased($0) == lowercased($1) }
    }

    /// `exclude` as written: an array of arrays of strings.
    private static func combinations(_ reader: inout JSONReader, at: Int) throws(Failure) -> [[Placed]] {
        let mistake = shape("exclude must be an array of flavor combinations such as [[\"Free\", \"Staging\"]]", at)
        guard try reader.kind() == .array else { throw mistake }
        try reader.beginArray()
        var list: [[Placed]] = []
        var first = true
        while try reader.nextElement(first: &first) {
            // Filters are compared pairwise: as many as the matrix may have variants at most.
            guard list.count < PackageLayout.variantLimit else {
                throw shape("exclude: more than \(PackageLayout.variantLimit) combinations", at)
            }
            guard let filter = try strings(&reader), !filter.isEmpty else { throw mistake }
            list.append(filter)
        }
        return list
    }

    /// The `exclude` filters, checked: each of flavors `dimensions` declare, at most one per
    /// dimension, none given twice, and some variant left to build.
    private static func exclusions(
        _ list: [[Placed]], dimensions: [FlavorDimension], at: Int
    ) throws(Failure) -> [[String]] {
        guard !dimensions.isEmpty else { throw shape("exclude needs dimensions: declare them first", at) }
        var filters: [[String]] = []
        for placed in list {
            let filter = placed.map(\.text)
            for flavor in placed where !dimensions.contains(where: { $0.flavors.contains(flavor.text) }) {
                throw shape(
                    "exclude: \"\(Diagnostic.quote(flavor.text))\" is not a flavor of any dimension", flavor.offset)
            }
            let touched = filter.compactMap { flavor in dimensions.firstIndex { $0.flavors.contains(flavor) } }
            guard Set(touched).count == touched.count else {
                throw shape("exclude: [\(filter.joined(separator: ", "))] names two flavors of one dimension", at)
            }
            guard !filters.contains(where: { Set($0) == Set(filter) }) else {
                throw shape("exclude: [\(filter.joined(separator: ", "))] is given twice", at)
            }
            filters.append(filter)
        }
        let leftOut = { (flavors: [String]) in filters.contains { $0.allSatisfy(flavors.contains) } }
        guard !filters.isEmpty, PackageLayout.combinations(of: dimensions).allSatisfy(leftOut) else { return filters }
        throw shape("exclude leaves no variant to build", at)
    }
}
