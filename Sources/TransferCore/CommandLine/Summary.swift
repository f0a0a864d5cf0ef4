/// The catalog keys the command line's declarations hold as summaries.
package enum Summary {
    /// `key` itself, marked as a key in use. Help puts it into words when it renders, in the
    /// language chosen after parsing (`HelpScreen`). It is written `Summary.text("help.queue")`
    /// because `text("…")` is the form `flavorkit lint` finds keys by, as gettext's `N_("…")`
    /// marks a string that is translated later.
    package static func text(_ key: String) -> String { key }
}
