import Foundation
import Localization

/// The app's single way to user-visible text: `text("catalog.key", arguments…)`.
/// `flavorkit lint` finds the keys the app uses by looking for calls of this form with a
/// literal key, so keys are always written out in full at the call.
public struct Texts: Sendable {
    public let localizer: Localizer

    public init(localizer: Localizer) {
        self.localizer = localizer
    }

    /// The text for `key` in the language in use, formatted with `arguments`.
    public func callAsFunction(_ key: String, _ arguments: FormatArgument...) -> String {
        arguments.isEmpty ? localizer.string(key) : localizer.format(key, arguments)
    }

    /// `self`, under the name every call site uses, so that `text("key"` is the one form
    /// a key is written in (`flavorkit lint` looks for it).
    private var text: Texts { self }

    /// The locale numbers are written for.
    public var locale: Locale { Locale(identifier: localizer.language.description) }

    public func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// `0.456` → `46 %` in German, `46%` in English.
    public func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }

    /// A size in bytes with decimal units (1 kB = 1,000 bytes), as file managers show them.
    public func bytes(_ count: Int64) -> String {
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < 4 {
            value /= 1000
            unit += 1
        }
        let digits = unit == 0 || value >= 100 ? 0 : 1
        let amount = value.formatted(.number.precision(.fractionLength(digits)).locale(locale))
        switch unit {
        case 0: return text("size.format", .string(amount), .string(text("size.unit.bytes")))
        case 1: return text("size.format", .string(amount), .string(text("size.unit.kB")))
        case 2: return text("size.format", .string(amount), .string(text("size.unit.MB")))
        case 3: return text("size.format", .string(amount), .string(text("size.unit.GB")))
        default: return text("size.format", .string(amount), .string(text("size.unit.TB")))
        }
    }

    public func state(_ state: Transfer.State) -> String {
        switch state {
        case .pending: return text("state.pending")
        case .inProgress: return text("state.inProgress")
        case .paused: return text("state.paused")
        case .completed: return text("state.completed")
        case .failed: return text("state.failed")
        case .cancelled: return text("state.cancelled")
        }
    }

    public func kind(_ kind: Transfer.Kind) -> String {
        switch kind {
        case .download: return text("kind.download")
        case .upload: return text("kind.upload")
        }
    }
}
