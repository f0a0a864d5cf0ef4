import AppTesting
import Commands
import Flavors
import Foundation
import Synchronization
import Testing
import TransferCore

/// An extension made here, to show what the core offers one: a feature `stars`, a command
/// `star ID` that marks a title, uploads shown, and hooks that record every change.
struct Probe: FlavorExtension {
    /// What the hooks saw: `willChange star` and `didChange <titles>`.
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    let log: Log
    /// Whether `willChange` refuses changes to the sample queue (no `--queue`).
    var needsFile = false

    var features: [Feature] { [Feature("stars") { _ in "stars" }] }

    var commands: [ExtensionCommand] {
        let star = Command("star", summary: "star a transfer", arguments: [AppCommandLine.transferID])
        return [
            ExtensionCommand(star, feature: "stars") { line, queue, context throws(AppError) in
                let id = line.argument(AppCommandLine.transferID) ?? ""
                guard var transfer = context.visible(queue)[id: id] else {
                    throw AppError.failed("no \(id)")
                }
                transfer.title = "* " + transfer.title
                queue.update(transfer)
                return "starred \(transfer.id)"
            }
        ]
    }

    func visible(_ queue: TransferQueue, context: AppContext) -> TransferQueue { queue }

    func willChange(by name: String, queueURL: URL?, inShell: Bool, context: AppContext) throws(AppError) {
        log.append("willChange \(name)")
        if needsFile, queueURL == nil, !inShell { throw AppError.usage("\(name) needs --queue") }
    }

    func didChange(_ queue: TransferQueue, queueURL: URL?, context: AppContext) throws(AppError) {
        log.append("didChange " + queue.transfers.map(\.title).filter { $0.hasPrefix("*") }.joined(separator: ","))
    }
}

@Suite("The core's extension point")
struct ExtensionPointTests {
    static func probe(_ log: Probe.Log = Probe.Log(), needsFile: Bool = false) -> FlavorBuild {
        FlavorBuild(flavorName: "Probe", flavorExtension: Probe(log: log, needsFile: needsFile))
    }

    /// The environment that points the app at the scratch resources `root`.
    static func environment(_ root: URL) -> [String: String] { ["FLAVORKIT_RESOURCES": root.path] }

    @Test("an extension's feature, command and help line join the core's")
    func listed() throws {
        let root = try AppRunner.probeResources(features: ["downloads", "stars"])
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = Self.environment(root)
        let help = AppRunner.run(Self.probe(), ["--help", "--lang", "en"], environment: environment).output
        let lines = help.split(separator: "\n").map { String($0) }
        let shell = try #require(lines.firstIndex { $0.hasPrefix("  shell ") })
        #expect(lines[shell + 1].hasPrefix("  star ID ") && lines[shell + 1].hasSuffix(" star a transfer"))
        let about = AppRunner.run(Self.probe(), ["about", "--lang", "en"], environment: environment).output
        #expect(about.split(separator: "\n").contains { $0.hasSuffix("  downloads, stars") })
    }

