/// One task of the sample list. Titles are the user's own words: never translated.
public struct TaskItem: Sendable {
    public let title: String
    public let done: Bool
    /// A reminder time (`17:00`), shown only where the `reminders` feature is enabled.
    public let reminder: String?

    public init(_ title: String, done: Bool = false, reminder: String? = nil) {
        self.title = title
        self.done = done
        self.reminder = reminder
    }
}

/// The list every screen shows: fixed, so that snapshots are deterministic.
public enum TaskList {
    public static let sample = [
        TaskItem("Buy milk"),
        TaskItem("Call Ana", done: true),
        TaskItem("Write the quarterly report", reminder: "17:00"),
        TaskItem("Book the dentist", reminder: "09:30"),
    ]
}
