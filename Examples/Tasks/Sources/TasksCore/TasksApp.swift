import Commands
import FlavorDates
import Flavors
import Foundation
import TerminalText

/// The features a Tasks build can contain; each flavor's Info.plist enables some of them.
extension Feature {
    /// Reminder times next to tasks (Pro).
    public static let reminders = Feature("reminders") { text in text(.featureReminders) }
    /// A banner on every screen that says the build uses test data (Staging builds only:
    /// their entry file compiles it in under `-DSTAGING`).
    public static let stagingBanner = Feature("stagingBanner") { text in text(.featureStagingBanner) }
}

/// The Tasks program, shared by every variant: `FreeStaging`, …, `ProProduction` call `run`
/// from their entry file.
public enum TasksApp {
    /// The screens, by the name given on the command line.
    public static let screens = ["today", "about", "list"]

    /// `--lang`, `--width` and `--color`, as every flavored program takes them.
    static let flavored = FlavorCommandLine()

    /// The command line: the flavored options and one command per screen (`today` by default).
    static func program(_ name: String) -> Program {
        Program(
            name, summary: "your tasks, in your language", options: flavored.options,
            commands: [
                Command("today", summary: "today's tasks"), Command("about", summary: "this build"),
                Command("list", summary: "every task, as a table that fits the width"),
            ], defaultCommand: "today")
    }

    /// Runs `[--lang LANG] [--width N] [--color WHEN] [today|about|list]` and returns the exit
    /// status: 0, 1 when the flavor cannot load, 64 for a usage error (`--help` prints help).
    public static func run(
        flavor name: String, features: [Feature], arguments: [String], sourceFile: String = #filePath
    ) -> Int32 {
        let program = program(name)
        let line = program.parse(arguments)
        if line.wantsHelp {
            print(program.help(for: line.path), terminator: "")
            return 0
        }
        do {
            let choices = try flavored.choices(in: line)
            let flavor = try Flavor.load(name, features: features, language: choices.language, sourceFile: sourceFile)
            print(render(line.path.first ?? "today", flavor: flavor, width: choices.width), terminator: "")
            return 0
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("\(error.diagnostic)\n".utf8))
            return UsageError.exitStatus
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return (error as? FlavorError)?.exitStatus ?? 1
        }
    }

    /// A screen as text, in the flavor's language in use; `list` fits `width` columns; `today`
    /// shows the date `now` falls on.
    public static func render(_ screen: String, flavor: Flavor, width: Int = 80, now: Date = Date()) -> String {
        let body =
            switch screen {
            case "about": about(flavor)
            case "list": list(flavor, width: width)
            default: today(flavor, now: now)
            }
        return banner(flavor, width: width) + body
    }

    /// The staging banner, wrapped to `width`, and an empty line; nothing in a build without it.
    static func banner(_ flavor: Flavor, width: Int) -> String {
        guard flavor.has(.stagingBanner) else { return "" }
        return DisplayColumns.wrap(flavor.text(.bannerStaging), to: width).map { $0 + "\n" }.joined() + "\n"
    }

    /// Today's date as the today screen writes it (`Nov 26, 2026`), in the language in use.
    public static func dateText(_ now: Date, flavor: Flavor) -> String {
        flavor.text.date(now, time: .omitted)
    }

    /// The tasks as a table that fits `width`: titles cut first (never below 8 columns), else
    /// each task stacked, without the headings. (`TextColumns` isolates each cell, so that
    /// right-to-left text, an Arabic heading or a user's Hebrew title, cannot reorder the columns.)
    static func list(_ flavor: Flavor, width: Int) -> String {
        let text = flavor.text
        let reminders = flavor.has(.reminders)
        let headings = ["", text(.listTask)] + (reminders ? [text(.listReminder)] : [])
        let tasks = TaskList.sample.map { task in
            [task.done ? "[x]" : "[ ]", task.title] + (reminders ? [task.reminder ?? ""] : [])
        }
        let lines =
            TextColumns([headings] + tasks).aligned(width: width, shrinking: 1, minimum: 8)
            ?? TextColumns(tasks).render(width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    static func today(_ flavor: Flavor, now: Date) -> String {
        let text = flavor.text
        var lines = [text(.todayTitle(flavor.displayName)), text(.todayDate(dateText(now, flavor: flavor))), ""]
        for task in TaskList.sample {
            var line = (task.done ? "[x] " : "[ ] ") + task.title
            if flavor.has(.reminders), let reminder = task.reminder {
                line += "  " + text(.todayReminder(reminder))
            }
            lines.append(line)
        }
        let left = TaskList.sample.filter { !$0.done }.count
        lines += ["", text(.todayLeft(tasks: left))]
        if flavor.has(.reminders) {
            lines.append(text(.todayReminders(reminders: TaskList.sample.filter { $0.reminder != nil }.count)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func about(_ flavor: Flavor) -> String {
        let text = flavor.text
        let features = flavor.features.map { $0.label(text) }
        return [
            "\(flavor.displayName) \(flavor.identity.version)",
            text(.aboutLists(text.number(flavor.limit("lists", default: 1)))),
            text(.aboutSync(text.number(flavor.limit("syncMinutes", default: 60)))),
            text(.aboutFeatures(features.isEmpty ? text(.aboutNone) : features.joined(separator: ", "))),
            text(.aboutLanguage(flavor.localizer.language.description)),
            text(.aboutDone(text.number(1_234))),
            text(.aboutSupport),
        ].joined(separator: "\n") + "\n"
    }
}
