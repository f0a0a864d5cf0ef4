import Commands
import Flavors
import TerminalText

/// `about`: the flavor's identity from its Info.plist and the languages in play.
package enum AboutScreen {
    package static func render(context: AppContext) -> String {
        let text = context.texts
        let identity = context.identity
        let localizer = text.localizer
        var language = localizer.language.description
        let requested = localizer.preferences.map(\.description)
        if let first = requested.first, first != language {
            language = text("about.languageFallback", .string(language), .string(requested.joined(separator: ":")))
        }
        var table = TextColumns([[text("about.bundleID"), identity.bundleIdentifier]])
        table.append([text("about.version"), identity.version])
        table.append([text("about.language"), language])
        table.append([text("about.languageSource"), source(context.languageSource, text: text)])
        table.append([
            text("about.languages"), localizer.store.availableLanguages.map(\.description).joined(separator: ", "),
        ])
        table.append([
            text("about.features"),
            context.flavor.features.map { $0.label(text) }
                .joined(separator: text("list.separator")),
        ])
        table.append([text("about.concurrent"), text.number(context.concurrentTransfers)])
        let heading = DisplayColumns.wrap(context.flavor.displayName + " " + identity.version, to: context.width)
        return (heading + [""] + table.render(width: context.width, indent: 2)).joined(separator: "\n") + "\n"
    }

    /// What decided the language, in words.
    static func source(_ source: LanguageSource, text: Texts) -> String {
        switch source {
        case .commandLine: return text("about.source.commandLine")
        case .remembered: return text("about.source.remembered")
        case .session: return text("about.source.session")
        case .environment(let variable): return text("about.source.environment", .string(variable))
        case .development: return text("about.source.development")
        }
    }
}
