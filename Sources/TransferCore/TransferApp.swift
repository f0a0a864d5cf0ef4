import Commands
import Diagnostics
import Flavors
import Foundation
import Localization

/// The reference app's entry point, shared by every flavor: `Light` and `Regular` call
/// `run` with their `FlavorBuild`.
public enum TransferApp {
    /// Runs one command line and returns the exit status: 0, 1 for a failed command or a bad
    /// file, 64 for a usage error or a command the flavor does not offer. A leading lone `--`
    /// (what `swift run Light -- --help` passes on) is dropped; a later one ends the options.
    public static func run(
        _ build: FlavorBuild, arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        console: Console = .standard
    ) -> Int32 {
        let line = build.program.parse(arguments.first == "--" ? Array(arguments.dropFirst()) : arguments)
        var problem = line.problem
        let lang: String?
        do {
            lang = try AppCommandLine.language(of: line)
        } catch {
            lang = nil
            problem = problem ?? error
        }
        let context: AppContext
        do {
            context = try makeContext(
                build, lang: lang, localizations: line.value(AppCommandLine.localizations),
                environment: environment)
        } catch {
            console.writeError("\(error)\n")
            return error.exitStatus
        }
        defer { report(context.texts.localizer, verbose: line.flag(AppCommandLine.verbose), console: console) }
        do {
            if line.wantsHelp {
                console.write(try HelpScreen.render(line.path, context: context))
                return 0
            }
            if let problem {
                let usage = AppError.usage(context.texts.usage(problem, in: build.program))
                console.writeError("\(usage)\n\n" + (try HelpScreen.render([], context: context)))
                return usage.exitStatus
            }
            if line.flag(AppCommandLine.version) {
                console.write("\(context.displayName) \(context.identity.version)\n")
                return 0
            }
            let queueURL = line.value(AppCommandLine.queueFile).map { URL(fileURLWithPath: $0) }
            let queue = try QueueFile.load(queueURL ?? context.resources.sampleQueue)
            var session = Session(context: context, queue: queue, queueURL: queueURL, console: console)
            if line.path == [AppCommandLine.shell.name] {
                session.runInteractive()
                return 0
            }
            console.write(try session.perform(line))
            return 0
        } catch {
            console.writeError("\(error)\n")
            return error.exitStatus
        }
    }

    /// Loads the flavor's identity and catalogs and resolves the language: `lang` is `--lang`'s
    /// value, `localizations` `--localizations`'.
    public static func makeContext(
        _ build: FlavorBuild, lang: String?, localizations: String?, environment: [String: String]
    ) throws(AppError) -> AppContext {
        let resources: PackageLayout
        let identity: FlavorIdentity
        do {
            resources = try ResourceLocator.locate(flavor: build.flavorName, environment: environment)
            identity = try FlavorIdentity(
                name: build.flavorName, contentsOf: resources.infoPlist(flavor: build.flavorName))
        } catch {
            throw AppError.file(error)
        }
        let features = try build.enabledFeatures(
            identity, plistPath: resources.infoPlist(flavor: build.flavorName).path)
        let preferences: [LanguageTag]
        do {
            preferences = try LanguagePreferences.resolve(lang: lang, environment: environment)
        } catch {
            throw AppError.usage(error.description)
        }
        guard let development = LanguageTag(identity.developmentRegion) else {
            let message =
                "CFBundleDevelopmentRegion \"\(Diagnostic.quote(identity.developmentRegion))\" is not a language tag"
            throw AppError.file(Diagnostic(message, path: resources.infoPlist(flavor: build.flavorName).path))
        }
        let shared =
            (localizations ?? environment["FLAVORKIT_LOCALIZATIONS"])
            .map { URL(fileURLWithPath: $0) } ?? resources.localizations
        let store = CatalogStore(
            folders: [shared, resources.localizations(flavor: build.flavorName)],
            pseudoLocaleSource: development)
        let localizer = Localizer(store: store, developmentLanguage: development, preferences: preferences)
        return AppContext(
            identity: identity, resources: resources, build: build, features: features,
            texts: Texts(localizer: localizer))
    }

    /// Catalogs that failed to load are always reported; with `--verbose`, every fallback too.
    static func report(_ localizer: Localizer, verbose: Bool, console: Console) {
        for issue in localizer.issues {
            if case .unreadableCatalog = issue {
                console.writeError("\(issue)\n")
            } else if verbose {
                console.writeError("\(issue)\n")
            }
        }
    }
}

extension PackageLayout {
    /// The app's own folder beside `Flavors/` and `Localizations/`: `Samples/`.
    public static let samplesFolder = "Samples"

    /// The queue shown when no `--queue` is given: `Samples/queue.json`.
    public var sampleQueue: URL {
        root.appendingPathComponent(Self.samplesFolder).appendingPathComponent("queue.json")
    }
}
