import Synchronization

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

/// A running transfer agent: its process, the pipe the app holds open as its standard input
/// (closed to stop it) and the pipe its reports arrive on. Its standard error is the app's.
struct AgentProcess {
    let pid: pid_t
    /// The write end of the agent's standard input.
    let input: Int32
    /// The read end of the agent's standard output.
    private let output: Int32

    /// Starts `executable` with `arguments`; throws the system's reason when it cannot.
    static func start(_ executable: URL, arguments: [String]) throws(AgentProcessError) -> AgentProcess {
        // One start at a time, and both pipes closed on exec before the next: an agent started
        // by another worker must not hold this one's input open (it would never see it close).
        try starting.withLock { _ throws(AgentProcessError) in try spawn(executable, arguments) }
    }

    private static let starting = Mutex(())

    private static func spawn(_ executable: URL, _ arguments: [String]) throws(AgentProcessError) -> AgentProcess {
        let input = try pipe(), output = try pipe()
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        var failure = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        // "Text file busy": the agent is open for writing somewhere (being rebuilt or copied,
        // or held for an instant by another process's fork); it is a matter of milliseconds.
        for _ in 0..<10 where failure == ETXTBSY {
            usleep(20_000)
            failure = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        }
        close(input.read)
        close(output.write)
        guard failure == 0 else {
            close(input.write)
            close(output.read)
            throw AgentProcessError(code: failure)
        }
        return AgentProcess(pid: pid, input: input.write, output: output.read)
    }

    /// Calls `body` with each line the agent writes, until it closes its output.
    func readLines(_ body: (Substring) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: buffer[..<count])
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                body(Substring(decoding: pending[..<end], as: UTF8.self))
                pending.removeSubrange(...end)
            }
        }
        close(output)
    }

    /// Waits for the agent to end: its exit status, or the signal that ended it.
    func wait() -> (status: Int32?, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, nil) : (nil, signal)
    }

    /// A pipe whose ends close on exec (in the agent, only the copies made by `dup2` stay open).
    private static func pipe() throws(AgentProcessError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard systemPipe(&ends) == 0 else { throw AgentProcessError(code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}

/// The system's reason an agent could not be started.
struct AgentProcessError: Error {
    let code: Int32
    var reason: String { String(cString: strerror(code)) }
}

/// The C library's `pipe`, which `AgentProcess.pipe()` would otherwise hide.
private func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe(ends) }
