import Diagnostics

/// What is wrong with a command line, as data: what kind of mistake, the word concerned and a
/// suggestion, so that a program can put it into its own words (in the user's language);
/// `description` is the English wording. A usage error ends a program with status 64.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the command line.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// `word` names no command here; `suggestion` is a close one.
        case unknownCommand
        /// The command `word` groups subcommands (`allowed`) and none was named.
        case missingCommand
        /// `word` (`--verbos`, `-x`) is no option here; `suggestion` is a close one.
        case unknownOption
        /// The option `word` takes a value and none followed.
        case missingValue
        /// The flag `word` was given a value (`--strict=yes`).
        case unexpectedValue
        /// The required option `word` is missing; `allowed` lists its values when they are fixed.
        case missingOption
        /// The arguments shown as `word` (`NUMBER…`) are missing; see `synopsis`.
        case missingArgument
        /// `word` is one argument too many; see `synopsis`.
        case unexpectedArgument
        /// `word` is not a value `subject` (an option or an argument) accepts: not one of
        /// `allowed` (`suggestion` is a close one), or not what the program expected.
        case invalidValue
    }

    /// What is wrong.
    public var kind: Kind
    /// The word concerned, as typed (see `Kind`).
    public var word: String
    /// The command or option the user probably meant, if one is close to `word`.
    public var suggestion: String?
    /// The option (`--format`) or argument (`NUMBER`) whose value is invalid.
    public var subject: String?
    /// The values or commands that would have been accepted, when there is a fixed list.
    public var allowed: [String]
    /// The program's own English wording (`'x' is not a number`), used instead of the generated one.
    public var reason: String?
    /// The path of the command concerned (`["snapshots", "accept"]`; `[]` for the program).
    public var command: [String]
    /// The synopsis of that command (`flavorkit plural [--ordinal] [-v] LANG NUMBER…`, or
    /// `show ID` for a shell line).
    public var synopsis: String

    /// A usage error of `kind` about `word`, with what helps the user fix it.
    public init(
        _ kind: Kind, word: String, suggestion: String? = nil, subject: String? = nil, allowed: [String] = [],
        reason: String? = nil, command: [String] = [], synopsis: String = ""
    ) {
        self.kind = kind
        self.word = word
        self.suggestion = suggestion
        self.subject = subject
        self.allowed = allowed
        self.reason = reason
        self.command = command
        self.synopsis = synopsis
    }

    /// EX_USAGE from sysexits.h.
    public static let exitStatus: Int32 = 64

    /// The English wording: `unknown command 'lnit'; did you mean 'lint'?`.
    public var description: String {
        if let reason { return reason }
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        switch kind {
        case .unknownCommand: return "unknown command '\(Diagnostic.quote(word))'" + hint
        case .missingCommand: return "\(word) needs a command: \(Self.list(allowed))"
        case .unknownOption: return "unknown option '\(Diagnostic.quote(word))'" + hint
        case .missingValue: return "\(word) needs a value"
        case .unexpectedValue: return "\(word) takes no value"
        case .missingOption:
            return "missing \(word)" + (allowed.isEmpty ? "" : " " + allowed.joined(separator: "|"))
        case .missingArgument: return "missing \(word) (usage: \(synopsis))"
        case .unexpectedArgument: return "unexpected argument '\(Diagnostic.quote(word))' (usage: \(synopsis))"
        case .invalidValue:
            let subject = subject ?? "this"
            return allowed.isEmpty
                ? "'\(Diagnostic.quote(word))' is not a valid value for \(subject)"
                : "\(subject) takes \(Self.list(allowed)), not '\(Diagnostic.quote(word))'" + hint
        }
    }

    /// The error as the one way FlavorKit prints errors: `error: message`.
    public var diagnostic: Diagnostic {
        Diagnostic(description)
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}
