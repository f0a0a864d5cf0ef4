import Diagnostics
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flavor as it runs: who it is (its `Info.plist`), which features it enables, where its
/// resources are, and its text in the user's language.
///
/// Load it once at start-up, from the program's entry file:
///
///     let flavor = try Flavor.load("Pro", features: [.export, .sync], language: langOption)
///     let text = flavor.text
///     print(text("welcome", .string(flavor.displayName)))
///
/// The catalogs are the package's shared `Localizations/` with the flavor's own
/// `Flavors/<Name>/Localizations/` on top (the flavor's entries win per key). Each key falls
/// back on its own along the user's languages, their parents and the development language.
///
/// In a package with dimensions (`flavorkit.json`), the name is a variant's (`ProStaging`):
/// its `Info.plist` and catalogs are its folders' merged by priority, the variant's own
/// folder first, then its flavors in dimension order, then the shared catalogs (see
/// ``Variant`` and <doc:FlavorDimensions>).
public struct Flavor: Sendable {
    /// The flavor's `Info.plist` (a variant's: its folders' merged), as read.
    public let identity: FlavorIdentity
    /// The variant this program is: its flavor in each dimension
    /// (`variant.flavor(in: "environment")`); a flavor alone in a package without dimensions.
    public let variant: Variant
    /// The package folder the resources were found in.
    public let resources: PackageLayout
    /// The features compiled into this program that the plist enables, in the order they
    /// were registered.
    public let features: [Feature]
    /// Text in the language in use: `text("key", …)`, numbers, sizes, dates.
    public let text: Texts
    /// What decided the languages at start-up.
    public let languageSource: LanguageSource
    /// Where the user's choice of language is kept between runs; nil unless loaded with
    /// `remembersLanguage`, or when the environment names no configuration folder.
    public let rememberedLanguage: RememberedLanguage?
    /// The languages the environment asks for (ignoring `language` and the remembered
    /// choice), and the variable that decided them: what a "use the system's language"
    /// choice goes back to.
    public let systemPreferences: [LanguageTag]
    /// What decided `systemPreferences` (`.environment(variable)` or `.development`).
    public let systemSource: LanguageSource
    /// Problems met while loading that did not stop it (an unreadable remembered language),
    /// to report once.
    public let notices: [Diagnostic]

    /// The localizer behind `text`: switch languages at run time with `setPreferences`.
    public var localizer: Localizer { text.localizer }

    /// The flavor's name in the language in use: the `InfoPlist.strings` translation of
    /// `CFBundleDisplayName` (in the shared or the flavor's catalogs), as on Apple platforms,
    /// else the plist's own value. A control character in a translation is written out
    /// (`\u{1B}`), as in every text, never sent to the terminal.
    public var displayName: String {
        localizer.entry("CFBundleDisplayName", table: "InfoPlist").map { ControlCharacters.shown($0.value) }
            ?? identity.displayName
    }

    /// Whether the plist enables `feature` (and the program contains it).
    public func has(_ feature: Feature) -> Bool {
        features.contains { $0.name == feature.name }
    }

    /// The plist's `FlavorLimits` value called `name`, or `defaultValue` when it sets none.
    public func limit(_ name: String, default defaultValue: Int) -> Int {
        identity.limits[name] ?? defaultValue
    }

