import Diagnostics
import FileFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One table of one language (`Localizable`, `InfoPlist`, …), stored compactly: every key and
/// value, unescaped, back to back in one UTF-8 buffer, a fixed-size record per entry, and an
/// open-addressing index. No string is allocated while a catalog loads; a lookup makes the
/// one it returns. Entries keep the order of their keys' first definitions; a key defined
/// again keeps one record, which takes the later value and location, and the later bytes
/// are reclaimed, so duplicates cost no memory per definition.
public struct StringTable: Sendable {
    /// Where an entry's key and value lie in `bytes`, and where it was read.
    struct Record: Sendable {
        var keyStart: UInt32
        var keyLength: UInt32
        var valueStart: UInt32
        var valueLength: UInt32
        var line: UInt32
        var column: UInt32
        var file: UInt16
    }

    private(set) var bytes: [UInt8] = []
    /// One record per distinct key (`insert` replaces the value of a key defined again):
    /// `rehash` relies on it.
    private(set) var records: [Record] = []
    /// Files the entries were read from, by `Record.file`.
    public private(set) var files: [String] = []
    /// Each slot: the key's 32-bit hash in the high half, record index + 1 in the low half;
    /// 0 when empty. The capacity is a power of two, at most half full.
    private var slots: [UInt64] = []

    /// An empty table.
    public init() {}

