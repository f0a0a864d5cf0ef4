/// One line the transfer agent writes on its standard output: progress while the bytes move,
/// then exactly one outcome. The agent writes numbers and Foundation's own words; the app puts
/// them into the user's language.
package enum AgentReport: Equatable, Sendable {
    /// Bytes done so far, and the whole size (0 while unknown).
    case progress(done: Int64, total: Int64)
    /// Every byte moved.
    case completed
    /// The agent's share of a download is written (`done` bytes of `total`, 0 when unknown);
    /// another agent continues, sending `validator` (the server's `ETag` or `Last-Modified`,
    /// empty when it gave none) as `If-Range` so that a file changed meanwhile starts over.
    case more(done: Int64, total: Int64, validator: String)
    /// The server answered with HTTP `status` (`phrase`: Foundation's name for it); worth
    /// another attempt when `retryable` (5xx, 429, a range that did not fit).
    case refused(status: Int, phrase: String, retryable: Bool)
    /// The connection ended after `done` of `total` bytes without an error.
    case dropped(done: Int64, total: Int64)
    /// Anything else that ended the attempt (a connection error, the disk), said by Foundation.
    case failed(reason: String, retryable: Bool)
    /// The partial file is a symbolic link, has other names (hard links) or is not a regular
    /// file: the agent wrote nothing to it.
    case unsafeFile
    /// The server sent more than the `announced` bytes its `Content-Length` or `Content-Range`
    /// said this body ends at; nothing past them was written.
    case overlong(announced: Int64)
    /// The server sent the body with `Content-Encoding: encoding` although asked for the
    /// file's own bytes (`Accept-Encoding: identity`); nothing was written.
    case encoded(encoding: String)
    /// A 206 whose `Content-Range` (`value`) names no range a download can use.
    case badRange(value: String)
    /// Fewer bytes than `limit` asks moved in its period (see `LowSpeedLimit`).
    case tooSlow(limit: LowSpeedLimit)
    /// Stopped by the app (the agent's standard input closed).
    case stopped

    /// The report as one line, without its line feed.
    package var line: String {
        switch self {
        case .progress(let done, let total): "progress \(done) \(total)"
        case .completed: "completed"
        case .more(let done, let total, let validator): "more \(done) \(total) \(Self.oneLine(validator))"
        case .refused(let status, let phrase, let retryable):
            "refused \(status) \(Self.word(retryable)) \(Self.oneLine(phrase))"
        case .dropped(let done, let total): "dropped \(done) \(total)"
        case .failed(let reason, let retryable): "failed \(Self.word(retryable)) \(Self.oneLine(reason))"
        case .unsafeFile: "unsafe-file"
        case .overlong(let announced): "overlong \(announced)"
        case .encoded(let encoding): "encoded \(Self.oneLine(encoding))"
        case .badRange(let value): "bad-range \(Self.oneLine(value))"
        case .tooSlow(let limit): "slow \(limit.bytesPerSecond) \(limit.seconds)"
        case .stopped: "stopped"
        }
    }

    /// The report `line` (without its line feed) stands for; nil when it is not one.
    package init?(line: Substring) {
        let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        func number(_ index: Int) -> Int64? { index < words.count ? Int64(words[index]) : nil }
        func retryable(_ index: Int) -> Bool? {
            index < words.count ? (words[index] == "retry" ? true : words[index] == "final" ? false : nil) : nil
        }
        func rest(from index: Int) -> String {
            words.count > index ? words[index...].joined(separator: " ") : ""
        }
        switch words.first {
        case "progress":
            guard words.count == 3, let done = number(1), let total = number(2) else { return nil }
            self = .progress(done: done, total: total)
        case "completed" where words.count == 1: self = .completed
        case "more":
            guard words.count >= 3, let done = number(1), let total = number(2) else { return nil }
            self = .more(done: done, total: total, validator: rest(from: 3))
        case "stopped" where words.count == 1: self = .stopped
        case "dropped":
            guard words.count == 3, let done = number(1), let total = number(2) else { return nil }
            self = .dropped(done: done, total: total)
        case "refused":
            guard let status = number(1).flatMap({ Int(exactly: $0) }), let again = retryable(2) else { return nil }
            self = .refused(status: status, phrase: rest(from: 3), retryable: again)
        case "failed":
            guard let again = retryable(1) else { return nil }
            self = .failed(reason: rest(from: 2), retryable: again)
        case "unsafe-file" where words.count == 1: self = .unsafeFile
        case "overlong":
            guard words.count == 2, let announced = number(1) else { return nil }
            self = .overlong(announced: announced)
        case "encoded" where words.count >= 2: self = .encoded(encoding: rest(from: 1))
        case "bad-range" where words.count >= 2: self = .badRange(value: rest(from: 1))
        case "slow":
            guard words.count == 3, let rate = number(1), let seconds = number(2), rate > 0, seconds > 0 else {
                return nil
            }
            self = .tooSlow(limit: LowSpeedLimit(bytesPerSecond: rate, seconds: seconds))
        default: return nil
        }
    }

    private static func word(_ retryable: Bool) -> String { retryable ? "retry" : "final" }

    /// `text` on one line: line breaks become spaces.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