    /// Finds the flavor's resources, reads its identity, checks its features, loads its
    /// catalogs and resolves the user's languages.
    ///
    /// - Parameters:
    ///   - name: the flavor's folder under `Flavors/`, or in a package with dimensions the
    ///     variant's name (`ProStaging`): the executable's name, usually.
    ///   - features: every feature compiled into this program. The plist may enable only
    ///     these.
    ///   - otherFlavorsFeatures: the names of features other flavors' builds contain: a plist
    ///     that lists one of them gets "this build does not contain it", any other unknown
    ///     name "unknown feature".
    ///   - language: the `--lang` value (a tag or a colon list), which wins over the POSIX
    ///     environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`).
    ///   - sharedCatalogs: a folder to use instead of the package's `Localizations/`.
    ///   - recordsFallbacks: record every key shown from a fallback language in
    ///     `localizer.issues` (what a `--verbose` flag prints).
    ///   - remembersLanguage: consult the user's remembered choice (`RememberedLanguage`)
    ///     after `language` and before the environment.
    ///   - environment: where the language variables and `FLAVORKIT_RESOURCES` are read.
    ///   - executable: the running program, whose folder and those above it are searched
    ///     (see ``ResourceLocator``).
    ///   - sourceFile: a source file of the program's package, searched last; by default the
    ///     caller's `#filePath`, which names the caller's package.
    /// - Returns: the flavor, ready to show text.
    /// - Throws: ``FlavorError/resources(_:)`` when the resources are missing or wrong,
    ///   ``FlavorError/language(_:)`` when `language` is not a language list.
    public static func load(
        _ name: String,
        features: [Feature] = [],
        otherFlavorsFeatures: [String] = [],
        language: String? = nil,
        sharedCatalogs: URL? = nil,
        recordsFallbacks: Bool = false,
        remembersLanguage: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = ResourceLocator.runningExecutable,
        sourceFile: String = #filePath
    ) throws(FlavorError) -> Flavor {
        let resources: PackageLayout
        let identity: FlavorIdentity
        let variant: Variant
        do {
            resources = try ResourceLocator.locate(
                flavor: name, environment: environment, executable: executable, sourceFile: sourceFile)
            // The locator found the variant: it qualifies a folder by it.
            variant = resources.variant(named: name)!
            identity = try resources.identity(of: variant)
        } catch {
            throw .resources(error)
        }
        let enabled = try enabledFeatures(
            identity, compiled: features, elsewhere: otherFlavorsFeatures,
            plistPath: { feature in
                // Only for a message: the plist (of a variant's, the first) that lists the feature.
                let plist = try? VariantInfoPlist(variant: variant, layout: resources)
                return plist?.layers.first { ($0.value(.features) as? [String])?.contains(feature) == true }?
                    .path ?? resources.infoPlist(flavor: variant.folders.last!).path
            })
        let remembered =
            remembersLanguage
            ? RememberedLanguage(bundleIdentifier: identity.bundleIdentifier, environment: environment) : nil
        var notices: [Diagnostic] = []
        let (preferences, source) = try languages(
            language, remembered: remembered, environment: environment, notices: &notices)
        let (systemPreferences, systemSource) = try languages(
            nil, remembered: nil, environment: environment, notices: &notices)
        let catalogs = sharedCatalogs ?? resources.localizations
        // One stat(2) at start-up, not a listing: the store lists the folder when it loads.
        let catalogsPath = catalogs.path
        var status = stat()
        guard stat(catalogsPath, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            // Without it every text would show as its key: say so instead.
            // Named by flavorkit.json when it is not the default folder.
            let configured =
                catalogs.standardizedFileURL.path
                != resources.root.appendingPathComponent(PackageLayout.Name.localizations).standardizedFileURL.path
            throw .resources(
                Diagnostic(
                    "the catalog folder does not exist"
                        + (configured
                            ? " (\(PackageLayout.Name.configuration) names it)"
                            : "; create it (`flavorkit extract` fills it with the keys the code uses), or, when "
                                + "\(PackageLayout.Name.configuration) names another folder, ship that file beside "
                                + "\(PackageLayout.Name.flavors)/"),
                    path: catalogsPath))
        }
        // Lowest priority first: the store's later folders win per key.
        let store = CatalogStore(
            folderPaths: [catalogsPath] + variant.folders.reversed().map(resources.localizationsPath(flavor:)),
            pseudoLocaleSource: identity.developmentLanguage)
        let localizer = Localizer(
            store: store, developmentLanguage: identity.developmentLanguage, preferences: preferences,
            recordsFallbacks: recordsFallbacks)
        return Flavor(
            identity: identity, variant: variant, resources: resources, features: enabled,
            text: Texts(localizer: localizer),
            languageSource: source, rememberedLanguage: remembered, systemPreferences: systemPreferences,
            systemSource: systemSource, notices: notices)
    }

