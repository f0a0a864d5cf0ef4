/// What `run` asks of the transfer agent, a child process that moves one transfer's bytes
/// over HTTP (Foundation's URL loading) so that the flavors' own executables do not load the
/// networking libraries until they transfer something. A request travels as the agent's
/// arguments.
public enum AgentRequest: Equatable, Sendable {
    /// `GET url` into `partFile`, continuing a partial file already there with `Range` (and
    /// `If-Range: validator`, when the app has one from an agent before). With a `share`, the
    /// agent stops once it has written that many bytes, provided the server takes ranges, and
    /// reports `more`: the next agent continues.
    case download(url: String, partFile: String, share: Int64? = nil, validator: String? = nil)
    /// `PUT url` with `file` as the body.
    case upload(file: String, url: String)

    /// The agent's arguments for this request (after its own path).
    public var arguments: [String] {
        switch self {
        case .download(let url, let partFile, let share, let validator):
            ["download", url, partFile] + (share.map { ["--share", String($0)] } ?? [])
                + (validator.map { ["--if-range", $0] } ?? [])
        case .upload(let file, let url): ["upload", file, url]
        }
    }

    /// The request `arguments` (after the program's path) stand for; nil when they are not one.
    public init?<Arguments: Collection<String>>(arguments: Arguments) {
        let words = Array(arguments)
        guard words.count >= 3 else { return nil }
        switch words[0] {
        case "download":
            var share: Int64?, validator: String?
            var options = words[3...]
            while let name = options.popFirst() {
                guard let value = options.popFirst() else { return nil }
                switch name {
                case "--share" where share == nil:
                    guard let bytes = Int64(value), bytes > 0 else { return nil }
                    share = bytes
                case "--if-range" where validator == nil: validator = value
                default: return nil
                }
            }
            self = .download(url: words[1], partFile: words[2], share: share, validator: validator)
        case "upload" where words.count == 3: self = .upload(file: words[1], url: words[2])
        default: return nil
        }
    }

    /// How the agent is called, for its usage error.
    public static let usage =
        "usage: TransferAgent download URL PART-FILE [--share BYTES] [--if-range VALIDATOR] | upload FILE URL"
}
