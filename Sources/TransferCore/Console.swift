import TerminalText

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the app writes and reads: the standard streams, or strings in tests.
package struct Console: Sendable {
    package var write: @Sendable (String) -> Void
    package var writeError: @Sendable (String) -> Void
    package var readLine: @Sendable () -> String?
    /// Whether input comes from a person at a terminal (the session then shows a prompt).
    package var isInteractive: Bool
    /// The columns of the terminal output goes to; nil when it is not a terminal, or one that
    /// does not say (a terminal of 0 columns).
    package var terminalWidth: @Sendable () -> Int?
    /// Whether output goes to a terminal (`run` then redraws its screen in place, and colour
    /// is on unless turned off), whatever its size.
    package var isTerminal: Bool

    /// A console over the given functions; `isTerminal` nil: a terminal when it has a width.
    package init(
        write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String?, isInteractive: Bool,
        terminalWidth: @escaping @Sendable () -> Int? = { nil },
        isTerminal: Bool? = nil
    ) {
        self.write = write
        self.writeError = writeError
        self.readLine = readLine
        self.isInteractive = isInteractive
        self.terminalWidth = terminalWidth
        self.isTerminal = isTerminal ?? (terminalWidth() != nil)
    }

    /// The process's standard output, error and input.
    package static var standard: Console {
        Console(
            write: { write($0, to: 1) },
            writeError: { write($0, to: 2) },
            readLine: { Swift.readLine(strippingNewline: true) },
            isInteractive: Terminal.isTerminal(0), terminalWidth: { Terminal.columns() },
            isTerminal: Terminal.isTerminal())
    }

    /// Writes all of `text` to file descriptor `descriptor` (a short write is continued; a
    /// closed stream drops the rest, as it would drop everything).
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// The C library's `write`, which `Console.write` would otherwise hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
