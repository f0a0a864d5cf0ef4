import Testing
import TransferAgentProtocol

/// The lines between the app and its transfer agent: every report and request reads back as
/// it was written, and a line that is not one is refused rather than guessed at.
@Suite("The transfer agent's protocol")
struct AgentReportTests {
    @Test(
        "every report reads back from its line",
        arguments: [
            AgentReport.progress(done: 0, total: 0), .progress(done: 16_384, total: 1 << 40), .completed, .stopped,
            .more(done: 268_435_456, total: 1 << 30, validator: "\"abc-123\""),
            .more(done: 5, total: 0, validator: "Wed, 21 Oct 2015 07:28:00 GMT"),
            .more(done: 5, total: 9, validator: ""),
            .refused(status: 404, phrase: "not found", retryable: false),
            .refused(status: 503, phrase: "service unavailable", retryable: true),
            .refused(status: 599, phrase: "", retryable: true), .dropped(done: 10, total: 100),
            .failed(reason: "Could not connect to the server.", retryable: true),
            .failed(reason: "/tmp/x.part: No space left on device", retryable: false),
            .unsafeFile, .overlong(announced: 1 << 20), .encoded(encoding: "gzip, br"),
            .badRange(value: "bytes 10-9223372036854775807/*"),
            .tooSlow(limit: LowSpeedLimit(bytesPerSecond: 1024, seconds: 30)),
        ])
    func roundTrip(report: AgentReport) {
        #expect(AgentReport(line: Substring(report.line)) == report)
        #expect(!report.line.contains("\n"))
    }

    @Test("a reason on several lines travels on one")
    func oneLine() {
        let report = AgentReport.failed(reason: "first\nsecond\r\nthird", retryable: true)
        #expect(AgentReport(line: Substring(report.line)) == .failed(reason: "first second third", retryable: true))
    }

    @Test(
        "a line that is no report is refused",
        arguments: [
            "", "progress", "progress 1", "progress 1 two", "progress 1 2 3", "completed now", "refused x final nope",
            "refused 404 maybe nope", "dropped 1", "failed", "failed sometimes reason", "hello", "unsafe-file now",
            "overlong", "overlong x", "overlong 1 2", "encoded", "bad-range", "slow 1024", "slow 0 30", "slow 1024 0",
            "slow -1 30", "slow 1 2 3",
        ])
    func refused(line: String) {
        #expect(AgentReport(line: Substring(line)) == nil)
    }

    @Test(
        "a request travels as the agent's arguments",
        arguments: [
            AgentRequest.download(url: "http://127.0.0.1:8080/a b.mov", partFile: "/tmp/a b.mov.d1.part"),
            .download(url: "http://h/a", partFile: "/p", share: 268_435_456, validator: "\"v 1\""),
            .download(url: "http://h/a", partFile: "/p", share: 1),
            .upload(file: "/tmp/clip.mov", url: "https://example.com/up"),
            .download(
                url: "http://h/a", partFile: "/p", share: 5, validator: "v",
                lowSpeed: LowSpeedLimit(bytesPerSecond: 1024, seconds: 30)),
            .upload(file: "/f", url: "http://h/up", lowSpeed: LowSpeedLimit(bytesPerSecond: 1, seconds: 1)),
        ])
    func request(request: AgentRequest) {
        #expect(AgentRequest(arguments: request.arguments) == request)
        #expect(AgentRequest(arguments: ["fetch", "a", "b"]) == nil)
        #expect(AgentRequest(arguments: ["download", "a", "b", "--share"]) == nil)
        #expect(AgentRequest(arguments: ["download", "a", "b", "--share", "0"]) == nil)
        #expect(AgentRequest(arguments: ["download", "a", "b", "--share", "1", "--share", "2"]) == nil)
        #expect(AgentRequest(arguments: ["download", "a", "b", "--speed", "1"]) == nil)
        #expect(AgentRequest(arguments: ["upload", "a", "b", "--share", "1"]) == nil)
        #expect(AgentRequest(arguments: ["download", "a", "b", "--speed-limit", "1"]) == nil)
        #expect(AgentRequest(arguments: ["download", "a", "b", "--speed-limit", "1", "--speed-time", "0"]) == nil)
        #expect(AgentRequest(arguments: ["upload", "a", "b", "--speed-time", "5"]) == nil)
        #expect(AgentRequest(arguments: Array(request.arguments.dropLast())) == nil)
    }
}
