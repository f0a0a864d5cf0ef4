import Commands
import Diagnostics
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Carries out commands against a queue, one at a time: a single command from the command
/// line, or many typed in the interactive session (`shell`), where `lang LANG` switches the
/// language and shows the current screen again at once.
package struct Session {
    package private(set) var context: AppContext
    package private(set) var queue: TransferQueue
    /// Where changes are saved; nil when the sample queue is shown.
    package let queueURL: URL?
    let console: Console
    /// Inside `shell`, changes live in memory when there is no queue file to save them to.
    private var inShell = false
    /// The view shown last (nil: the queue), re-rendered after a language switch.
    private var currentView: ParsedCommandLine?

    package init(context: AppContext, queue: TransferQueue, queueURL: URL?, console: Console) {
        self.context = context
        self.queue = queue
        self.queueURL = queueURL
        self.console = console
    }

    /// Runs the command of a parsed line (`context.build.program`'s) and returns what it
    /// prints; a line with a problem is refused as a usage error.
    package mutating func perform(_ line: ParsedCommandLine) throws(AppError) -> String {
        let text = context.texts
        if let problem = line.problem { throw AppError.usage(text.usage(problem, in: context.build.program)) }
        let name = line.path.first ?? AppCommandLine.queue.name
        switch name {
        case AppCommandLine.queue.name, AppCommandLine.show.name, AppCommandLine.about.name:
            let output = context.painted(try render(line))
            currentView = line
            return output
        case AppCommandLine.shell.name:
            throw AppError.usage(text("error.nestedShell"))
        case TransferCommands.add.name, TransferCommands.delete.name:
            let queueURL = try queueFile(for: name)
            // `add` starts a queue file that does not exist yet.
            let (changed, message) = try QueueStore.update(queueURL, creating: name == TransferCommands.add.name) {
                queue throws(AppError) in
                try QueueEdits.perform(line, on: &queue, context: context)
            }
            queue = changed
            return message + "\n"
        case TransferCommands.run.name:
            let queueURL = try queueFile(for: name)
            let folder = URL(
                fileURLWithPath: line.value(TransferCommands.into) ?? FileManager.default.currentDirectoryPath)
            let runner = TransferRunner(
                context: context, queueURL: queueURL, folder: folder, console: console, clock: context.clock)
            let message = try runner.run()
            queue = try QueueFile.load(queueURL)
            return message
        default:
            guard let command = context.commands.first(where: { $0.declaration.name == name }) else {
                throw AppError.unavailable(
                    text("error.unavailable", .string(Diagnostic.quote(name)), .string(context.flavor.displayName)))
            }
            let flavorExtension = context.build.flavorExtension
            try flavorExtension.willChange(by: name, queueURL: queueURL, inShell: inShell, context: context)
            let (changed, message) = try flavorExtension.apply(
                { queue throws(AppError) in try command.action(line, &queue, context) }, to: queue,
                queueURL: queueURL, context: context)
            queue = changed
            return message + "\n"
        }
    }

    /// The `--queue` file a command that changes the queue needs.
    private func queueFile(for name: String) throws(AppError) -> URL {
        guard let queueURL else { throw AppError.usage(context.texts("error.needsQueueFile", .string(name))) }
        return queueURL
    }

    private func render(_ view: ParsedCommandLine?) throws(AppError) -> String {
        let text = context.texts
        switch view?.path.first {
        case AppCommandLine.about.name:
            return AboutScreen.render(context: context)
        case AppCommandLine.show.name:
            // The parser let the line through, so the ID is there.
            let id = view?.argument(AppCommandLine.transferID) ?? ""
            guard let transfer = context.visible(queue)[id: id] else {
                throw AppError.failed(text("error.unknownTransfer", .string(Diagnostic.quote(id))))
            }
            return TransferScreen.render(transfer, context: context)
        default:
            return QueueScreen.render(queue, context: context)
        }
    }

    /// Reads commands line by line until the input ends or `quit`.
    package mutating func runInteractive() {
        inShell = true
        loop()
    }

    /// Each line is parsed by the build's declarations, without global options; `help`,
    /// `lang`, `quit` and `exit` are the session's own words, and `#` starts a comment.
    private mutating func loop() {
        let text = context.texts
        if console.isInteractive { console.write(text("shell.welcome") + "\n") }
        while true {
            if console.isInteractive { console.write("> ") }
            guard let line = console.readLine() else { break }
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            do {
                switch first {
                case "quit", "exit":
                    return
                case "help":
                    console.write(try HelpScreen.render([], context: context))
                case "lang":
                    try switchLanguage(words.dropFirst().joined(separator: ":"))
                default:
                    let parsed = context.build.program.parse(line: words)
                    console.write(
                        parsed.wantsHelp
                            ? try HelpScreen.render(parsed.path, input: .shellLine, context: context)
                            : try perform(parsed))
                }
            } catch {
                console.writeError("\(error)\n")
            }
        }
    }

    /// `lang LANG` switches and remembers the choice; `lang system` forgets it and goes back
    /// to what the environment asks for.
    private mutating func switchLanguage(_ value: String) throws(AppError) {
        let text = context.texts
        if value == "system" {
            do {
                try context.flavor.rememberedLanguage?.forget()
            } catch {
                console.writeError("\(error)\n")
            }
            text.localizer.setPreferences(context.flavor.systemPreferences)
            context.languageSource = context.flavor.systemSource
            console.write(context.painted(try render(currentView)))
            return
        }
        guard let preferences = try? LanguagePreferences.parseList(value, source: "lang") else {
            let problem = UsageError(.invalidValue, word: value, subject: "lang")
            throw AppError.usage(text.usage(problem, in: context.build.program))
        }
        guard !preferences.isEmpty else { throw AppError.usage(text("error.langNeedsValue")) }
        text.localizer.setPreferences(preferences)
        let saved = TransferApp.remember(preferences, asked: false, context: context, console: console)
        context.languageSource = saved ? .remembered : .session
        console.write(context.painted(try render(currentView)))
    }
}
