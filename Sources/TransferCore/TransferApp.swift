import Commands
import Diagnostics
import Flavors
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reference app's entry point, shared by every flavor: `Light` and `Regular` call
/// `run` with their `FlavorBuild`.
package enum TransferApp {
    /// Runs one command line and returns the exit status: 0, 1 for a failed command or a bad
    /// file, 64 for a usage error or a command the flavor does not offer. A leading lone `--`
    /// (what `swift run Light -- --help` passes on) is dropped; a later one ends the options.
    /// `clock` paces `run` and times its retries (a test's need not wait them out).
    package static func run(
        _ build: FlavorBuild, arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        console: Console = .standard, clock: RunClock = .system
    ) -> Int32 {
        let line = build.program.parse(arguments.first == "--" ? Array(arguments.dropFirst()) : arguments)
        var problem: UsageError?
        // The language words the error, so it is read even when something else is wrong.
        let lang = try? AppCommandLine.flavored.language(in: line)
        var choices = FlavorCommandLine.Choices(language: lang, width: 80, usesColor: false)
        do throws(UsageError) {
            choices = try AppCommandLine.flavored.choices(
                in: line, environment: environment, outputIsTerminal: console.isTerminal,
                terminalWidth: console.terminalWidth)
        } catch {
            problem = error
        }
        var context: AppContext
        do {
            context = try makeContext(
                build, lang: lang, localizations: line.value(AppCommandLine.localizations),
                verbose: line.flag(AppCommandLine.verbose), environment: environment)
        } catch {
            console.writeError("\(error)\n")
            return error.exitStatus
        }
        context.width = choices.width
        context.clock = clock
        context.colored = choices.usesColor
        defer { report(context.texts.localizer, verbose: line.flag(AppCommandLine.verbose), console: console) }
        for notice in context.flavor.notices { console.writeError("\(notice)\n") }
        do throws(AppError) {
            if line.wantsHelp {
                console.write(try HelpScreen.render(line.path, context: context))
                return 0
            }
            if let problem {
                let usage = AppError.usage(context.texts.usage(problem, in: build.program))
                console.writeError("\(usage)\n\n" + (try HelpScreen.render([], context: context)))
                return usage.exitStatus
            }
            if line.flag(AppCommandLine.remember) {
                let text = context.texts
                guard lang != nil else { throw AppError.usage(text("error.rememberNeedsLang")) }
                remember(context.texts.localizer.preferences, asked: true, context: context, console: console)
            }
            if line.flag(AppCommandLine.version) {
                console.write("\(context.flavor.displayName) \(context.identity.version)\n")
                return 0
            }
            let queueURL = line.value(AppCommandLine.queueFile).map { URL(fileURLWithPath: $0) }
            // `add` (alone or in a shell) starts a queue file that does not exist yet.
            let starting =
                (line.path == [TransferCommands.add.name] || line.path == [AppCommandLine.shell.name])
                && queueURL.map { !FileManager.default.fileExists(atPath: $0.path) } == true
            let queue =
                starting ? TransferQueue(transfers: []) : try QueueFile.load(queueURL ?? context.resources.sampleQueue)
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

    /// Loads the flavor (identity, features, catalogs, languages): `lang` is `--lang`'s value,
    /// `localizations` `--localizations`'; `verbose` records every fallback.
    package static func makeContext(
        _ build: FlavorBuild, lang: String?, localizations: String?, verbose: Bool = false,
        environment: [String: String]
    ) throws(AppError) -> AppContext {
        let shared = (localizations ?? environment["FLAVORKIT_LOCALIZATIONS"]).map { URL(fileURLWithPath: $0) }
        do {
            let flavor = try Flavor.load(
                build.flavorName, features: build.features, otherFlavorsFeatures: build.leftOut.features,
                language: lang, sharedCatalogs: shared, recordsFallbacks: verbose, remembersLanguage: true,
                environment: environment, sourceFile: build.sourceFile)
            return AppContext(flavor: flavor, build: build)
        } catch {
            switch error {
            case .resources(let diagnostic): throw AppError.file(diagnostic)
            case .language(let diagnostic): throw AppError.usage(diagnostic.message)
            }
        }
    }

    /// Keeps `preferences` for later runs and tells whether it did; a failure is reported,
    /// never fatal. Without a configuration folder, says so only when `asked`.
    @discardableResult
    static func remember(_ preferences: [LanguageTag], asked: Bool, context: AppContext, console: Console) -> Bool {
        guard let remembered = context.flavor.rememberedLanguage else {
            if asked {
                let warning = Diagnostic(
                    "cannot remember the language: set XDG_CONFIG_HOME or HOME", severity: .warning)
                console.writeError("\(warning)\n")
            }
            return false
        }
        do {
            try remembered.remember(preferences)
            return true
        } catch {
            console.writeError("\(error)\n")
            return false
        }
    }

    /// Catalogs that failed to load are always reported; with `--verbose`, every fallback and
    /// every other issue too.
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
    package static let samplesFolder = "Samples"

    /// The queue shown when no `--queue` is given: `Samples/queue.json`.
    package var sampleQueue: URL {
        root.appendingPathComponent(Self.samplesFolder).appendingPathComponent("queue.json")
    }
}
