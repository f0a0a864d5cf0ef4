import AppTesting
import Foundation
import Testing

@Suite("Regular's uploads")
struct UploadsTests {
    @Test("with uploads, the queue shows them and commands reach them")
    func enabled() throws {
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(AppRunner.run(AppRunner.regular, ["--lang", "en"]).output.contains("u1  Upload"))
        #expect(AppRunner.run(AppRunner.regular, ["show", "u1", "--lang", "en"]).status == 0)
        let cancel = AppRunner.run(AppRunner.regular, ["cancel", "u1", "--queue", file.path, "--lang", "en"])
        #expect(cancel.output == "Cancelled u1.\n")
    }

    @Test("without uploads in the plist, Regular shows downloads only, as the core does")
    func disabled() throws {
        let root = try AppRunner.regularResources(without: "uploads")
        defer { try? FileManager.default.removeItem(at: root) }
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["FLAVORKIT_RESOURCES": root.path]
        let queue = AppRunner.run(AppRunner.regular, ["--lang", "en"], environment: environment).output
        #expect(queue.contains("d1  Download"))
        #expect(!queue.contains("Upload"))
        let show = AppRunner.run(AppRunner.regular, ["show", "u1", "--lang", "en"], environment: environment)
        #expect(show.status == 1)
        #expect(show.errors == "error: No transfer has the ID u1.\n")
        let cancel = AppRunner.run(
            AppRunner.regular, ["cancel", "u1", "--queue", file.path, "--lang", "en"],
            environment: environment)
        #expect(cancel.errors == "error: No transfer has the ID u1.\n")
    }
}
