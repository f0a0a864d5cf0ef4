import Foundation

/// Where the app writes and reads: the standard streams, or strings in tests.
public struct Console {
    public var write: (String) -> Void
    public var writeError: (String) -> Void
    public var readLine: () -> String?
    /// Whether input comes from a person at a terminal (the session then shows a prompt).
    public var isInteractive: Bool
    /// The columns of the terminal output goes to; nil when it is not a terminal.
    public var terminalWidth: () -> Int?
    /// Whether output goes to a terminal (`run` then redraws its screen in place).
    public var isTerminal: Bool { terminalWidth() != nil }

    /// A console over the given functions.
    public init(
        write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
        readLine: @escaping () -> String?, isInteractive: Bool, terminalWidth: @escaping () -> Int? = { nil }
    ) {
        self.write = write
        self.writeError = writeError
        self.readLine = readLine
        self.isInteractive = isInteractive
        self.terminalWidth = terminalWidth
    }

    /// The process's standard output, error and input.
    public static var standard: Console {
        Console(
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            readLine: { Swift.readLine(strippingNewline: true) },
            isInteractive: isatty(0) == 1, terminalWidth: terminalColumns)
    }

    /// Standard output's terminal width (`TIOCGWINSZ`), when it is a terminal.
    private static func terminalColumns() -> Int? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
