import Flavors
import Foundation

extension Texts {
    /// A date (and, unless `time` is `.omitted`, a time) in the language in use, by
    /// Foundation's `Date.FormatStyle`: `Jul 20, 1969` in English, `20. Juli 1969` in German.
    public func date(
        _ date: Date, date dateStyle: Date.FormatStyle.DateStyle = .abbreviated,
        time: Date.FormatStyle.TimeStyle = .shortened, timeZone: TimeZone = .current
    ) -> String {
        var style = Date.FormatStyle(date: dateStyle, time: time).locale(locale)
        style.timeZone = timeZone
        return date.formatted(style)
    }
}
