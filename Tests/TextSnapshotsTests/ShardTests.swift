import Diagnostics
import Testing
import TextSnapshots

@Suite("Shards")
struct ShardTests {
    @Test("INDEX/COUNT is parsed; anything else says how to write it", arguments: ["2/4", "1/1", "4/4"])
    func parses(text: String) throws {
        #expect(try SnapshotShard(parsing: text).description == text)
    }

    @Test(
        "malformed or impossible shards are refused", arguments: ["", "2", "0/4", "5/4", "1/0", "a/b", "1/2/3", "-1/2"])
    func refused(text: String) {
        #expect(throws: Diagnostic.self) { try SnapshotShard(parsing: text) }
    }

    @Test("SNAPSHOT_SHARD names the shard; unset or empty means all; a bad value names the variable")
    func environment() throws {
        #expect(try SnapshotShard.resolve(environment: ["SNAPSHOT_SHARD": "3/5"]) == SnapshotShard(3, of: 5))
        #expect(try SnapshotShard.resolve(environment: [:]) == nil)
        #expect(try SnapshotShard.resolve(environment: ["SNAPSHOT_SHARD": ""]) == nil)
        #expect(
            throws: Diagnostic(
                "SNAPSHOT_SHARD=\"x\" is not a shard; write INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, e.g. 2/4")
        ) { try SnapshotShard.resolve(environment: ["SNAPSHOT_SHARD": "x"]) }
    }

    @Test("the hash is 64-bit FNV-1a mixed by MurmurHash3's finalizer, the same in every process")
    func hash() {
        #expect(SnapshotShard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(SnapshotShard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(SnapshotShard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
        #expect(SnapshotShard.hash("") == 0xefd0_1f60_ba99_2926)
        #expect(SnapshotShard.hash("Light/ja/queue.txt") == 0xa604_38e2_3a27_14b2)
    }

    @Test("every snapshot is in exactly one shard, and shards are of similar size", arguments: [1, 2, 3, 4, 7])
    func partition(count: Int) throws {
        // Names as alike as a flavor × locale × screen matrix makes them.
        let paths = (0..<2_000).map { "Flavor\($0 % 2)/l\($0 / 2 % 50)/screen\($0 / 100).txt" }
        let shards = try (1...count).map { try SnapshotShard($0, of: count) }
        for path in paths { #expect(shards.filter { $0.contains(relativePath: path) }.count == 1) }
        for shard in shards {
            let size = paths.filter { shard.contains(relativePath: $0) }.count
            #expect(abs(size - paths.count / count) < paths.count / count / 5, "shard \(shard) holds \(size)")
        }
    }

    @Test("a real flavor × locale × screen matrix splits evenly in two (FNV-1a alone gives 24 and 56)")
    func matrixInTwo() throws {
        let locales = ["ar", "ar-XB", "de", "en", "en-XA", "es", "es-MX", "ja", "pt-BR", "ru"]
        let paths = ["Light", "Regular"].flatMap { flavor in
            locales.flatMap { locale in ["queue", "show-d1", "about", "help"].map { "\(flavor)/\(locale)/\($0).txt" } }
        }
        let first = paths.filter(try SnapshotShard(1, of: 2).contains(relativePath:)).count
        #expect((32...48).contains(first), "shard 1/2 holds \(first) of \(paths.count)")
    }
}
