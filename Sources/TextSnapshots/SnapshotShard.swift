import Diagnostics

/// One of `count` shards of a snapshot suite (`2/4`), so that a large flavor × locale × screen
/// matrix can be verified by several CI jobs at once. Each snapshot belongs to exactly one
/// shard, chosen by a fixed hash of its relative path (64-bit FNV-1a, its bits mixed by
/// MurmurHash3's finalizer: the same in every process and on every machine, unlike Swift's
/// seeded `hashValue`): the test suite run with
/// `SNAPSHOT_SHARD=2/4` verifies what `flavorkit snapshots list --shard 2/4` lists.
public struct SnapshotShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based: `1...count`.
    public let index: Int
    /// How many shards the suite is split into.
    public let count: Int

    /// Shard `index` of `count`, `1 ≤ index ≤ count`.
    public init(_ index: Int, of count: Int) throws(Diagnostic) {
        guard count >= 1, (1...count).contains(index) else {
            throw Diagnostic(
                "shard \(index)/\(count) does not exist; write INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, e.g. 2/4")
        }
        self.index = index
        self.count = count
    }

    /// `INDEX/COUNT`, e.g. `2/4`; anything else is an error that says how to write it.
    public init(parsing text: String) throws(Diagnostic) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw Diagnostic(
                "\"\(Diagnostic.quote(text))\" is not a shard; write INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, e.g. 2/4")
        }
        try self.init(index, of: count)
    }

    /// The shard `SNAPSHOT_SHARD` names; nil when it is not set or empty (every snapshot runs).
    public static func resolve(environment: [String: String]) throws(Diagnostic) -> SnapshotShard? {
        guard let value = environment["SNAPSHOT_SHARD"], !value.isEmpty else { return nil }
        do {
            return try SnapshotShard(parsing: value)
        } catch {
            throw Diagnostic("SNAPSHOT_SHARD=" + error.message)
        }
    }

    /// Whether the snapshot at `relativePath` (`Light/ja/queue.txt`) is this shard's.
    public func contains(relativePath: String) -> Bool {
        Int(Self.hash(relativePath) % UInt64(count)) == index - 1
    }

    /// Whether `name` is this shard's.
    public func contains(_ name: SnapshotName) -> Bool { contains(relativePath: name.relativePath) }

    /// The shard hash of `text`: `fnv1a` mixed by MurmurHash3's 64-bit finalizer, since the
    /// low bits of FNV-1a alone are poorly spread (its last bit is the parity of the odd
    /// bytes, which would split similar names unevenly between two shards).
    public static func hash(_ text: String) -> UInt64 {
        var hash = fnv1a(text)
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    /// 64-bit FNV-1a of the UTF-8 bytes.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `2/4`.
    public var description: String { "\(index)/\(count)" }
}
