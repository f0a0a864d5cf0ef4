import Diagnostics
import FileFormats
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who a flavor is: read from `Flavors/<Name>/Info.plist`, never hard-coded in Swift.
///
/// Besides Apple's standard keys (`CFBundleIdentifier`, `CFBundleDisplayName`,
/// `CFBundleShortVersionString`, `CFBundleDevelopmentRegion`) a flavor lists what it offers:
/// `FlavorFeatures` (an array of feature names) and `FlavorLimits` (a dictionary of
/// name → whole number, each in its range: `limitRanges`). What the names mean is up to the app.
public struct FlavorIdentity: Sendable, Equatable {
    /// The flavor's folder name under `Flavors/`, e.g. `Light`.
    public let name: String
    /// `CFBundleIdentifier`, e.g. `com.example.transfers.light`.
    public let bundleIdentifier: String
    /// `CFBundleDisplayName` as written in the plist (`Flavor.displayName` is translated).
    public let displayName: String
    /// `CFBundleShortVersionString`.
    public let version: String
    /// The language whose catalogs are complete and used when nothing else matches
    /// (`CFBundleDevelopmentRegion`).
    public let developmentLanguage: LanguageTag
    /// The feature names `FlavorFeatures` lists.
    public let features: Set<String>
    /// `FlavorLimits`: name → whole number, each in its range (`limitRanges`).
    public let limits: [String: Int]
    /// `FlavorLook`: the accent colour and progress bar characters.
    public let look: FlavorLook

