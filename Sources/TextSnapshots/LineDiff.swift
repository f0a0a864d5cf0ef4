#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which lines of two texts differ, by Myers' O((N+M)·D) algorithm in its linear-space form
/// (divide and conquer on the "middle snake"), after trimming the common head and tail.
/// Lines are compared as integers: each distinct line (by its UTF-8 bytes) is numbered
/// once. As in GNU diff, lines that occur in only one text are marked changed before the
/// search (they can never match, so the result stays minimal), which leaves the search
/// little to do on typical snapshot changes.
public struct LineDiff: Sendable {
    /// The recorded text.
    public let oldText: String
    /// The new output.
    public let newText: String
    /// Each line's bytes in its text, without the newline.
    private let oldLines: [Range<Int>]
    private let newLines: [Range<Int>]
    /// Whether the old text ends with a newline, and the new one.
    public let oldEndsWithNewline: Bool
    /// Whether the new text ends with a newline.
    public let newEndsWithNewline: Bool
    /// `deleted[i]`: line i of the old text is not in the new one; `inserted[j]` likewise.
    public private(set) var deleted: [Bool]
    /// `inserted[j]`: line j of the new text is not in the old one.
    public private(set) var inserted: [Bool]

    /// The diff of `old` and `new`, line by line.
    ///
    /// `anchoringUniqueLines`: lines that occur once in each text are matched first, in the
    /// longest run that keeps both orders (as patience diff does), and only the lines between
    /// two such anchors are searched. A merge's conflicts in a large catalog (thousands of
    /// changes among thousands of identical comment and blank lines) make the whole search
    /// quadratic; between anchors it is linear in practice. The result is a valid diff, not
    /// always the shortest one.
    public init(old: String, new: String, anchoringUniqueLines: Bool = false) {
        var oldNative = old, newNative = new
        oldNative.makeContiguousUTF8()
        newNative.makeContiguousUTF8()
        oldText = oldNative
        newText = newNative
        var numbering = LineNumbering()
        let (a, oldLines, oldEnds) = oldNative.withUTF8 { numbering.number($0) }
        let (b, newLines, newEnds) = newNative.withUTF8 { bytes in
            oldNative.withUTF8 { numbering.number(bytes, reference: $0) }
        }
        self.oldLines = oldLines
        self.newLines = newLines
        oldEndsWithNewline = oldEnds
        newEndsWithNewline = newEnds
        deleted = [Bool](repeating: false, count: a.count)
        inserted = [Bool](repeating: false, count: b.count)

        // Slot of a line number in the presence tables (negative numbers after the positive).
        let distinct = numbering.count
        func slot(_ id: Int) -> Int { id > 0 ? id : distinct - id }
        var inA = [Bool](repeating: false, count: 2 * distinct + 2)
        var inB = inA
        for id in a { inA[slot(id)] = true }
        for id in b { inB[slot(id)] = true }
        var keptA: [Int] = [], keptB: [Int] = []
        keptA.reserveCapacity(a.count)
        keptB.reserveCapacity(b.count)
        for index in a.indices {
            if inB[slot(a[index])] { keptA.append(index) } else { deleted[index] = true }
        }
        for index in b.indices {
            if inA[slot(b[index])] { keptB.append(index) } else { inserted[index] = true }
        }

        var search = Search(
            a: keptA.map { a[$0] }, b: keptB.map { b[$0] },
            differenceLimit: anchoringUniqueLines ? Self.anchoredDifferenceLimit : .max)
        var (aLow, bLow) = (0, 0)
        if anchoringUniqueLines {
            for (x, y) in Self.anchors(search.a, search.b, slots: 2 * distinct + 2, slot: slot) {
                search.compare(aLow: aLow, aHigh: x, bLow: bLow, bHigh: y)
                (aLow, bLow) = (x + 1, y + 1)
            }
        }
        search.compare(aLow: aLow, aHigh: search.a.count, bLow: bLow, bHigh: search.b.count)
        for (position, index) in keptA.enumerated() where search.deleted[position] { deleted[index] = true }
        for (position, index) in keptB.enumerated() where search.inserted[position] { inserted[index] = true }
        if anchoringUniqueLines {
            oldNative.withUTF8 { Self.slide(&deleted, ids: a, lines: oldLines, text: $0) }
            newNative.withUTF8 { Self.slide(&inserted, ids: b, lines: newLines, text: $0) }
        }
    }

