/// Which lines of two texts differ, by Myers' O((N+M)·D) algorithm in its linear-space form
/// (divide and conquer on the "middle snake"), after trimming the common head and tail.
/// Lines are compared as integers: each distinct line is numbered once.
public struct LineDiff: Sendable {
    /// The old text's lines and the new text's. A final line without a newline is kept
    /// apart from the same line with one, so that the difference shows.
    public let old: [Substring]
    public let new: [Substring]
    /// Whether the old text ends with a newline, and the new one.
    public let oldEndsWithNewline: Bool
    public let newEndsWithNewline: Bool
    /// `deleted[i]`: line i of the old text is not in the new one; `inserted[j]` likewise.
    public private(set) var deleted: [Bool]
    public private(set) var inserted: [Bool]

    public init(old oldText: String, new newText: String) {
        (old, oldEndsWithNewline) = Self.lines(of: oldText)
        (new, newEndsWithNewline) = Self.lines(of: newText)
        deleted = [Bool](repeating: false, count: old.count)
        inserted = [Bool](repeating: false, count: new.count)

        var numbers: [LineBytes: Int] = [:]
        numbers.reserveCapacity(old.count + new.count)
        func number(_ lines: [Substring], endsWithNewline: Bool) -> [Int] {
            lines.indices.map { index in
                // A last line with no newline gets a number of its own (negative).
                let key = LineBytes(lines[index])
                let id = numbers[key] ?? {
                    let next = numbers.count + 1
                    numbers[key] = next
                    return next
                }()
                return index == lines.count - 1 && !endsWithNewline ? -id : id
            }
        }
        let a = number(old, endsWithNewline: oldEndsWithNewline)
        let b = number(new, endsWithNewline: newEndsWithNewline)
        var search = Search(a: a, b: b)
        search.compare(aLow: 0, aHigh: a.count, bLow: 0, bHigh: b.count)
        deleted = search.deleted
        inserted = search.inserted
    }

    /// Whether the texts are the same.
    public var isEmpty: Bool { !deleted.contains(true) && !inserted.contains(true) }

    /// Splits at every LF byte (a `Character` split would keep CRLF lines together).
    static func lines(of text: String) -> ([Substring], endsWithNewline: Bool) {
        guard !text.isEmpty else { return ([], true) }
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init)
        let endsWithNewline = lines.last?.isEmpty == true
        if endsWithNewline { lines.removeLast() }
        return (lines, endsWithNewline)
    }
}

/// A line compared and hashed by its UTF-8 bytes: canonically equivalent but different
/// text (a precomposed and a decomposed "é") is a change a snapshot must show.
private struct LineBytes: Hashable {
    let text: Substring

    init(_ text: Substring) { self.text = text }

    static func == (lhs: LineBytes, rhs: LineBytes) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// The recursion, over line numbers.
private struct Search {
    let a: [Int]
    let b: [Int]
    var deleted: [Bool]
    var inserted: [Bool]
    /// Reused furthest-reaching arrays for the forward and backward searches.
    var forward: [Int] = []
    var backward: [Int] = []

    init(a: [Int], b: [Int]) {
        self.a = a
        self.b = b
        deleted = [Bool](repeating: false, count: a.count)
        inserted = [Bool](repeating: false, count: b.count)
    }

    mutating func compare(aLow: Int, aHigh: Int, bLow: Int, bHigh: Int) {
        var aLow = aLow, aHigh = aHigh, bLow = bLow, bHigh = bHigh
        while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
            aLow += 1
            bLow += 1
        }
        while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
            aHigh -= 1
            bHigh -= 1
        }
        if aLow == aHigh {
            for index in bLow..<bHigh { inserted[index] = true }
            return
        }
        if bLow == bHigh {
            for index in aLow..<aHigh { deleted[index] = true }
            return
        }
        guard let (x, y) = middleSnake(aLow: aLow, aHigh: aHigh, bLow: bLow, bHigh: bHigh) else {
            // Unreachable for consistent input; marking the range changed keeps the result valid.
            for index in aLow..<aHigh { deleted[index] = true }
            for index in bLow..<bHigh { inserted[index] = true }
            return
        }
        compare(aLow: aLow, aHigh: x, bLow: bLow, bHigh: y)
        compare(aLow: x, aHigh: aHigh, bLow: y, bHigh: bHigh)
    }

    /// A point (x, y) on an optimal path through the middle of the edit graph, found by
    /// searching forward from the start and backward from the end until the two meet.
    mutating func middleSnake(aLow: Int, aHigh: Int, bLow: Int, bHigh: Int) -> (Int, Int)? {
        let n = aHigh - aLow, m = bHigh - bLow
        let maxD = (n + m + 1) / 2
        let offset = maxD + 1
        let size = 2 * maxD + 3
        if forward.count < size {
            forward = [Int](repeating: -1, count: size)
            backward = [Int](repeating: -1, count: size)
        }
        for index in 0..<size {
            forward[index] = -1
            backward[index] = -1
        }
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        let delta = n - m
        let oddDelta = delta & 1 != 0
        // Diagonals that ran off the graph's edge are skipped from then on.
        var forwardStart = 0, forwardEnd = 0, backwardStart = 0, backwardEnd = 0

        for d in 0...maxD {
            var k = -d + forwardStart
            while k <= d - forwardEnd {
                let index = offset + k
                var x = k == -d || (k != d && forward[index - 1] < forward[index + 1])
                    ? forward[index + 1] : forward[index - 1] + 1
                var y = x - k
                while x < n, y < m, a[aLow + x] == b[bLow + y] {
                    x += 1
                    y += 1
                }
                forward[index] = x
                if x > n {
                    forwardEnd += 2
                } else if y > m {
                    forwardStart += 2
                } else if oddDelta {
                    let mirror = offset + delta - k
                    if mirror >= 0, mirror < size, backward[mirror] != -1, x >= n - backward[mirror] {
                        return (aLow + x, bLow + y)
                    }
                }
                k += 2
            }
            k = -d + backwardStart
            while k <= d - backwardEnd {
                let index = offset + k
                var x = k == -d || (k != d && backward[index - 1] < backward[index + 1])
                    ? backward[index + 1] : backward[index - 1] + 1
                var y = x - k
                while x < n, y < m, a[aHigh - 1 - x] == b[bHigh - 1 - y] {
                    x += 1
                    y += 1
                }
                backward[index] = x
                if x > n {
                    backwardEnd += 2
                } else if y > m {
                    backwardStart += 2
                } else if !oddDelta {
                    let mirror = offset + delta - k
                    if mirror >= 0, mirror < size, forward[mirror] != -1 {
                        let forwardX = forward[mirror]
                        let forwardY = forwardX - (mirror - offset)
                        if forwardX >= n - x { return (aLow + forwardX, bLow + forwardY) }
                    }
                }
                k += 2
            }
        }
        return nil
    }
}
