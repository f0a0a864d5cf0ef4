import Commands

/// Rows of cells laid out in columns aligned by display width, two spaces apart.
public struct TextTable {
    public var rows: [[String]]

    public init(header: [String]) {
        rows = [header]
    }

    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table as lines without trailing spaces.
    public func render() -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayColumns.width(cell)) }
        }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                let padding = index == row.count - 1 ? 0 : widths[index] - DisplayColumns.width(cell) + 2
                line += cell + String(repeating: " ", count: padding)
            }
            return String(line.reversed().drop(while: { $0 == " " }).reversed())
        }
    }
}
