#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--color`'s values.
public enum ColorChoice: String, Sendable, CaseIterable {
    /// Colour on a terminal that shows it (the default).
    case auto
    /// Colour whatever the output.
    case always
    /// No colour.
    case never
}

/// The one terminal policy every program and tool of FlavorKit follows: how wide text is laid
/// out, whether it is coloured, and reading single keys.
public enum Terminal {
    /// The narrowest width text is laid out for.
    public static let minimumWidth = 20
    /// The widest width taken from `--width` or `COLUMNS`.
    public static let maximumWidth = 10_000

    /// Whether `descriptor` (standard output: 1) is a terminal.
    public static func isTerminal(_ descriptor: Int32 = 1) -> Bool {
        isatty(descriptor) == 1
    }

    /// The columns of the terminal at `descriptor` (`TIOCGWINSZ`); nil when it is not a
    /// terminal, or one that does not say (0 columns).
    public static func columns(of descriptor: Int32 = 1) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The columns text is laid out in: `requested` (a `--width`), else `COLUMNS` when it is a
    /// width from `minimumWidth` to `maximumWidth`, else the terminal's (`terminal`, at least
    /// `minimumWidth`), else 80 (output that is not a terminal).
    public static func width(
        requested: Int? = nil, environment: [String: String], terminal: () -> Int? = { columns() }
    ) -> Int {
        if let requested { return requested }
        return environment["COLUMNS"].flatMap(validWidth) ?? terminal().map { max($0, minimumWidth) } ?? 80
    }

    /// `text` as a width from `minimumWidth` to `maximumWidth`, or nil.
    public static func validWidth(_ text: String) -> Int? {
        Int(text).flatMap { (minimumWidth...maximumWidth).contains($0) ? $0 : nil }
    }

    /// Whether output gets colour: `always` and `never` decide; `auto` means colour only on a
    /// terminal (`isTerminal`), never with `NO_COLOR` set to anything but the empty string
    /// (no-color.org) or `TERM=dumb`, and always with `FORCE_COLOR` set to anything but the
    /// empty string or `0` (unless `NO_COLOR` says otherwise).
    public static func usesColor(
        _ choice: ColorChoice = .auto, environment: [String: String], isTerminal: Bool
    ) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
            return isTerminal && environment["TERM"] != "dumb"
        }
    }

    /// Single keys from standard input, a terminal put in raw mode (no echo, no line
    /// editing) until `restore()`; output goes on as before.
    public final class RawKeys {
        private let saved: termios

        /// Standard input in raw mode; nil when it is not a terminal that allows it (`errno`
        /// says why).
        public init?() {
            var settings = termios()
            guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
            saved = settings
            cfmakeraw(&settings)
            // Output goes on as before: newlines still start a line.
            settings.c_oflag = saved.c_oflag
            guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else { return nil }
        }

        /// The next key's first byte; nil at the end of input.
        public func next() -> UInt8? {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count == 1 { return byte }
                if count < 0, errno == EINTR { continue }
                return nil
            }
        }

        /// The terminal as it was.
        public func restore() {
            var settings = saved
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
    }
}
