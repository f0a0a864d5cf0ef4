/// Where something was read from: a file, a 1-based line and a 1-based column
/// (counted in Unicode scalars).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the form editors and CI annotators understand.
    public var description: String { "\(path):\(line):\(column)" }
}

/// A catalog problem, printed as `path:line:column: error: message`.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): error: \(message)" }
}
