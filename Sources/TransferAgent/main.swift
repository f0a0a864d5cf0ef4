import CShims
import Foundation
import TransferAgentProtocol

// The transfer agent: moves one transfer's bytes over HTTP for the app's `run`, reporting on
// standard output (`AgentReport`, one line each). It ends when its standard input closes: the
// app closes it to pause, cancel or interrupt, and the system closes it when the app dies.

// Ctrl-C reaches the whole process group; the app decides what it means and stops the agent.
signal(SIGINT, SIG_IGN)
// Gone with the app, at once where the system can tell (Linux): no byte written after it.
cshims_exit_with_parent()

guard let request = AgentRequest(arguments: CommandLine.arguments.dropFirst()) else {
    FileHandle.standardError.write(Data((AgentRequest.usage + "\n").utf8))
    exit(64)
}
let reporter = Reporter()
let transfer: any AgentTransfer =
    switch request {
    case .download(let url, let partFile, let share, let validator):
        Download(url: url, partFile: partFile, share: share, validator: validator, reporter: reporter)
    case .upload(let file, let url): Upload(file: file, url: url, reporter: reporter)
    }
Thread {
    var byte: UInt8 = 0
    while read(0, &byte, 1) > 0 {}
    // Stopped: end at once. The partial file holds a prefix of the body (up to 256 KiB that
    // were not written yet are fetched again), and no thread of ours runs on to touch it.
    reporter.finish(.stopped)
    _exit(0)
}.start()
reporter.finish(transfer.run())
exit(0)