    /// Reserves room for about `entries` entries taking `byteCount` bytes in all.
    mutating func reserve(entries: Int, bytes byteCount: Int) {
        if byteCount > bytes.capacity {
            // Written once, front to back: a large buffer in 2 MiB pages.
            let old = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
                LargePages.advise(UnsafeMutableRawPointer(buffer.baseAddress), count: buffer.count)
                count = buffer.initialize(fromContentsOf: old)
            }
        }
        records.reserveCapacity(entries)
        if slots.count < entries * 2 { rehash(capacity: Self.capacity(for: entries)) }
    }

    // MARK: Reading

    /// Whether the table has no entry.
    public var isEmpty: Bool { records.isEmpty }

    /// Distinct keys: one record each, numbered from 0 (`entry(atRecord:)`).
    public var count: Int { records.count }

    /// The value of `key`, or nil.
    public subscript(key: String) -> String? {
        recordIndex(of: key).map(value(atRecord:))
    }

    /// Record `index`'s value (as `recordIndex(of:)` finds records).
    func value(atRecord index: Int) -> String {
        string(records[index].valueStart, records[index].valueLength)
    }

    /// The records whose values `test` holds for, given each value's UTF-8 bytes.
    func records(whoseValues test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Set<Int> {
        var found = Set<Int>()
        bytes.withUnsafeBufferPointer { buffer in
            for (index, record) in records.enumerated()
            where test(
                UnsafeBufferPointer(
                    rebasing: buffer[Int(record.valueStart)..<Int(record.valueStart + record.valueLength)]))
            {
                found.insert(index)
            }
        }
        return found
    }

    /// Whether the table has `key`.
    public func contains(_ key: String) -> Bool {
        recordIndex(of: key) != nil
    }

    /// The value of `key` and where it was read, or nil.
    public func entry(_ key: String) -> CatalogEntry? {
        recordIndex(of: key).map(entry(at:))
    }

    /// Where the entry of `key` was read (`entry(_:)` without the value), or nil.
    package func location(ofKey key: String) -> SourceLocation? {
        recordIndex(of: key).map { location(of: records[$0]) }
    }

    /// Where the entry of record `index` (`forEachEntry`'s) was defined.
    package func location(atRecord index: Int) -> SourceLocation { location(of: records[index]) }

    /// Every distinct key's entry, in the order of the keys' first definitions (a key defined
    /// again: its last value, at its last place).
    public var entries: [StringsEntry] {
        records.map { record in
            StringsEntry(
                key: string(record.keyStart, record.keyLength),
                value: string(record.valueStart, record.valueLength), location: location(of: record))
        }
    }

    /// The distinct keys, in the order of their first definition.
    public var keys: [String] {
        var result: [String] = []
        result.reserveCapacity(count)
        for record in records {
            result.append(string(record.keyStart, record.keyLength))
        }
        return result
    }

    /// Walks the entry in use for each distinct key, in the order of first definitions,
    /// beside `other`'s value for the same key (nil when it lacks the key), on raw UTF-8 without making strings:
    /// for tools that compare whole catalogs. `entry(atRecord:)` makes the strings of one.
    public func forEachEntry(
        pairedWith other: StringTable?,
        _ body: (_ record: Int, _ value: UnsafeBufferPointer<UInt8>, _ otherValue: UnsafeBufferPointer<UInt8>?) -> Void
    ) {
        var found = other.map(Follower.init(following:))
        bytes.withUnsafeBufferPointer { mine in
            (other?.bytes ?? []).withUnsafeBufferPointer { theirs in
                for (index, record) in records.enumerated() {
                    let key = UnsafeBufferPointer(
                        rebasing: mine[Int(record.keyStart)..<Int(record.keyStart + record.keyLength)])
                    let value = UnsafeBufferPointer(
                        rebasing: mine[Int(record.valueStart)..<Int(record.valueStart + record.valueLength)])
                    var hash: UInt64?
                    body(index, value, found?.value(ofKey: key, hash: &hash, in: theirs))
                }
            }
        }
    }

    /// `forEachEntry(pairedWith:_:)` beside two tables at once (a three-way merge's): each
    /// entry's value beside `other`'s and `third`'s for the same key, nil where one lacks it.
    /// `third`'s is looked up only when asked for (a merge asks where the other two differ).
    package func forEachEntry(
        pairedWith other: StringTable, and third: StringTable,
        _ body: (
            _ record: Int, _ value: UnsafeBufferPointer<UInt8>, _ otherValue: UnsafeBufferPointer<UInt8>?,
            _ thirdValue: () -> UnsafeBufferPointer<UInt8>?
        ) -> Void
    ) {
        var (foundInOther, foundInThird) = (Follower(following: other), Follower(following: third))
        bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { second in
                third.bytes.withUnsafeBufferPointer { last in
                    for (index, record) in records.enumerated() {
                        let key = UnsafeBufferPointer(
                            rebasing: mine[Int(record.keyStart)..<Int(record.keyStart + record.keyLength)])
                        let value = UnsafeBufferPointer(
                            rebasing: mine[Int(record.valueStart)..<Int(record.valueStart + record.valueLength)])
                        var hash: UInt64?
                        body(index, value, foundInOther.value(ofKey: key, hash: &hash, in: second)) {
                            foundInThird.value(ofKey: key, hash: &hash, in: last)
                        }
                    }
                }
            }
        }
    }

    /// Looks up the keys of a table walked in its order in another table, `table`: where both
    /// list their keys in one order (versions of one file, a language beside the development
    /// language), the record after the last one found is tried first, so that the walk reads
    /// `table` in order instead of at random (most of a lookup's time was waiting on memory).
    private struct Follower {
        let table: StringTable
        /// The record tried first.
        var next = 0

        init(following table: StringTable) { self.table = table }

        /// The value of `key` in the table, whose bytes are `storage`; `hash`, the key's hash
        /// once made (the walk shares it between lookups).
        mutating func value(
            ofKey key: UnsafeBufferPointer<UInt8>, hash: inout UInt64?, in storage: UnsafeBufferPointer<UInt8>
        ) -> UnsafeBufferPointer<UInt8>? {
            var found: Int?
            if next < table.records.count {
                let record = table.records[next]
                // The record a lookup finds: a key has one record (defined again, its value is replaced).
                if Int(record.keyLength) == key.count,
                    key.count == 0
                        || memcmp(storage.baseAddress! + Int(record.keyStart), key.baseAddress!, key.count) == 0
                {
                    found = next
                }
            }
            if found == nil {
                let made = hash ?? StringTable.hash(key)
                hash = made
                found = table.find(key, hash: made)
            }
            guard let found else { return nil }
            next = found + 1
            let record = table.records[found]
            return UnsafeBufferPointer(
                rebasing: storage[Int(record.valueStart)..<Int(record.valueStart + record.valueLength)])
        }
    }

    /// Record `index`'s key.
    package func key(atRecord index: Int) -> String {
        string(records[index].keyStart, records[index].keyLength)
    }

    /// Record `index`'s key and value (`entry(atRecord:)` without the location).
    package func keyAndValue(atRecord index: Int) -> (key: String, value: String) {
        let record = records[index]
        return (string(record.keyStart, record.keyLength), string(record.valueStart, record.valueLength))
    }

    /// Record `index`'s key, value and location, as `forEachEntry(pairedWith:_:)` numbers them.
    public func entry(atRecord index: Int) -> StringsEntry {
        let record = records[index]
        return StringsEntry(
            key: string(record.keyStart, record.keyLength), value: string(record.valueStart, record.valueLength),
            location: location(of: record))
    }

    /// Key → value, the last duplicate winning.
    public var dictionary: [String: String] {
        var result = [String: String](minimumCapacity: count)
        for record in records {
            result[string(record.keyStart, record.keyLength)] = string(record.valueStart, record.valueLength)
        }
        return result
    }

    func entry(at index: Int) -> CatalogEntry {
        let record = records[index]
        return CatalogEntry(value: string(record.valueStart, record.valueLength), location: location(of: record))
    }

    func location(of record: Record) -> SourceLocation {
        SourceLocation(path: files[Int(record.file)], line: Int(record.line), column: Int(record.column))
    }

    /// The record `key` finds (as `entry(atRecord:)` numbers them), or nil.
    package func record(of key: String) -> Int? { recordIndex(of: key) }

    /// The text of a token the `.strings` reader wrote (`start`, `length` in `bytes`).
    func string(_ token: (start: UInt32, length: UInt32)) -> String {
        string(token.start, token.length)
    }

    /// Whether a token the `.strings` reader wrote holds a NUL byte.
    func containsNUL(_ token: (start: UInt32, length: UInt32)) -> Bool {
        bytes[Int(token.start)..<Int(token.start + token.length)].contains(0)
    }

    private func string(_ start: UInt32, _ length: UInt32) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(start)..<Int(start + length)]), as: UTF8.self)
        }
    }

    func recordIndex(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { find($0, hash: Self.hash($0)) }
    }

    /// The index of the record holding `key`, or nil.
    func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let tag = hash >> 32
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { bytes in
                while true {
                    let slot = slots[position]
                    if slot == 0 { return nil }
                    if slot >> 32 == tag {
                        let index = Int(slot & 0xFFFF_FFFF) - 1
                        let record = records[index]
                        if Int(record.keyLength) == key.count,
                            key.count == 0
                                || memcmp(bytes.baseAddress! + Int(record.keyStart), key.baseAddress!, key.count) == 0
                        {
                            return index
                        }
                    }
                    position = (position + 1) & mask
                }
            }
        }
    }

    // MARK: Writing

    /// Registers a file name for `Record.file`.
    mutating func addFile(_ path: String) -> UInt16 {
        if let index = files.firstIndex(of: path) { return UInt16(index) }
        files.append(path)
        return UInt16(files.count - 1)
    }

    /// Appends bytes to the buffer, returning where they start.
    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let start = UInt32(bytes.count)
        bytes.append(contentsOf: buffer)
        return start
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    var byteCount: UInt32 { UInt32(bytes.count) }

    /// How many bytes the keys and values take in the table's one buffer.
    public var storageByteCount: Int { bytes.count }

    /// Adds an entry from strings (for readers other than the `.strings` parser).
    mutating func add(key: String, value: String, line: Int, column: Int, file: UInt16) {
        var key = key, value = value
        let keyStart = key.withUTF8 { append($0) }
        let valueStart = value.withUTF8 { append($0) }
        insert(
            keyStart: keyStart, keyLength: UInt32(key.utf8.count), valueStart: valueStart,
            valueLength: UInt32(value.utf8.count), line: line, column: column, file: file)
    }

    /// Adds an entry whose key and value are already in the buffer. A key seen before now
    /// finds this entry. Returns the key's record, and whether the key was new.
    @discardableResult
    mutating func insert(
        keyStart: UInt32, keyLength: UInt32, valueStart: UInt32, valueLength: UInt32,
        line: Int, column: Int, file: UInt16
    ) -> (record: Int, isNew: Bool) {
        let hash = bytes.withUnsafeBufferPointer { buffer in
            Self.hash(UnsafeBufferPointer(rebasing: buffer[Int(keyStart)..<Int(keyStart + keyLength)]))
        }
        let (line, column) = (UInt32(clamping: line), UInt32(clamping: column))
        let found = bytes.withUnsafeBufferPointer { buffer in
            find(UnsafeBufferPointer(rebasing: buffer[Int(keyStart)..<Int(keyStart + keyLength)]), hash: hash)
        }
        if let found {
            replaceValue(of: found, keyStart: keyStart, valueStart: valueStart, valueLength: valueLength)
            records[found].line = line
            records[found].column = column
            records[found].file = file
            return (found, false)
        }
        if (count + 1) * 2 > slots.count { rehash(capacity: Self.capacity(for: count + 1)) }
        records.append(
            Record(
                keyStart: keyStart, keyLength: keyLength, valueStart: valueStart,
                valueLength: valueLength, line: line, column: column, file: file))
        place(recordIndex: records.count - 1, hash: hash)
        return (records.count - 1, true)
    }

    /// Gives record `index` the value at `valueStart`, a key defined again. When the new key
    /// and value are the last bytes of the buffer (as every writer here leaves them), they
    /// are reclaimed: the value goes over the old one when it fits (and the old one is not
    /// the key itself, as in `"key";`), else right where the new key was.
    private mutating func replaceValue(of index: Int, keyStart: UInt32, valueStart: UInt32, valueLength: UInt32) {
        let old = records[index]
        let tail = min(keyStart, valueStart)
        let oldEnd = max(old.keyStart + old.keyLength, old.valueStart + old.valueLength)
        guard tail >= oldEnd, max(keyStart + records[index].keyLength, valueStart + valueLength) == byteCount else {
            records[index].valueStart = valueStart
            records[index].valueLength = valueLength
            return
        }
        let valueIsKey =
            old.valueStart < old.keyStart + old.keyLength && old.keyStart < old.valueStart + old.valueLength
        let target = !valueIsKey && valueLength <= old.valueLength ? old.valueStart : tail
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard valueLength > 0, let base = buffer.baseAddress else { return }
            memmove(base + Int(target), base + Int(valueStart), Int(valueLength))
        }
        bytes.removeLast(Int(byteCount - (target == tail ? tail + valueLength : tail)))
        records[index].valueStart = target
        records[index].valueLength = valueLength
    }

    /// Adds every entry of `other`, which wins over entries already here.
    public mutating func overlay(_ other: StringTable) {
        if records.isEmpty {
            self = other
            return
        }
        bytes.reserveCapacity(bytes.count + other.bytes.count)
        let fileMap = other.files.map { addFile($0) }
        other.bytes.withUnsafeBufferPointer { otherBytes in
            for record in other.records {
                insertCopy(of: record, from: otherBytes, file: fileMap[Int(record.file)])
            }
        }
    }

    /// Appends the key and value of another table's `record` (its bytes `source`) and
    /// indexes them, with the record's position.
    private mutating func insertCopy(of record: Record, from source: UnsafeBufferPointer<UInt8>, file: UInt16) {
        let keyStart = append(
            UnsafeBufferPointer(rebasing: source[Int(record.keyStart)..<Int(record.keyStart + record.keyLength)]))
        let valueStart = append(
            UnsafeBufferPointer(rebasing: source[Int(record.valueStart)..<Int(record.valueStart + record.valueLength)]))
        insert(
            keyStart: keyStart, keyLength: record.keyLength, valueStart: valueStart, valueLength: record.valueLength,
            line: Int(record.line), column: Int(record.column), file: file)
    }

    /// The same entries in the same order, each value replaced by `transform(value)`.
    public func mappingValues(_ transform: (String) -> String) -> StringTable {
        var result = StringTable()
        result.reserve(entries: count, bytes: bytes.count * 2)
        let fileMap = files.map { result.addFile($0) }
        for record in records {
            result.add(
                key: string(record.keyStart, record.keyLength),
                value: transform(string(record.valueStart, record.valueLength)),
                line: Int(record.line), column: Int(record.column), file: fileMap[Int(record.file)])
        }
        return result
    }

    /// Adds the entries of `other` whose keys this table lacks (a fallback language under a
    /// preferred one), after its own, in `other`'s order.
    public mutating func fill(from other: StringTable) {
        if records.isEmpty {
            self = other
            return
        }
        let fileMap = other.files.map { addFile($0) }
        other.bytes.withUnsafeBufferPointer { otherBytes in
            for record in other.records {
                let key = UnsafeBufferPointer(
                    rebasing: otherBytes[Int(record.keyStart)..<Int(record.keyStart + record.keyLength)])
                guard find(key, hash: Self.hash(key)) == nil else { continue }
                insertCopy(of: record, from: otherBytes, file: fileMap[Int(record.file)])
            }
        }
    }

    /// Gives record `recordIndex`, whose key no record had, the first free slot its hash
    /// leads to.
    private mutating func place(recordIndex: Int, hash: UInt64) {
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        slots.withUnsafeMutableBufferPointer { slots in
            while slots[position] != 0 { position = (position + 1) & mask }
            slots[position] = (hash >> 32) << 32 | UInt64(recordIndex + 1)
        }
    }

    /// Indexes every record again in `capacity` slots. A table's records have distinct keys
    /// (a key defined again replaces its record's value), so each goes in the first empty
    /// slot from its hash's, with no key compared.
    private mutating func rehash(capacity: Int) {
        var slots = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        records.withUnsafeBufferPointer { records in
            bytes.withUnsafeBufferPointer { bytes in
                slots.withUnsafeMutableBufferPointer { slots in
                    for (index, record) in records.enumerated() {
                        let hash = Self.hash(
                            UnsafeBufferPointer(
                                rebasing: bytes[Int(record.keyStart)..<Int(record.keyStart + record.keyLength)]))
                        var position = Int(truncatingIfNeeded: hash) & mask
                        while slots[position] != 0 { position = (position + 1) & mask }
                        slots[position] = (hash >> 32) << 32 | UInt64(index + 1)
                    }
                }
            }
        }
        self.slots = slots
    }

    private static func capacity(for entries: Int) -> Int {
        var capacity = 16
        while capacity < entries * 2 { capacity <<= 1 }
        return capacity
    }

    /// A fast 64-bit hash of a key's bytes, eight at a time (the table's own; never
    /// persisted, so native byte order is fine).
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        guard let base = key.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= key.count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        if index < key.count {
            var tail: UInt64 = 0
            for offset in index..<key.count { tail = tail << 8 | UInt64(base[offset]) }
            hash = mix(hash ^ tail)
        }
        return mix(hash)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 31
        return value
    }
}
