import Foundation
import Localization

/// Carries out commands against a queue, one at a time: a single command from the command
/// line, or many typed in the interactive session (`shell`), where `lang LANG` switches the
/// language and shows the current screen again at once.
public struct Session {
    public let context: AppContext
    public private(set) var queue: TransferQueue
    /// Where changes are saved; nil when the sample queue is shown.
    public let queueURL: URL?
    let console: Console
    /// Inside `shell`, changes live in memory when there is no queue file to save them to.
    private var inShell = false
    /// The view shown last, re-rendered after a language switch.
    private var currentView: Invocation.Command = .queue

    public init(context: AppContext, queue: TransferQueue, queueURL: URL?, console: Console) {
        self.context = context
        self.queue = queue
        self.queueURL = queueURL
        self.console = console
    }

    /// Runs one command and returns what it prints.
    public mutating func perform(_ command: Invocation.Command) throws(AppError) -> String {
        let text = context.texts
        switch command {
        case .queue, .about, .show:
            let output = try render(command)
            currentView = command
            return output
        case .shell:
            throw AppError.usage(text("error.nestedShell"))
        case .extensionCommand(let name, let arguments):
            guard let command = context.commands.first(where: { $0.signature.name == name }) else {
                throw AppError.unavailable(text("error.unavailable", .string(name), .string(context.displayName)))
            }
            guard arguments.count == command.signature.arguments.count else {
                throw AppError.usage(text.usageProblem(.wrongArguments(synopsis: command.signature.synopsis)))
            }
            let flavorExtension = context.build.flavorExtension
            try flavorExtension.willChange(by: name, queueURL: queueURL, inShell: inShell, context: context)
            var changed = queue
            let message = try command.action(arguments, &changed, context)
            try flavorExtension.didChange(changed, queueURL: queueURL, context: context)
            queue = changed
            return message + "\n"
        }
    }

    private func render(_ view: Invocation.Command) throws(AppError) -> String {
        let text = context.texts
        switch view {
        case .about:
            return AboutScreen.render(context: context)
        case .show(let id):
            guard let transfer = context.visible(queue)[id: id] else {
                throw AppError.failed(text("error.unknownTransfer", .string(id)))
            }
            return TransferScreen.render(transfer, context: context)
        default:
            return QueueScreen.render(queue, context: context)
        }
    }

    /// Reads commands line by line until the input ends or `quit`.
    public mutating func runInteractive() {
        inShell = true
        loop()
    }

    private mutating func loop() {
        let text = context.texts
        if console.isInteractive { console.write(text("shell.welcome") + "\n") }
        while true {
            if console.isInteractive { console.write("> ") }
            guard let line = console.readLine() else { break }
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            switch first {
            case "quit", "exit":
                return
            case "help":
                console.write(HelpScreen.render(program: context.identity.name, context: context))
            case "lang":
                switchLanguage(words.dropFirst().joined(separator: ":"))
            default:
                do {
                    console.write(try perform(Invocation.command(words, addedCommands: context.build.addedCommands)))
                } catch let problem as UsageProblem {
                    console.writeError("\(AppError.usage(text.usageProblem(problem)))\n")
                } catch {
                    console.writeError("\(error)\n")
                }
            }
        }
    }

    private mutating func switchLanguage(_ value: String) {
        let text = context.texts
        guard let preferences = try? LanguagePreferences.parseList(value, source: "lang") else {
            console.writeError("\(AppError.usage(text.usageProblem(.invalidLanguage(value))))\n")
            return
        }
        guard !preferences.isEmpty else {
            console.writeError("\(AppError.usage(text("error.langNeedsValue")))\n")
            return
        }
        text.localizer.setPreferences(preferences)
        do {
            console.write(try render(currentView))
        } catch {
            console.writeError("\(error)\n")
        }
    }
}
