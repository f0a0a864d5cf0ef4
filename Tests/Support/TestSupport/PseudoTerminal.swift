import CShims
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program running in a pseudo-terminal of its own, as in a terminal window: its standard
/// input, output and error are the terminal, so `isatty` holds and raw mode works. The test
/// reads what it shows and types keys, always within a time limit.
package final class PseudoTerminal {
    private let master: Int32
    private let process = Process()
    private var shown = Data()

    /// Starts `executable` with `arguments` and only `environment`, in `folder`, on a terminal
    /// `columns` wide.
    package init(
        _ executable: URL, _ arguments: [String], environment: [String: String], in folder: URL? = nil,
        columns: UInt16 = 80
    ) throws {
        var name = [CChar](repeating: 0, count: 256)
        master = cshims_open_pseudo_terminal(&name, name.count)
        guard master >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let terminal = FileHandle(
            forUpdatingAtPath: String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        guard let terminal else { throw POSIXError(.ENOTTY) }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ChildProcess.withCoverage(environment)
        if let folder { process.currentDirectoryURL = folder }
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        try terminal.close()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Everything shown so far, once `text` is among it or `timeout` seconds have passed.
    @discardableResult
    package func output(showing text: String, timeout: Double = 20) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: shown, as: UTF8.self).contains(text) {
            let left = Int32(deadline.timeIntervalSinceNow * 1000)
            guard left > 0 else { break }
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, left) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            // The program closed the terminal (EIO once it has exited).
            guard count > 0 else { break }
            shown.append(contentsOf: buffer[..<count])
        }
        return String(decoding: shown, as: UTF8.self)
    }

    /// Types `keys`.
    package func type(_ keys: String) {
        var bytes = Array(keys.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// The program's exit status once it has ended; nil (and the program stopped) when it
    /// has not within `timeout` seconds.
    package func exitStatus(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            output(showing: "\u{0}", timeout: 0.05)
        }
        guard !process.isRunning else {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }
}
