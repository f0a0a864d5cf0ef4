import Diagnostics

/// Lines and columns of byte offsets in UTF-8 text, counted on from the last offset asked
/// for, so that asking in increasing order costs linear time overall, however long the lines.
package struct TextPositions {
    package let text: UnsafeBufferPointer<UInt8>
    package let path: String
    /// Newlines are counted up to here.
    private var counted = 0
    private var line = 1
    private var lineStart = 0
    /// The last column computed and its offset, on the current line.
    private var columnMark = (offset: 0, column: 1)

    package init(text: UnsafeBufferPointer<UInt8>, path: String) {
        self.text = text
        self.path = path
    }

    /// The 1-based line of `offset`.
    package mutating func line(at offset: Int) -> Int {
        let offset = min(max(offset, 0), text.count)
        if offset < counted { self = TextPositions(text: text, path: path) }
        guard let base = text.baseAddress, offset > counted else { return line }
        let newlines = Self.newlines(base + counted, count: offset - counted)
        if newlines > 0 {
            line += newlines
            var last = offset - 1
            while base[last] != 0x0A { last -= 1 }
            lineStart = last + 1
            columnMark = (lineStart, 1)
        }
        counted = offset
        return line
    }

    /// The line and 1-based column (in Unicode scalars) of `offset`.
    package mutating func location(at offset: Int) -> SourceLocation {
        let line = line(at: offset)
        let offset = min(max(offset, 0), text.count)
        if columnMark.offset < lineStart || columnMark.offset > offset { columnMark = (lineStart, 1) }
        var column = columnMark.column
        var index = columnMark.offset
        while index < offset {
            if text[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        columnMark = (offset, column)
        return SourceLocation(path: path, line: line, column: column)
    }

    /// The number of `\n` bytes, counted eight at a time: a byte of `word ^ 0x0A…` is zero
    /// exactly where a newline was, and the high bit of each zero byte is set below. The bits
    /// are summed per byte lane (a population count is a library call on baseline x86-64) and
    /// the lanes added up every 255 words, before one can overflow.
    package static func newlines(_ start: UnsafePointer<UInt8>, count: Int) -> Int {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, newline: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var total = 0, offset = 0
        while offset + 8 <= count {
            var lanes: UInt64 = 0
            let end = min(count - 7, offset + 255 * 8)
            while offset < end {
                let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self) ^ newline
                lanes &+= (~(((word & low) &+ low) | word | low)) >> 7
                offset += 8
            }
            // Pairs of lanes into 16-bit lanes (at most 510), then their sum in the top 16 bits.
            let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
            total += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while offset < count {
            if start[offset] == 0x0A { total += 1 }
            offset += 1
        }
        return total
    }
}
