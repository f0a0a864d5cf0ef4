import Localization

/// The arguments a development text takes, as a translation must take them: each
/// specifier as written without its position (`@`, `lld`, `.2f`), in argument order, and
/// the plural variables it names (`%#@files@`). Two texts with the same signature can share
/// a translation; a translation carried to a text with another signature would print the
/// wrong argument, so it never is.
package struct ArgumentSignature: Sendable, Hashable {
    /// Argument position (0-based) → its specifier as written without `%` and position
    /// (`@`, `lld`), or its plural variable (`#@files@`).
    let arguments: [Int: String]

    /// The signature of `text`.
    package init(_ text: String) {
        var arguments: [Int: String] = [:]
        var next = 0
        for (token, written) in FormatScanner.tokens(in: text) {
            switch token.kind {
            case .specifier(let specifier):
                let position = specifier.position.map { $0 - 1 } ?? next
                next = position + 1
                var body = written.dropFirst()
                if specifier.position != nil, let dollar = body.firstIndex(of: "$") {
                    body = body[body.index(after: dollar)...]
                }
                arguments[position] = String(body)
            case .variable(let variable):
                let position = variable.position.map { $0 - 1 } ?? next
                next = position + 1
                arguments[position] = "#@\(FormatScanner.substring(variable.name, of: text))@"
            case .literal, .percent, .invalid:
                break
            }
        }
        self.arguments = arguments
    }
}