    /// An identity made in code (tests, tools); `init(name:contentsOf:)` reads a flavor's own.
    public init(
        name: String, bundleIdentifier: String, displayName: String, version: String,
        developmentLanguage: LanguageTag, features: Set<String>, limits: [String: Int],
        look: FlavorLook = FlavorLook()
    ) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.version = version
        self.developmentLanguage = developmentLanguage
        self.features = features
        self.limits = limits
        self.look = look
    }

    /// The most read of a flavor's `Info.plist`: it holds a few dozen keys.
    public static let plistLimit = 16 << 20

    /// Reads and validates an Info.plist (XML or binary): a regular file of at most
    /// `plistLimit` bytes, inside `folder` (its flavor's) when given (see `InputFile`).
    public init(name: String, contentsOf url: URL, within folder: URL? = nil) throws(Diagnostic) {
        try self.init(name: name, atPath: url.path, within: folder?.path)
    }

    /// `init(name:contentsOf:within:)` with paths: start-up joins them as text.
    package init(name: String, atPath path: String, within folder: String?) throws(Diagnostic) {
        guard let data = try InputFile.readIfPresent(atPath: path, limit: Self.plistLimit, within: folder) else {
            throw Diagnostic(
                InputFile.isLink(path)
                    ? "cannot read the flavor's Info.plist: a symbolic link that leads to no file"
                    : "cannot read the flavor's Info.plist", path: path)
        }
        try self.init(name: name, plist: data, path: path)
    }

    /// The keys of an `Info.plist` a flavor reads, each at its ``PlistKey``'s place; the others
    /// are dropped as they are read, so that a large file costs no more memory than these.
    package static let plistKeys = PlistKey.allCases.map(\.name)

    /// A key of an `Info.plist` a flavor reads. Its raw value is its place in `plistKeys`:
    /// a plist's values are read into those places (`PropertyListValues.members`), looked up
    /// by no hash.
    package enum PlistKey: Int, CaseIterable, Sendable {
        case bundleIdentifier, displayName, version, developmentRegion, features, limits, look
        case bundleIdentifierSuffix

        /// The key as the plist writes it.
        package var name: String {
            switch self {
            case .bundleIdentifier: "CFBundleIdentifier"
            case .displayName: "CFBundleDisplayName"
            case .version: "CFBundleShortVersionString"
            case .developmentRegion: "CFBundleDevelopmentRegion"
            case .features: "FlavorFeatures"
            case .limits: "FlavorLimits"
            case .look: "FlavorLook"
            case .bundleIdentifierSuffix: FlavorIdentity.bundleIdentifierSuffixKey
            }
        }

        /// The key written `name`, when a flavor reads it.
        package init?(named name: String) {
            guard let index = FlavorIdentity.plistKeys.firstIndex(of: name) else { return nil }
            self.init(rawValue: index)
        }
    }

    /// Whether `identifier` is a bundle identifier as Apple's platforms take one: ASCII
    /// letters, digits, hyphens and periods, no part between periods empty, at most 255
    /// bytes (`com.example.app`). It names the flavor's settings folder (`RememberedLanguage`):
    /// nothing that leads elsewhere or acts on a terminal can be in it.
    public static func isBundleIdentifier(_ identifier: String) -> Bool {
        guard (1...255).contains(identifier.utf8.count) else { return false }
        var partIsEmpty = true
        for byte in identifier.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                guard !partIsEmpty else { return false }
                partIsEmpty = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                partIsEmpty = false
            default: return false
            }
        }
        return !partIsEmpty
    }

    /// What `isBundleIdentifier` takes, for messages.
    static let bundleIdentifierRule =
        "ASCII letters, digits, hyphens and periods, no part empty, at most 255 bytes (com.example.app)"

    /// `FlavorBundleIdentifierSuffix`: text a flavor of a dimension appends to the bundle
    /// identifier (`.staging`), as Android's `applicationIdSuffix`: a variant's identifier is
    /// its `CFBundleIdentifier` followed by its folders' suffixes in dimension order.
    public static let bundleIdentifierSuffixKey = "FlavorBundleIdentifierSuffix"

    /// Parses Info.plist bytes; `path` is only used in error messages.
    public init(name: String, plist data: Data, path: String) throws(Diagnostic) {
        guard let values = try PropertyListValues.members(of: data, path: path, named: Self.plistKeys) else {
            throw Diagnostic("the top level must be a dictionary", path: path)
        }
        try self.init(name: name, path: { _ in path }, value: { values[$0.rawValue] })
    }

    /// Validates an Info.plist's values: `value` gives each key's (a variant's, merged from
    /// several files, as `VariantInfoPlist` resolves it); `path` names the file that gave a
    /// key (`FlavorLimits.lists`) in error messages.
    package init(name: String, path: (String) -> String, value: (PlistKey) -> Any?) throws(Diagnostic) {
        func string(_ key: PlistKey) throws(Diagnostic) -> String {
            guard let value = value(key) as? String, !value.isEmpty else {
                throw Diagnostic("\(key.name) is missing or not a non-empty string", path: path(key.name))
            }
            return value
        }
        self.name = name
        let suffix = value(.bundleIdentifierSuffix) ?? ""
        guard let suffix = suffix as? String else {
            throw Diagnostic(
                "\(Self.bundleIdentifierSuffixKey) must be a string such as .staging",
                path: path(Self.bundleIdentifierSuffixKey))
        }
        let base = try string(.bundleIdentifier)
        guard Self.isBundleIdentifier(base) else {
            throw Diagnostic(
                "CFBundleIdentifier \"\(Diagnostic.quote(base))\" is not a bundle identifier: "
                    + Self.bundleIdentifierRule, path: path(PlistKey.bundleIdentifier.name))
        }
        bundleIdentifier = base + suffix
        guard Self.isBundleIdentifier(bundleIdentifier) else {
            throw Diagnostic(
                "\(Self.bundleIdentifierSuffixKey) \"\(Diagnostic.quote(suffix))\" makes "
                    + "\"\(Diagnostic.quote(bundleIdentifier))\", not a bundle identifier: "
                    + Self.bundleIdentifierRule,
                path: path(Self.bundleIdentifierSuffixKey))
        }
        displayName = try string(.displayName)
        version = try string(.version)
        // Shown on the terminal as they are: nothing in them may act on it or reorder the text.
        for (key, text) in [(PlistKey.displayName, displayName), (.version, version)] {
            let found = ControlCharacters.unexpected(in: text, comparedWith: "")
            guard found.isEmpty else {
                throw Diagnostic(
                    "\(key.name) holds \(ControlCharacters.names(found)), a character that acts on the terminal "
                        + "or reorders the text around it", path: path(key.name))
            }
        }
        let region = try string(.developmentRegion)
        guard let development = LanguageTag(region) else {
            throw Diagnostic(
                "CFBundleDevelopmentRegion \"\(Diagnostic.quote(region))\" is not a language tag",
                path: path("CFBundleDevelopmentRegion"))
        }
        developmentLanguage = development

        let rawFeatures = value(.features) ?? [String]()
        guard let features = rawFeatures as? [String] else {
            throw Diagnostic("FlavorFeatures must be an array of strings", path: path(PlistKey.features.name))
        }
        self.features = Set(features)

        let rawLimits = value(.limits) ?? [String: Any]()
        guard let limitDictionary = rawLimits as? [String: Any] else {
            throw Diagnostic("FlavorLimits must be a dictionary", path: path(PlistKey.limits.name))
        }
        var limits: [String: Int] = [:]
        for (key, limit) in limitDictionary.sorted(by: { $0.key < $1.key }) {
            let range = Self.limitRange(key)
            guard let number = limit as? Int, range.contains(number) else {
                throw Diagnostic(
                    "FlavorLimits.\(key) must be a whole number \(Self.describe(range)), not \(Self.describe(limit))",
                    path: path("FlavorLimits.\(key)"))
            }
            limits[key] = number
        }
        self.limits = limits
        look = try FlavorLook(plistValue: value(.look), path: path(PlistKey.look.name))
    }

    /// The ranges of the `FlavorLimits` the reference app reads (a flavor of it sets them in its
    /// plist; see its README): at most 16 transfers at once, 100 retries, a low-speed limit
    /// (`lowSpeedBytesPerSecond` over `lowSpeedSeconds`) of at most 1 GiB a second and an hour.
    /// Any other limit is a whole number from 1 to 2147483647 (`Int32.max`). Checked when the
    /// plist is read, so a flavor cannot start 200 transfers at once or wait for ever; lint's
    /// `info-plist` rule reports what start-up would refuse, in the same words.
    public static let limitRanges: [String: ClosedRange<Int>] = [
        "concurrentTransfers": 1...16,
        "transferRetries": 0...100,
        "lowSpeedBytesPerSecond": 1...(1 << 30),
        "lowSpeedSeconds": 1...3600,
    ]

    /// The range of a limit `limitRanges` does not name.
    public static let otherLimitRange = 1...Int(Int32.max)

    /// The range the `FlavorLimits` value `name` must lie in.
    public static func limitRange(_ name: String) -> ClosedRange<Int> {
        limitRanges[name] ?? otherLimitRange
    }

    /// `range` as a limit's message says it: `above 0 and at most 16`, `from 0 to 100`.
    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == 1
            ? "above 0 and at most \(range.upperBound)" : "from \(range.lowerBound) to \(range.upperBound)"
    }

    /// A plist value as a limit's message shows it: a number as written, text quoted, else
    /// what kind of value it is.
    private static func describe(_ value: Any) -> String {
        switch value {
        case let number as Int: String(number)
        case let number as Double: String(number)
        case let flag as Bool: String(flag)
        // An <integer> too large for Int comes as its digits.
        case let text as String where Self.isWholeNumber(text): text
        case let text as String: "\"\(Diagnostic.quote(text))\""
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        default: "a value of another kind"
        }
    }

    /// Whether `text` is the digits of a whole number, with a sign or not.
    private static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.drop { $0 == "-" || $0 == "+" }
        return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
    }
}
