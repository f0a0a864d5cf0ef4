import Diagnostics
import Flavors
import Foundation
import Localization

/// The reference app's entry point, shared by every flavor: `Light` and `Regular` call
/// `run` with their `FlavorBuild`.
public enum TransferApp {
    /// Runs one command line and returns the exit status.
    public static func run(
        _ build: FlavorBuild, arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        console: Console = .standard
    ) -> Int32 {
        let invocation = Invocation(parsing: arguments, addedCommands: build.addedCommands)
        let context: AppContext
        do {
            context = try makeContext(build, invocation: invocation, environment: environment)
        } catch {
            console.writeError("\(error)\n")
            return error.exitStatus
        }
        defer { report(context.texts.localizer, verbose: invocation.verbose, console: console) }
        if let problem = invocation.problem {
            let usage = AppError.usage(context.texts.usageProblem(problem))
            console.writeError("\(usage)\n\n" + HelpScreen.render(program: build.flavorName, context: context))
            return usage.exitStatus
        }
        if invocation.help {
            console.write(HelpScreen.render(program: build.flavorName, context: context))
            return 0
        }
        if invocation.version {
            console.write("\(context.displayName) \(context.identity.version)\n")
            return 0
        }
        do {
            let queueURL = invocation.queuePath.map { URL(fileURLWithPath: $0) }
            let queue = try QueueFile.load(queueURL ?? context.resources.sampleQueue)
            var session = Session(context: context, queue: queue, queueURL: queueURL, console: console)
            if invocation.command == .shell {
                session.runInteractive()
                return 0
            }
            console.write(try session.perform(invocation.command))
            return 0
        } catch {
            console.writeError("\(error)\n")
            return error.exitStatus
        }
    }

    /// Loads the flavor's identity and catalogs and resolves the language.
    public static func makeContext(
        _ build: FlavorBuild, invocation: Invocation, environment: [String: String]
    ) throws(AppError) -> AppContext {
        let resources: PackageLayout
        let identity: FlavorIdentity
        do {
            resources = try ResourceLocator.locate(flavor: build.flavorName, environment: environment)
            identity = try FlavorIdentity(name: build.flavorName, contentsOf: resources.infoPlist(flavor: build.flavorName))
        } catch {
            throw AppError.file(Diagnostic(error.message, path: error.path))
        }
        let features = try build.enabledFeatures(identity, plistPath: resources.infoPlist(flavor: build.flavorName).path)
        let preferences: [LanguageTag]
        do {
            preferences = try LanguagePreferences.resolve(lang: invocation.lang, environment: environment)
        } catch {
            throw AppError.usage(error.description)
        }
        guard let development = LanguageTag(identity.developmentRegion) else {
            let message = "CFBundleDevelopmentRegion \"\(identity.developmentRegion)\" is not a language tag"
            throw AppError.file(Diagnostic(message, path: resources.infoPlist(flavor: build.flavorName).path))
        }
        let shared = (invocation.localizations ?? environment["FLAVORKIT_LOCALIZATIONS"])
            .map { URL(fileURLWithPath: $0) } ?? resources.localizations
        let store = CatalogStore(folders: [shared, resources.localizations(flavor: build.flavorName)],
                                 pseudoLocaleSource: development)
        let localizer = Localizer(store: store, developmentLanguage: development, preferences: preferences)
        return AppContext(identity: identity, resources: resources, build: build, features: features,
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