    /// The preferred languages and what decided them: `language`, else the remembered
    /// choice, else the first POSIX variable with a language, else none (the development
    /// language). An invalid `language` is an error; an invalid environment value is skipped.
    static func languages(
        _ language: String?, remembered: RememberedLanguage?, environment: [String: String],
        notices: inout [Diagnostic]
    ) throws(FlavorError) -> ([LanguageTag], LanguageSource) {
        if let language {
            do {
                let tags = try LanguagePreferences.parseList(language, source: "--lang")
                if !tags.isEmpty { return (tags, .commandLine) }
            } catch {
                throw .language(Diagnostic(error.description))
            }
        }
        do {
            if let tags = try remembered?.read() { return (tags, .remembered) }
        } catch {
            notices.append(error)
        }
        for name in LanguagePreferences.variables {
            if let value = environment[name], let tags = try? LanguagePreferences.parseList(value, source: name),
                !tags.isEmpty
            {
                return (tags, .environment(name))
            }
        }
        return ([], .development)
    }

    /// The compiled features the plist enables; a plist feature that is not compiled in is
    /// an error at the plist.
    static func enabledFeatures(
        _ identity: FlavorIdentity, compiled: [Feature], elsewhere: [String], plistPath: (String) -> String
    ) throws(FlavorError) -> [Feature] {
        let names = compiled.map(\.name)
        for name in identity.features.sorted() where !names.contains(name) {
            guard elsewhere.contains(name) else {
                let known = Set(names + elsewhere).sorted().joined(separator: ", ")
                throw .resources(
                    Diagnostic(
                        "FlavorFeatures: unknown feature \"\(Diagnostic.quote(name))\" (known: \(known))",
                        path: plistPath(name)))
            }
            throw .resources(
                Diagnostic(
                    "FlavorFeatures lists \"\(name)\", which this build of \(identity.name) does not contain",
                    path: plistPath(name)))
        }
        return compiled.filter { identity.features.contains($0.name) }
    }
}

/// Why a flavor could not be loaded.
public enum FlavorError: Error, CustomStringConvertible {
    /// The resources are missing or wrong (not found, a bad Info.plist, a feature the build
    /// lacks): exit status 1.
    case resources(Diagnostic)
    /// The `language` argument is not a language list: a usage error, exit status 64.
    case language(Diagnostic)

    /// The error, as printed.
    public var diagnostic: Diagnostic {
        switch self {
        case .resources(let diagnostic), .language(let diagnostic): diagnostic
        }
    }

    /// 1 for `resources`, 64 (`EX_USAGE`) for `language`.
    public var exitStatus: Int32 {
        switch self {
        case .resources: 1
        case .language: 64
        }
    }

    /// `diagnostic`, printed (`path: error: message`).
    public var description: String { diagnostic.description }

    /// Prints ``description`` on standard error and ends the program with ``exitStatus``: what
    /// an entry file does when ``Flavor/load(_:features:otherFlavorsFeatures:language:sharedCatalogs:recordsFallbacks:remembersLanguage:environment:executable:sourceFile:)``
    /// throws, without importing the whole of Foundation for it.
    ///
    /// ```swift
    /// let flavor: Flavor
    /// do { flavor = try Flavor.load("Free", language: language) } catch { error.exit() }
    /// ```
    public func exit() -> Never {
        var line = description + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        #if canImport(Glibc)
        Glibc.exit(exitStatus)
        #elseif canImport(Darwin)
        Darwin.exit(exitStatus)
        #endif
    }
}
