/// Rows of cells laid out in columns aligned by display width, two spaces apart, fitted to a
/// width of terminal columns: help tables, and a program's own tables. Each cell that holds
/// right-to-left text is written isolated (`DisplayColumns.isolated`), so that an Arabic
/// heading or a Hebrew title cannot reorder the columns on a bidirectional terminal.
public struct TextColumns: Sendable {
    /// The rows, each a list of cells; the first row may be a header.
    public var rows: [[String]]
    /// Whether cells are isolated (the default); off only for text a caller isolated its own way.
    public var isolatesCells = true

    /// Columns of `rows`.
    public init(_ rows: [[String]] = []) {
        self.rows = rows
    }

    /// Adds a row.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The rows aligned, each line starting with `indent` spaces and without trailing spaces,
    /// when they fit in `width` columns — if need be with column `shrinking` narrowed to no less
    /// than `minimum` columns, its cells cut with `…`; nil when they cannot fit.
    public func aligned(width: Int = .max, indent: Int = 0, shrinking: Int? = nil, minimum: Int = 8) -> [String]? {
        var widths = naturalWidths()
        let total = indent + widths.reduce(0, +) + 2 * max(widths.count - 1, 0)
        var cut: Int?
        if total > width {
            guard let column = shrinking, column < widths.count, widths[column] - (total - width) >= minimum else {
                return nil
            }
            widths[column] -= total - width
            cut = column
        }
        return rows.map { row in
            var line = String(repeating: " ", count: indent)
            for (index, cell) in row.enumerated() {
                let shown = index == cut ? DisplayColumns.truncate(cell, to: widths[index]) : cell
                let padding = index == row.count - 1 ? 0 : widths[index] - DisplayColumns.width(shown) + 2
                line += isolated(shown) + String(repeating: " ", count: padding)
            }
            return Self.trimmed(line)
        }
    }

    /// The lines in `width` columns: aligned when they fit; else with the last column wrapped
    /// in the room the others leave, when that is at least `minimumLast` columns; else each row
    /// stacked, its first cell on a line and the others below it, indented two more spaces and
    /// wrapped. A first cell too long for its line goes on indented four more spaces, so that
    /// its end is not taken for a cell, nor for the next row.
    public func render(width: Int = .max, indent: Int = 0, minimumLast: Int = 12) -> [String] {
        if let lines = aligned(width: width, indent: indent) { return lines }
        let widths = naturalWidths()
        let leading = widths.dropLast().reduce(0) { $0 + $1 + 2 }
        let room = width - indent - leading
        if widths.count > 1, room >= minimumLast {
            return rows.flatMap { row in
                var line = String(repeating: " ", count: indent)
                for (index, cell) in row.enumerated().dropLast() {
                    line +=
                        isolated(cell) + String(repeating: " ", count: widths[index] - DisplayColumns.width(cell) + 2)
                }
                let wrapped = DisplayColumns.wrap(row.last ?? "", to: room).map(isolated)
                let continuation = String(repeating: " ", count: indent + leading)
                return [Self.trimmed(line + wrapped[0])] + wrapped.dropFirst().map { Self.trimmed(continuation + $0) }
            }
        }
        return rows.flatMap { row in
            let cell = row.first ?? ""
            let head =
                DisplayColumns.width(cell) <= width - indent
                ? [cell] : DisplayColumns.wrap(cell, to: width - indent - 4)
            let first = head.enumerated().map { line, text in
                Self.trimmed(String(repeating: " ", count: line == 0 ? indent : indent + 4) + isolated(text))
            }
            let rest = row.dropFirst().filter { !$0.isEmpty }.flatMap { cell in
                DisplayColumns.wrap(cell, to: width - indent - 2).map {
                    Self.trimmed(String(repeating: " ", count: indent + 2) + isolated($0))
                }
            }
            return first + rest
        }
    }

    /// `text` as a cell is written: isolated when `isolatesCells`.
    private func isolated(_ text: String) -> String {
        isolatesCells ? DisplayColumns.isolated(text) : text
    }

    /// The widest cell of each column.
    private func naturalWidths() -> [Int] {
        var widths = [Int](repeating: 0, count: rows.map(\.count).max() ?? 0)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayColumns.width(cell)) }
        }
        return widths
    }

    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
