import Commands
import Diagnostics
import Flavors
import TerminalText

extension Texts {
    /// A usage error in the language in use, from its kind and word (`Commands` words it in
    /// English only). Mistakes in a command's arguments, and those the app's declarations
    /// cannot produce (a missing command or required option), show how to call the command.
    /// An invalid value is worded by what was expected: a width (`--width`), one of a list
    /// (`--color`), or else a language list (`--lang`, the session's `lang`).
    package func usage(_ error: UsageError, in program: Program) -> String {
        let text = self
        switch error.kind {
        case .unknownCommand:
            guard let suggestion = error.suggestion else {
                return text("usage.unknownCommand", .string(Diagnostic.quote(error.word)))
            }
            return text("usage.unknownCommandSuggestion", .string(Diagnostic.quote(error.word)), .string(suggestion))
        case .unknownOption:
            guard let suggestion = error.suggestion else {
                return text("usage.unknownOption", .string(Diagnostic.quote(error.word)))
            }
            return text("usage.unknownOptionSuggestion", .string(Diagnostic.quote(error.word)), .string(suggestion))
        case .missingValue:
            return text("usage.missingValue", .string(Diagnostic.quote(error.word)))
        case .unexpectedValue:
            return text("usage.unexpectedValue", .string(Diagnostic.quote(error.word)))
        case .invalidValue:
            let word = Diagnostic.quote(error.word), subject = error.subject ?? ""
            if subject == AppCommandLine.width.spelling {
                return text(
                    "usage.invalidWidth", .string(word), .string(subject),
                    .string(number(Terminal.minimumWidth)), .string(number(Terminal.maximumWidth)))
            }
            if !error.allowed.isEmpty {
                return text(
                    "usage.invalidChoice", .string(word), .string(subject),
                    .string(error.allowed.joined(separator: ", ")))
            }
            return text("usage.invalidLanguage", .string(word))
        case .missingArgument, .unexpectedArgument, .missingCommand, .missingOption:
            return text("usage.wrongArguments", .string(program.synopsis(of: error.command, input: .shellLine)))
        }
    }
}
