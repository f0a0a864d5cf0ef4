/// What `run` asks of the transfer agent, a child process that moves one transfer's bytes
/// over HTTP (Foundation's URL loading) so that the flavors' own executables do not load the
/// networking libraries until they transfer something. A request travels as the agent's
/// arguments.
public enum AgentRequest: Equatable, Sendable {
    /// `GET url` into `partFile`, continuing a partial file already there with `Range`.
    case download(url: String, partFile: String)
    /// `PUT url` with `file` as the body.
    case upload(file: String, url: String)

    /// The agent's arguments for this request (after its own path).
    public var arguments: [String] {
        switch self {
        case .download(let url, let partFile): ["download", url, partFile]
        case .upload(let file, let url): ["upload", file, url]
        }
    }

    /// The request `arguments` (after the program's path) stand for; nil when they are not one.
    public init?<Arguments: Collection<String>>(arguments: Arguments) {
        let words = Array(arguments)
        guard words.count == 3 else { return nil }
        switch words[0] {
        case "download": self = .download(url: words[1], partFile: words[2])
        case "upload": self = .upload(file: words[1], url: words[2])
        default: return nil
        }
    }

    /// How the agent is called, for its usage error.
    public static let usage = "usage: TransferAgent download URL PART-FILE | upload FILE URL"
}
