import Diagnostics
import Foundation

/// A change made to a screen's text before it is compared with its snapshot or recorded, so
/// that what differs on every run (today's date, a duration, a temporary path, a UUID) is
/// written as a placeholder (`[date]`) and the snapshot holds still:
///
///     let snapshots = SnapshotSuite(redactions: Redaction.standard)
///     snapshots.expect(screen, named: "Pro", "en", "today",
///                      redactions: [.replacing(flavor.text.date(now), with: "[today]")])
///
/// A redaction is a regular expression with its replacement, a literal text with its
/// replacement, or any function of the text. A suite's redactions run first, then the
/// call's, each in order.
public struct Redaction: Sendable {
    private let transform: @Sendable (String) -> String

    /// A redaction that is `transform`.
    public init(_ transform: @escaping @Sendable (String) -> String) {
        self.transform = transform
    }

    /// Every match of the regular expression `pattern` replaced with `placeholder` (which may
    /// refer to groups as `$1`). A pattern that is not a regular expression is an error
    /// that says why.
    public init(_ pattern: String, with placeholder: String) throws(Diagnostic) {
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            throw Diagnostic("'\(Diagnostic.quote(pattern))' is not a regular expression: \(error)")
        }
        self.init(expression, with: placeholder)
    }

    private init(_ expression: NSRegularExpression, with placeholder: String) {
        transform = { text in
            expression.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: placeholder)
        }
    }

    /// Every occurrence of `literal` replaced with `placeholder`: a value the test knows,
    /// such as the date the screen shows, written as the screen writes it.
    public static func replacing(_ literal: String, with placeholder: String) -> Redaction {
        Redaction { text in literal.isEmpty ? text : text.replacingOccurrences(of: literal, with: placeholder) }
    }

    /// The text redacted.
    public func callAsFunction(_ text: String) -> String { transform(text) }

    /// `text` with each of `redactions` applied in turn.
    public static func apply(_ redactions: [Redaction], to text: String) -> String {
        redactions.reduce(text) { text, redaction in redaction(text) }
    }

    // MARK: Built in

    /// The built-in redactions, in the order they must run (a date and time before a date):
    /// UUIDs, ISO 8601 dates and times, durations, temporary paths.
    public static let standard: [Redaction] = [uuids, isoDateTimes, isoDates, isoTimes, durations, temporaryPaths]

    /// A UUID (`8-4-4-4-12` hexadecimal digits) → `[uuid]`.
    public static let uuids = builtIn(
        "\\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\\b", "[uuid]")

    /// An ISO 8601 date and time (`2026-11-26T09:30:00Z`, `2026-11-26 09:30:00.25+01:00`) →
    /// `[date-time]`.
    public static let isoDateTimes = builtIn(
        "\\b\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(?::\\d{2}(?:[.,]\\d+)?)?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?(?![\\d:])",
        "[date-time]")

    /// An ISO 8601 date (`2026-11-26`) → `[date]`.
    public static let isoDates = builtIn("\\b\\d{4}-\\d{2}-\\d{2}\\b", "[date]")

    /// A time of day with seconds (`09:30:00`, `09:30:00.250`) → `[time]`.
    public static let isoTimes = builtIn("\\b\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d+)?\\b", "[time]")

    /// A duration: a number with a unit of time (`0.35 s`, `12ms`, `1.5 min`, `3 hours`) →
    /// `[duration]`.
    public static let durations = builtIn(
        "\\b\\d+(?:[.,]\\d+)?\\s?(?:ns|µs|us|ms|s|secs?|seconds?|min|mins|minutes?|h|hrs?|hours?)\\b",
        "[duration]")

    /// A path in the temporary folder (`/tmp/…`, `/var/folders/…/T/…`, or wherever
    /// `FileManager`'s temporary directory is) up to the next white space → `[temporary path]`.
    public static let temporaryPaths: Redaction = {
        var folders = ["/tmp/", "/private/var/folders/", "/var/folders/"]
        let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
        if temporary.count > 1 { folders.insert(temporary.hasSuffix("/") ? temporary : temporary + "/", at: 0) }
        let alternatives = folders.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        return builtIn("(?<![\\w/])(?:\(alternatives))\\S*", "[temporary path]")
    }()

    /// A built-in redaction: its pattern is a constant, compiled by every test run.
    private static func builtIn(_ pattern: String, _ placeholder: String) -> Redaction {
        // swift-format-ignore: NeverUseForceTry
        Redaction(try! NSRegularExpression(pattern: pattern), with: placeholder)
    }
}