    /// Moves each run of changed lines along the equal lines around it (which leaves the diff
    /// valid) to the first place where it ends with a blank line, when there is one, as git
    /// places such runs: a removed paragraph is marked whole (its comment, its entry, the blank
    /// line after it), not from its entry to the next paragraph's comment.
    private static func slide(
        _ changed: inout [Bool], ids: [Int], lines: [Range<Int>], text: UnsafeBufferPointer<UInt8>
    ) {
        func isBlank(_ index: Int) -> Bool { text[lines[index]].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        var start = 0
        while start < changed.count {
            guard changed[start] else {
                start += 1
                continue
            }
            var end = start
            while end < changed.count, changed[end] { end += 1 }
            let length = end - start
            // The run can take any place from `top` to `bottom`: each step swaps two equal lines.
            var top = start
            while top > 0, !changed[top - 1], ids[top - 1] == ids[top - 1 + length] { top -= 1 }
            var bottom = start
            while bottom + length < changed.count, !changed[bottom + length], ids[bottom] == ids[bottom + length] {
                bottom += 1
            }
            var next = end
            if !isBlank(end - 1), let place = (top...bottom).first(where: { isBlank($0 + length - 1) }) {
                for index in start..<end { changed[index] = false }
                for index in place..<place + length { changed[index] = true }
                next = max(end, place + length)
            }
            start = next
        }
    }

    /// With anchoring, how many differences the search between two anchors looks for before
    /// it marks that stretch changed whole: texts with no line each has once (every entry
    /// written twice, thousands of them changed) would make it quadratic again.
    static let anchoredDifferenceLimit = 256

    /// The positions of lines that occur once in `a` and once in `b`, as pairs (position in
    /// `a`, position in `b`): the longest list of them increasing in both, found as patience
    /// sorting finds a longest increasing subsequence, in O(n log n).
    private static func anchors(_ a: [Int], _ b: [Int], slots: Int, slot: (Int) -> Int) -> [(Int, Int)] {
        // Occurrences in each text (0, 1 or more: capped at 2), and where in `b` a line is.
        var inA = [UInt8](repeating: 0, count: slots), inB = inA
        var whereInB = [Int](repeating: 0, count: slots)
        for id in a { inA[slot(id)] = min(inA[slot(id)] + 1, 2) }
        for (position, id) in b.enumerated() {
            inB[slot(id)] = min(inB[slot(id)] + 1, 2)
            whereInB[slot(id)] = position
        }
        let pairs = a.indices.compactMap { x -> (Int, Int)? in
            let id = slot(a[x])
            return inA[id] == 1 && inB[id] == 1 ? (x, whereInB[id]) : nil
        }
        // `tails[k]`: the pair ending the best increasing run of length k + 1 found so far
        // (the smallest position in `b`); `previous[i]`: the pair before pair i in its run.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [(Int, Int)] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(pairs[index])
            index = previous[index]
        }
        return run.reversed()
    }

    /// How many lines the old text has.
    public var oldCount: Int { oldLines.count }
    /// How many lines the new text has.
    public var newCount: Int { newLines.count }

    /// Line `index` of the old text, without its newline.
    public func oldLine(_ index: Int) -> Substring { Self.line(oldText, oldLines[index]) }

    /// Where line `index` of the old text lies in its UTF-8 bytes, without its newline.
    package func oldLineBytes(_ index: Int) -> Range<Int> { oldLines[index] }

    /// Where line `index` of the new text lies in its UTF-8 bytes, without its newline.
    package func newLineBytes(_ index: Int) -> Range<Int> { newLines[index] }

    /// Line `index` of the new text, without its newline.
    public func newLine(_ index: Int) -> Substring { Self.line(newText, newLines[index]) }

    private static func line(_ text: String, _ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        return Substring(
            utf8[
                utf8.index(
                    utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                        utf8.startIndex, offsetBy: range.upperBound)])
    }

