import Foundation

/// Runs a program with `posix_spawn` and returns its standard output: the cheapest honest
/// way to run a tool as a child process (Foundation's `Process` adds tens of milliseconds
/// on Linux, which would flatter us).
enum ChildProcess {
    static func run(_ tool: URL, _ arguments: [String]) -> Data {
        var pipe: [Int32] = [0, 0]
        guard Foundation.pipe(&pipe) == 0 else { return Data() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = ([tool.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tool.path, &actions, nil, argv, environ)
        close(pipe[1])
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while spawned == 0 {
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break }
            output.append(buffer, count: count)
        }
        close(pipe[0])
        var status: Int32 = 0
        if spawned == 0 { waitpid(pid, &status, 0) }
        return output
    }
}