    @Test("an extension command's help comes from its declaration")
    func commandHelp() throws {
        let root = try AppRunner.probeResources(features: ["downloads", "stars"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = AppRunner.run(
            Self.probe(), ["star", "--help", "--lang", "en"],
            environment: Self.environment(root))
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Usage: Probe [options] star ID\n\nstar a transfer\n\nOptions:\n"))
        let shell = AppRunner.run(
            Self.probe(), ["shell", "--lang", "en"], environment: Self.environment(root),
            input: ["star -h"])
        #expect(shell.output == "usage: star ID\n\nstar a transfer\n\nOptions:\n  --help  print this help\n")
    }

    @Test("a command runs between the change hooks, on the transfers the extension shows")
    func hooks() throws {
        let root = try AppRunner.probeResources(features: ["downloads", "stars"])
        defer { try? FileManager.default.removeItem(at: root) }
        let log = Probe.Log()
        let result = AppRunner.run(
            Self.probe(log), ["shell"], environment: Self.environment(root),
            input: ["star u1", "star zz", "show u1"])
        #expect(result.output.hasPrefix("starred u1\n* "))
        #expect(result.errors == "error: no zz\n")
        #expect(log.all == ["willChange star", "didChange * Family Trip Edit", "willChange star"])
    }

    @Test("willChange refuses a change before the command runs")
    func refused() throws {
        let root = try AppRunner.probeResources(features: ["downloads", "stars"])
        defer { try? FileManager.default.removeItem(at: root) }
        let log = Probe.Log()
        let result = AppRunner.run(
            Self.probe(log, needsFile: true), ["star", "d1"],
            environment: Self.environment(root))
        #expect(result.status == 64)
        #expect(result.errors == "error: star needs --queue\n")
        #expect(log.all == ["willChange star"])
    }

    @Test("without its feature in the plist, a command is unavailable and not listed")
    func disabled() throws {
        let root = try AppRunner.probeResources(features: ["downloads"])
        defer { try? FileManager.default.removeItem(at: root) }
        let log = Probe.Log()
        let environment = Self.environment(root)
        let result = AppRunner.run(Self.probe(log), ["star", "d1", "--lang", "en"], environment: environment)
        #expect(result.status == 64)
        #expect(result.errors == "error: star is not available in Probe.\n")
        #expect(log.all.isEmpty)
        #expect(!AppRunner.run(Self.probe(), ["--help"], environment: environment).output.contains("star"))
    }

    @Test("a command's arguments are checked against its signature", arguments: [["star"], ["star", "d1", "d2"]])
    func wrongArguments(arguments: [String]) throws {
        let root = try AppRunner.probeResources(features: ["downloads", "stars"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = AppRunner.run(Self.probe(), arguments + ["--lang", "en"], environment: Self.environment(root))
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("error: usage: star ID\n\nUsage: Probe [options] [command]"))
    }

    @Test("a session given a command with the wrong arguments refuses it as a usage error")
    func sessionArguments() throws {
        let root = try AppRunner.probeResources(features: ["downloads", "stars"])
        defer { try? FileManager.default.removeItem(at: root) }
        let build = Self.probe()
        let context = try TransferApp.makeContext(
            build, lang: "en", localizations: nil,
            environment: Self.environment(root))
        let console = Console(write: { _ in }, writeError: { _ in }, readLine: { nil }, isInteractive: false)
        var session = Session(context: context, queue: TransferQueue(transfers: []), queueURL: nil, console: console)
        #expect(throws: AppError.usage("usage: star ID")) {
            try session.perform(build.program.parse(line: ["star"]))
        }
    }

    @Test("a build that leaves a feature or command out refuses it by name; anything else is unknown")
    func leftOut() throws {
        let build = FlavorBuild(
            flavorName: "Probe",
            leftOut: FlavorBuild.LeftOut(
                features: ["stars"], commands: [Command("star", summary: "", arguments: [AppCommandLine.transferID])]))
        let plain = try AppRunner.probeResources(features: ["downloads"])
        defer { try? FileManager.default.removeItem(at: plain) }
        let refused = AppRunner.run(build, ["star", "d1", "--lang", "en"], environment: Self.environment(plain))
        #expect(refused.status == 64)
        #expect(refused.errors == "error: star is not available in Probe.\n")
        let unknown = AppRunner.run(build, ["comet", "d1", "--lang", "en"], environment: Self.environment(plain))
        #expect(unknown.errors.hasPrefix("error: unknown command comet\n\nUsage: Probe"))

        let starred = try AppRunner.probeResources(features: ["downloads", "stars"])
        defer { try? FileManager.default.removeItem(at: starred) }
        let plist = PackageLayout(root: starred).infoPlist(flavor: "Probe").path
        let result = AppRunner.run(build, ["about"], environment: Self.environment(starred))
        #expect(result.status == 1)
        #expect(
            result.errors
                == "\(plist): error: FlavorFeatures lists \"stars\", which this build of Probe does not contain\n")
    }

    @Test("the core alone shows downloads only")
    func coreDefaults() {
        let output = AppRunner.run(AppRunner.core, ["--lang", "en"]).output
        #expect(output.contains("d1  Download"))
        #expect(!output.contains("Upload"))
    }
}
