import Diagnostics

/// A command line, parsed: the command named, the values given, whether help was asked for,
/// and the first thing wrong. Parsing goes on after a mistake, so that the options that were
/// right (`--lang`) can still be used, to word the error for instance.
public struct ParsedCommandLine: Sendable, Hashable {
    /// The command's path (`["snapshots", "accept"]`); `[]` for the program itself. When help
    /// was asked for, the command whose help to show.
    public var path: [String]
    /// `--help` (or `-h`) was given, or the help command: show the help of `path` and exit 0.
    /// When true, `problem` is nil.
    public var wantsHelp = false
    /// The first thing wrong with the command line.
    public var problem: UsageError?
    /// The synopsis of the command at `path`, used in errors.
    public var synopsis: String
    /// Values by option name; a flag has one empty value per occurrence.
    var optionValues: [String: [String]] = [:]
    /// Words by argument name.
    var argumentValues: [String: [String]] = [:]

    init(path: [String], synopsis: String) {
        self.path = path
        self.synopsis = synopsis
    }

    /// Whether the flag was given.
    public func flag(_ option: Option) -> Bool {
        count(option) > 0
    }

    /// How many times the option was given.
    public func count(_ option: Option) -> Int {
        optionValues[option.name]?.count ?? 0
    }

    /// The option's value (the last one given), if any.
    public func value(_ option: Option) -> String? {
        optionValues[option.name]?.last
    }

    /// Every value given to a repeatable option, in order.
    public func values(_ option: Option) -> [String] {
        optionValues[option.name] ?? []
    }

    /// The word given for an argument that takes one word, if any.
    public func argument(_ argument: Argument) -> String? {
        argumentValues[argument.name]?.first
    }

    /// Every word given for an argument.
    public func arguments(_ argument: Argument) -> [String] {
        argumentValues[argument.name] ?? []
    }

    /// The option's value as a `RawRepresentable` (an enumeration of its allowed values).
    public func value<Value: RawRepresentable>(_ option: Option, as type: Value.Type) throws(UsageError) -> Value?
    where Value.RawValue == String {
        guard let text = value(option) else { return nil }
        guard let value = Value(rawValue: text) else {
            throw error(.invalidValue, word: text, subject: option.spelling, allowed: option.allowedValues)
        }
        return value
    }

    /// The option's value converted by `convert`; a value it refuses is an invalid-value
    /// error worded `'word' is not <expected>` (`expected`: `a language tag`).
    public func value<Value>(
        _ option: Option, expected: String, _ convert: (String) -> Value?
    ) throws(UsageError) -> Value? {
        guard let text = value(option) else { return nil }
        return try converted(text, subject: option.spelling, expected: expected, convert)
    }

    /// Every value of a repeatable option, converted as in `value(_:expected:_:)`.
    public func values<Value>(
        _ option: Option, expected: String, _ convert: (String) -> Value?
    ) throws(UsageError) -> [Value] {
        try values(option).map { text throws(UsageError) in
            try converted(text, subject: option.spelling, expected: expected, convert)
        }
    }

    /// The argument's word converted by `convert`, as in `value(_:expected:_:)`.
    public func argument<Value>(
        _ argument: Argument, expected: String, _ convert: (String) -> Value?
    ) throws(UsageError) -> Value? {
        guard let text = self.argument(argument) else { return nil }
        return try converted(text, subject: argument.name, expected: expected, convert)
    }

    /// Every word of the argument, converted as in `value(_:expected:_:)`.
    public func arguments<Value>(
        _ argument: Argument, expected: String, _ convert: (String) -> Value?
    ) throws(UsageError) -> [Value] {
        try arguments(argument).map { text throws(UsageError) in
            try converted(text, subject: argument.name, expected: expected, convert)
        }
    }

    /// A usage error about this command line (its command and synopsis filled in), for the
    /// checks a program makes itself; `reason` is its English wording.
    public func error(
        _ kind: UsageError.Kind, word: String, subject: String? = nil, allowed: [String] = [], reason: String? = nil
    ) -> UsageError {
        UsageError(
            kind, word: word, subject: subject, allowed: allowed, reason: reason, command: path, synopsis: synopsis)
    }

    private func converted<Value>(
        _ text: String, subject: String, expected: String, _ convert: (String) -> Value?
    ) throws(UsageError) -> Value {
        guard let value = convert(text) else {
            throw error(
                .invalidValue, word: text, subject: subject, reason: "'\(Diagnostic.quote(text))' is not \(expected)")
        }
        return value
    }
}
