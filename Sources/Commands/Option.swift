/// A declared option: a flag (`--strict`) or an option with a value (`--root DIR`), spelled
/// `--name`, optionally `-x` too. A value is written `--name value` or `--name=value`.
public struct Option: Sendable, Hashable {
    /// Whether the option takes a value.
    public enum Kind: Sendable, Hashable {
        /// No value: present or not (`--strict`).
        case flag
        /// A value, shown in help as `placeholder` (`DIR`), or as `a|b|c` when only the
        /// `allowed` values are accepted (an empty list accepts any value).
        case value(placeholder: String, allowed: [String])
    }

    /// The long name without dashes (`root` for `--root`); also the key of its parsed values.
    public var name: String
    /// The one-letter alias (`h` for `-h`), if any.
    public var short: Character?
    /// A flag, or an option that takes a value.
    public var kind: Kind
    /// Whether every occurrence is kept (`--lang de --lang fr`); otherwise the last one wins.
    public var isRepeatable: Bool
    /// Whether the command cannot run without it.
    public var isRequired: Bool
    /// What it does, for help: English text, or a catalog key that help rendering turns into text.
    public var summary: String

    /// A flag such as `--strict` or `-v`.
    public static func flag(_ name: String, short: Character? = nil, summary: String) -> Option {
        Option(name: name, short: short, kind: .flag, isRepeatable: false, isRequired: false, summary: summary)
    }

    /// An option with a value such as `--root DIR`; `allowed` restricts the values
    /// (`--format text|json`), and parsing rejects the others.
    public static func value(
        _ name: String, short: Character? = nil, placeholder: String, allowed: [String] = [],
        repeatable: Bool = false, required: Bool = false, summary: String
    ) -> Option {
        Option(
            name: name, short: short, kind: .value(placeholder: placeholder, allowed: allowed),
            isRepeatable: repeatable, isRequired: required, summary: summary)
    }

    /// `--help` and `-h`, which every command answers with its own help unless a program
    /// declares another help option (to give it a summary of its own, for instance).
    public static let help = Option.flag("help", short: "h", summary: "print this help")

    /// `--name`, as typed.
    public var spelling: String { "--" + name }

    /// The values it accepts; empty when any value goes.
    public var allowedValues: [String] {
        if case .value(_, let allowed) = kind { return allowed }
        return []
    }

    /// `--root DIR`, `--format text|json` or `--strict`: the option as help shows it.
    public var usage: String {
        switch kind {
        case .flag: return spelling
        case .value(let placeholder, let allowed):
            return spelling + " " + (allowed.isEmpty ? placeholder : allowed.joined(separator: "|"))
        }
    }
}
