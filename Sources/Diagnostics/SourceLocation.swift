/// Where something was read from: a file, a 1-based line and a 1-based column
/// (counted in Unicode scalars).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file, as given to the reader (relative or absolute).
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column on `line`, in Unicode scalars.
    public var column: Int

    /// A position in `path`; `line` and `column` start at 1.
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
