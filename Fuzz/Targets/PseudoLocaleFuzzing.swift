import Foundation
import Localization

/// Pseudo-translates the text after the first byte (which picks the pseudo-locale); the
/// format placeholders and `%%` must come out exactly as they went in, in order.
public func fuzzPseudoLocale(_ data: Data) {
    var input = FuzzInput(data)
    let locale = PseudoLocale.allCases[Int(input.byte()) % PseudoLocale.allCases.count]
    let text = String(decoding: input.rest(), as: UTF8.self)
    let transformed = locale.transform(text)
    precondition(
        placeholders(in: transformed) == placeholders(in: text), "\(locale.rawValue) changed a format placeholder")
}

/// The specifiers, variables and `%%` of `text`, as written.
private func placeholders(in text: String) -> [Substring] {
    FormatScanner.tokens(in: text).compactMap { token, written in
        switch token.kind {
        case .specifier, .variable, .percent: return written
        case .literal, .invalid: return nil
        }
    }
}
