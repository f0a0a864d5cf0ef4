import Foundation

/// Runs a program with `posix_spawn` and returns its standard output: the cheapest honest
/// way to run a tool as a child process (Foundation's `Process` adds tens of milliseconds
/// on Linux, which would flatter us). What the child writes to standard error goes to a file,
/// never among the figures (and a chatty child never blocks on a full pipe); `finished(_:_:)`
/// hands it back, with the exit status and the peak memory.
enum ChildProcess {
    /// What a child process left.
    struct Finished {
        var output = Data()
        var errors = Data()
        /// The exit status; -1 when the child could not start or did not exit normally.
        var status: Int32 = -1
        /// The child's peak resident memory.
        var peakBytes = 0
    }

    static func run(_ tool: URL, _ arguments: [String]) -> Data {
        finished(tool, arguments).output
    }

    /// `run(_:_:)`, with what the child wrote to standard error in `errors`.
    static func run(_ tool: URL, _ arguments: [String], errors: inout Data) -> Data {
        let child = finished(tool, arguments)
        errors = child.errors
        return child.output
    }

    /// Runs `tool` to its end.
    static func finished(_ tool: URL, _ arguments: [String]) -> Finished {
        var result = Finished()
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "benchmarks-stderr-\(getpid())"
        ).path
        defer { unlink(errorFile) }
        var pipe: [Int32] = [0, 0]
        guard Foundation.pipe(&pipe) == 0 else { return result }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = ([tool.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tool.path, &actions, nil, argv, environ)
        close(pipe[1])
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while spawned == 0 {
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break }
            result.output.append(buffer, count: count)
        }
        close(pipe[0])
        var status: Int32 = 0
        var usage = rusage()
        if spawned == 0, wait4(pid, &status, 0, &usage) == pid, status & 0x7F == 0 {
            result.status = (status >> 8) & 0xFF
        }
        result.peakBytes = usage.ru_maxrss * 1024
        result.errors = FileManager.default.contents(atPath: errorFile) ?? Data()
        return result
    }
}
