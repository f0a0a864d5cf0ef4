import Diagnostics
@_spi(PropertyListValues) import Localization

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
/// name → whole number). What the names mean is up to the app.
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
    /// `FlavorLimits`: name → whole number above 0.
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

    /// Reads and validates an Info.plist (XML or binary).
    public init(name: String, contentsOf url: URL) throws(Diagnostic) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Diagnostic("cannot read the flavor's Info.plist", path: url.path)
        }
        try self.init(name: name, plist: data, path: url.path)
    }

    /// Parses Info.plist bytes; `path` is only used in error messages.
    public init(name: String, plist data: Data, path: String) throws(Diagnostic) {
        let object = try PropertyListValues.value(of: data, path: path)
        guard let dictionary = object as? [String: Any] else {
            throw Diagnostic("the top level must be a dictionary", path: path)
        }
        func string(_ key: String) throws(Diagnostic) -> String {
            guard let value = dictionary[key] as? String, !value.isEmpty else {
                throw Diagnostic("\(key) is missing or not a non-empty string", path: path)
            }
            return value
        }
        self.name = name
        bundleIdentifier = try string("CFBundleIdentifier")
        displayName = try string("CFBundleDisplayName")
        version = try string("CFBundleShortVersionString")
        let region = try string("CFBundleDevelopmentRegion")
        guard let development = LanguageTag(region) else {
            throw Diagnostic(
                "CFBundleDevelopmentRegion \"\(Diagnostic.quote(region))\" is not a language tag", path: path)
        }
        developmentLanguage = development

        let rawFeatures = dictionary["FlavorFeatures"] ?? [String]()
        guard let features = rawFeatures as? [String] else {
            throw Diagnostic("FlavorFeatures must be an array of strings", path: path)
        }
        self.features = Set(features)

        let rawLimits = dictionary["FlavorLimits"] ?? [String: Any]()
        guard let limitDictionary = rawLimits as? [String: Any] else {
            throw Diagnostic("FlavorLimits must be a dictionary", path: path)
        }
        var limits: [String: Int] = [:]
        for (key, value) in limitDictionary {
            guard let number = value as? Int, number > 0 else {
                throw Diagnostic("FlavorLimits.\(key) must be a whole number above 0", path: path)
            }
            limits[key] = number
        }
        self.limits = limits
        look = try FlavorLook(plistValue: dictionary["FlavorLook"], path: path)
    }
}
