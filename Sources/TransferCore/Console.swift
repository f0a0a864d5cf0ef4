import Foundation

/// Where the app writes and reads: the standard streams, or strings in tests.
public struct Console {
    public var write: (String) -> Void
    public var writeError: (String) -> Void
    public var readLine: () -> String?
    /// Whether input comes from a person at a terminal (the session then shows a prompt).
    public var isInteractive: Bool
    /// Whether output goes to a terminal (`run` then redraws its screen in place).
    public var isTerminal = false

    public init(
        write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
        readLine: @escaping () -> String?, isInteractive: Bool
    ) {
        self.write = write
        self.writeError = writeError
        self.readLine = readLine
        self.isInteractive = isInteractive
    }

    /// The process's standard output, error and input.
    public static var standard: Console {
        var console = Console(
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            readLine: { Swift.readLine(strippingNewline: true) },
            isInteractive: isatty(0) == 1)
        console.isTerminal = isatty(1) == 1
        return console
    }
}
