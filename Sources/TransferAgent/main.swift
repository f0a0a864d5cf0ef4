import CShims
import Foundation
import TransferAgentProtocol

// The transfer agent: moves one transfer's bytes over HTTP for the app's `run`, reporting on
// standard output (`AgentReport`, one line each), and exits 0 after its outcome (the app
// trusts an outcome only from an agent that ended so). It ends when its standard input
// closes: the app closes it to pause, cancel or interrupt, and the system closes it when the
// app dies.

// Before Foundation makes anything: no folder in the user's home (this may start the agent again).
if let reason = StorageFolders.keepOut() {
    Reporter().finish(.failed(reason: "cannot start again without storage folders: \(reason)", retryable: false))
    exit(0)
}
// Every signal delivered, whatever the thread that started the agent blocked (a process inherits
// its mask): the runtime's crash handler needs them to pause the threads while it prints a
// backtrace, and the agent then dies of its crash, which the app sees.
var unblocked = sigset_t()
sigemptyset(&unblocked)
pthread_sigmask(SIG_SETMASK, &unblocked, nil)
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
    case .download(let url, let partFile, let share, let validator, let lowSpeed):
        Download(
            url: url, partFile: partFile, share: share, validator: validator, lowSpeed: lowSpeed, reporter: reporter)
    case .upload(let file, let url, let lowSpeed): Upload(file: file, url: url, lowSpeed: lowSpeed, reporter: reporter)
    }
Thread {
    // Only the end of the input stops the agent: a read that a signal interrupts (EINTR, as
    // when the runtime's crash handler pauses the threads to print a backtrace) goes on.
    var byte: UInt8 = 0
    while true {
        let count = read(0, &byte, 1)
        guard count > 0 || (count < 0 && errno == EINTR) else { break }
    }
    // Stopped: end at once. The partial file holds a prefix of the body (up to 256 KiB that
    // were not written yet are fetched again), and no thread of ours runs on to touch it.
    reporter.finish(.stopped)
    _exit(0)
}.start()
reporter.finish(transfer.run())
exit(0)
