import Foundation
import FuzzTargets
import Testing

@Suite("The fuzz targets' seed corpus, replayed through the same entry points")
struct CorpusReplayTests {
    /// Far above what any seed (10 KB at most) needs, even in a debug build on a busy
    /// machine: it catches a hang (a quadratic reader), not a slowdown.
    static let bound = Duration.seconds(20)

    @Test(
        "each seed finishes in bounded time without a crash", .timeLimit(.minutes(1)),
        arguments: Corpus.seeds)
    func replay(_ seed: Seed) throws {
        let data = try Data(contentsOf: seed.file)
        let elapsed = ContinuousClock().measure { seed.target.run(data) }
        #expect(elapsed < Self.bound, "\(seed.testDescription) took \(elapsed)")
    }

    @Test("every target has valid, invalid and reproducer seeds", arguments: FuzzTarget.allCases)
    func everyTargetHasSeeds(_ target: FuzzTarget) {
        let names = Corpus.files(of: target, in: Corpus.seedsFolder).map(\.lastPathComponent)
        for kind in ["valid-", "invalid-", "repro-"] {
            #expect(names.contains { $0.hasPrefix(kind) }, "no \(kind)* seed for \(target.rawValue)")
        }
    }

    @Test("corpus folders are named for targets; pending ones hold reproducers only")
    func folders() {
        let targets = Set(FuzzTarget.allCases.map(\.rawValue))
        #expect(Corpus.subfolders(of: Corpus.seedsFolder) == targets)
        #expect(Corpus.subfolders(of: Corpus.pendingFolder).isSubset(of: targets))
        for target in FuzzTarget.allCases {
            for file in Corpus.files(of: target, in: Corpus.pendingFolder) {
                #expect(file.lastPathComponent.hasPrefix("repro-"), "\(file.path) is not a reproducer")
            }
        }
    }
}