    /// Whether the texts are the same.
    public var isEmpty: Bool { !deleted.contains(true) && !inserted.contains(true) }
}

/// Numbers lines by their bytes across the two texts: equal lines get equal numbers. A
/// last line with no newline gets its number negated, so that it differs from the same line
/// with one.
private struct LineNumbering {
    /// Open addressing: number + 1, or 0 when empty.
    private var slots = [Int32](repeating: 0, count: 1 << 10)
    /// For each number: which text holds its first line (0 old, 1 new), and where.
    private var firsts: [(text: Int, range: Range<Int>)] = []
    private(set) var count = 0

    /// Splits `bytes` at each LF and numbers the lines; `reference` is the old text when
    /// numbering the new one.
    mutating func number(_ bytes: UnsafeBufferPointer<UInt8>, reference: UnsafeBufferPointer<UInt8>? = nil)
        -> ([Int], [Range<Int>], endsWithNewline: Bool)
    {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawPointer(bytes.baseAddress! + start)
            guard let found = memchr(rest, Int32(UInt8(ascii: "\n")), bytes.count - start) else {
                ranges.append(start..<bytes.count)
                break
            }
            let end = start + (UnsafeRawPointer(found) - rest)
            ranges.append(start..<end)
            start = end + 1
        }
        let endsWithNewline = bytes.isEmpty || bytes[bytes.count - 1] == UInt8(ascii: "\n")
        let text = reference == nil ? 0 : 1
        var ids: [Int] = []
        ids.reserveCapacity(ranges.count)
        for (index, range) in ranges.enumerated() {
            let id = intern(
                UnsafeBufferPointer(rebasing: bytes[range]), range: range, text: text,
                current: bytes, reference: reference)
            ids.append(index == ranges.count - 1 && !endsWithNewline ? -id : id)
        }
        return (ids, ranges, endsWithNewline)
    }

    private mutating func intern(
        _ line: UnsafeBufferPointer<UInt8>, range: Range<Int>, text: Int,
        current: UnsafeBufferPointer<UInt8>, reference: UnsafeBufferPointer<UInt8>?
    ) -> Int {
        if (count + 1) * 2 > slots.count { grow(current: current, reference: reference, text: text) }
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: Self.digest(line)) & mask
        while true {
            let slot = slots[position]
            if slot == 0 {
                count += 1
                firsts.append((text, range))
                slots[position] = Int32(count)
                return count
            }
            let first = firsts[Int(slot) - 1]
            let source = first.text == text ? current : reference!
            if first.range.count == line.count,
                line.isEmpty || memcmp(source.baseAddress! + first.range.lowerBound, line.baseAddress!, line.count) == 0
            {
                return Int(slot)
            }
            position = (position + 1) & mask
        }
    }

    private mutating func grow(current: UnsafeBufferPointer<UInt8>, reference: UnsafeBufferPointer<UInt8>?, text: Int) {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, first) in firsts.enumerated() {
            let source = first.text == text ? current : reference!
            var position =
                Int(truncatingIfNeeded: Self.digest(UnsafeBufferPointer(rebasing: source[first.range]))) & mask
            while slots[position] != 0 { position = (position + 1) & mask }
            slots[position] = Int32(index + 1)
        }
    }

    /// A word-at-a-time hash of a line's bytes.
    static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(base[index])) &* 0x0000_0100_0000_01B3
            index += 1
        }
        hash ^= hash >> 29
        return hash &* 0x94D0_49BB_1331_11EB
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

    /// The most differences a middle snake is searched for; past it, the range is marked
    /// changed whole.
    let differenceLimit: Int

    init(a: [Int], b: [Int], differenceLimit: Int = .max) {
        self.a = a
        self.b = b
        self.differenceLimit = differenceLimit
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
            // Past the difference limit (or, unreachable, inconsistent input): marking the range
            // changed keeps the result valid.
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
        let maxD = min((n + m + 1) / 2, differenceLimit)
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
                var x =
                    k == -d || (k != d && forward[index - 1] < forward[index + 1])
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
                var x =
                    k == -d || (k != d && backward[index - 1] < backward[index + 1])
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
