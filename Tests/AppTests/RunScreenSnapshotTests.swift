import AppTesting
import Foundation
import Testing
import TextSnapshotsTesting
import TransferCore

/// The live screens of `run` (a run in progress, a failure, a retry) for every flavor ×
/// locale: rendered by `RunScreen` from fixed transfer states and fixed event values (the
/// attempt, the delay, the reason), so that nothing depends on a clock or a network.
extension AppSnapshotTests {
    /// The live screens, by snapshot name.
    static let liveScreens = ["run-progress", "run-failure", "run-retry"]

    /// Every flavor × locale × width × live screen, as snapshot name components.
    static var liveScreenNames: [[String]] {
        flavors.keys.sorted().flatMap { flavor in
            locales.flatMap { locale in
                widths.flatMap { width in liveScreens.map { [flavor, locale, String(width), $0] } }
            }
        }
    }

    /// A queue in the middle of a run: one download running, one done, one waiting, one
    /// failed, and an upload running (shown by Regular only).
    static func runningQueue(failed: Bool) -> TransferQueue {
        TransferQueue(transfers: [
            Transfer(
                id: "d1", title: "Ocean Documentary (4K)", kind: .download, state: .inProgress,
                bytesDone: 1_288_490_188, bytesTotal: 2_865_000_000, url: "https://media.example/ocean.mp4"),
            Transfer(
                id: "d2", title: "Cooking Basics, Episode 3", kind: .download, state: .completed,
                bytesDone: 734_003_200, bytesTotal: 734_003_200, url: "https://media.example/cooking-3.mp4"),
            Transfer(
                id: "d3", title: "Mountain Timelapse", kind: .download, state: failed ? .failed : .pending,
                bytesDone: 0, bytesTotal: 0, url: "https://media.example/mountain.mp4"),
            Transfer(
                id: "u1", title: "Family Trip Edit", kind: .upload, state: .inProgress, bytesDone: 96_000_000,
                bytesTotal: 320_000_000, url: "https://media.example/upload", file: "/videos/trip.mp4"),
        ])
    }

    @Test("the live screens of run", arguments: liveScreenNames)
    func liveScreen(_ name: [String]) throws {
        let build = try #require(Self.flavors[name[0]])
        var context = try TransferApp.makeContext(build, lang: name[1], localizations: nil, environment: [:])
        context.width = try #require(Int(name[2]))
        let text = context.texts
        let output: String
        switch name[3] {
        case "run-progress":
            let queue = Self.runningQueue(failed: false)
            output = RunScreen.render(
                queue, event: RunScreen.line(queue.transfers[0], reason: nil, context: context), context: context)
        case "run-failure":
            let queue = Self.runningQueue(failed: true)
            let reason = text("reason.http", .int(404), .string("Not Found"))
            output = RunScreen.render(
                queue, event: RunScreen.line(queue.transfers[2], reason: reason, context: context), context: context)
        default:
            let queue = Self.runningQueue(failed: false)
            let reason = text("reason.dropped", .string(text.bytes(1_288_490_188)), .string(text.bytes(2_865_000_000)))
            let event = RunScreen.retry(
                queue.transfers[0], reason: reason, attempt: 1, of: context.retryLimit + 1, delay: 0.25,
                context: context)
            output = RunScreen.render(queue, event: event, context: context)
        }
        #expect(context.texts.localizer.issues.filter { "\($0)".contains("run.") }.isEmpty)
        appSnapshots.expect(output, named: name)
    }
}
