/// What `run` asks of the transfer agent, a child process that moves one transfer's bytes
/// over HTTP (Foundation's URL loading) so that the flavors' own executables do not load the
/// networking libraries until they transfer something. A request travels as the agent's
/// arguments.
package enum AgentRequest: Equatable, Sendable {
    /// `GET url` into `partFile`, continuing a partial file already there with `Range` (and
    /// `If-Range: validator`, when the app has one from an agent before). With a `share`, the
    /// agent stops once it has written that many bytes, provided the server takes ranges, and
    /// reports `more`: the next agent continues. With a `lowSpeed` limit, an attempt slower
    /// than it fails.
    case download(
        url: String, partFile: String, share: Int64? = nil, validator: String? = nil, lowSpeed: LowSpeedLimit? = nil)
    /// `PUT url` with `file` as the body; with a `lowSpeed` limit, an attempt slower than it fails.
    case upload(file: String, url: String, lowSpeed: LowSpeedLimit? = nil)

    /// The agent's arguments for this request (after its own path).
    package var arguments: [String] {
        switch self {
        case .download(let url, let partFile, let share, let validator, let lowSpeed):
            ["download", url, partFile] + (share.map { ["--share", String($0)] } ?? [])
                + (validator.map { ["--if-range", $0] } ?? []) + Self.arguments(lowSpeed)
        case .upload(let file, let url, let lowSpeed): ["upload", file, url] + Self.arguments(lowSpeed)
        }
    }

    /// The request `arguments` (after the program's path) stand for; nil when they are not one.
    package init?<Arguments: Collection<String>>(arguments: Arguments) {
        let words = Array(arguments)
        guard words.count >= 3 else { return nil }
        var share: Int64?, validator: String?, speedLimit: Int64?, speedTime: Int64?
        var options = words[3...]
        while let name = options.popFirst() {
            guard let value = options.popFirst() else { return nil }
            switch name {
            case "--share" where share == nil && words[0] == "download":
                guard let bytes = Self.positive(value) else { return nil }
                share = bytes
            case "--if-range" where validator == nil && words[0] == "download": validator = value
            case "--speed-limit" where speedLimit == nil:
                guard let bytes = Self.positive(value) else { return nil }
                speedLimit = bytes
            case "--speed-time" where speedTime == nil:
                guard let seconds = Self.positive(value) else { return nil }
                speedTime = seconds
            default: return nil
            }
        }
        // Both halves of the low-speed limit, or neither.
        guard (speedLimit == nil) == (speedTime == nil) else { return nil }
        let lowSpeed = speedLimit.flatMap { bytes in
            speedTime.map { LowSpeedLimit(bytesPerSecond: bytes, seconds: $0) }
        }
        switch words[0] {
        case "download":
            self = .download(url: words[1], partFile: words[2], share: share, validator: validator, lowSpeed: lowSpeed)
        case "upload": self = .upload(file: words[1], url: words[2], lowSpeed: lowSpeed)
        default: return nil
        }
    }

    /// The request's low-speed limit, if it has one.
    package var lowSpeed: LowSpeedLimit? {
        switch self {
        case .download(_, _, _, _, let lowSpeed), .upload(_, _, let lowSpeed): lowSpeed
        }
    }

    private static func arguments(_ lowSpeed: LowSpeedLimit?) -> [String] {
        lowSpeed.map { ["--speed-limit", String($0.bytesPerSecond), "--speed-time", String($0.seconds)] } ?? []
    }

    /// A whole number above 0, in decimal digits.
    private static func positive(_ text: String) -> Int64? {
        guard let number = Int64(text), number > 0 else { return nil }
        return number
    }

    /// How the agent is called, for its usage error.
    package static let usage =
        "usage: TransferAgent download URL PART-FILE [--share BYTES] [--if-range VALIDATOR] "
        + "[--speed-limit BYTES --speed-time SECONDS] | upload FILE URL [--speed-limit BYTES --speed-time SECONDS]"
}
