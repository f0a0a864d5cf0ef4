import Diagnostics

/// What ends a command unsuccessfully, with the exit status it maps to.
package enum AppError: Error, Equatable, CustomStringConvertible {
    /// A file is missing or malformed, printed as the diagnostic prints (`path: error:
    /// message`); exit status 1.
    case file(Diagnostic)
    /// The command line is wrong: the message, then the usage; exit status 64 (EX_USAGE).
    case usage(String)
    /// A command of another flavor: exit status 64.
    case unavailable(String)
    /// The command could not be carried out (unknown id, state that forbids it): exit status 1.
    case failed(String)

    package var exitStatus: Int32 {
        switch self {
        case .file, .failed: return 1
        case .usage, .unavailable: return 64
        }
    }

    /// The error as FlavorKit prints problems: `path: error: message` for a file, `error:
    /// message` otherwise.
    package var diagnostic: Diagnostic {
        switch self {
        case .file(let diagnostic): return diagnostic
        case .usage(let message), .unavailable(let message), .failed(let message): return Diagnostic(message)
        }
    }

    /// `diagnostic`, printed.
    package var description: String { diagnostic.description }
}
