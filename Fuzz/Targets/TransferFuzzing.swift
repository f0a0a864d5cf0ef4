import Foundation
import TransferAgentProtocol
import TransferCore

/// Reads `data` as a queue file.
public func fuzzQueue(_ data: Data) {
    guard let queue = try? QueueFile.decode(data, path: "queue.json") else { return }
    _ = queue.transfers.count
}

/// Reads each line of `data` as a report of the transfer agent (a report read and written is
/// a line that reads back as itself) and as a `Content-Range`, and all lines as the agent's
/// arguments: nothing a server or a broken agent says can crash the app or the agent.
public func fuzzAgent(_ data: Data) {
    var input = FuzzInput(data)
    let lines = input.lines()
    for line in lines {
        // A report's texts lose their line breaks (vertical tabs, U+2028…) to stay one line:
        // its line, read and written again, must be that line.
        if let report = AgentReport(line: line[...]) {
            precondition(
                AgentReport(line: report.line[...])?.line == report.line, "a report's line does not read back as itself"
            )
        }
        if let range = ContentRange(line) { _ = (range.first, range.last, range.size, range.end) }
    }
    if let request = AgentRequest(arguments: lines) {
        precondition(AgentRequest(arguments: request.arguments) == request, "a request does not read back as itself")
    }
}
