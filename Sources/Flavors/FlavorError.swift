/// A problem with a flavor's files, printed as `path: error: message`.
public struct FlavorError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): error: \(message)" }
}
