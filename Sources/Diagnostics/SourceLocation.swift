/// Where something was read from: a file, a 1-based line and a 1-based column
/// (counted in Unicode scalars).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
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

    /// By path, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
