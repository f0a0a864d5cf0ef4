import Foundation
import TextSnapshots

/// Tokenizes `data` as a test's source and writes an inline snapshot into every call it finds,
/// as recording does, with a text cut from the input: any bytes end in tokens that lie in the
/// file in order, and each rewrite changes no byte outside the range it found (a plain string
/// literal, or an empty range after a token), whose new bytes the tokenizer takes as one plain
/// literal (after `, matches:` when inserted), the tokens after it unchanged but for the shift.
public func fuzzInlineSnapshot(_ data: Data) {
    let bytes = [UInt8](data)
    let tokens = SwiftTokenizer.tokens(of: bytes)
    var end = 0
    for token in tokens {
        precondition(token.range.lowerBound >= end && token.range.upperBound <= bytes.count, "a token out of order")
        end = token.range.upperBound
    }
    let text = String(decoding: bytes.prefix(64), as: UTF8.self)
    for (index, token) in tokens.enumerated() where index + 1 < tokens.count && token.kind == .identifier {
        let opening = tokens[index + 1]
        guard
            let site = try? InlineSnapshotSite.locate(
                in: bytes, tokens: tokens, line: opening.line, column: opening.column)
        else { continue }
        let found = tokens.firstIndex { $0.range == site.range && $0.kind == .string && $0.isPlainLiteral }
        let after = tokens.firstIndex { $0.range.upperBound == site.range.lowerBound }
        precondition(site.hasLiteral ? found != nil : site.range.isEmpty && after != nil, "a site not at a literal")
        let replacement = site.replacement(for: text)
        var rewritten = bytes
        rewritten.replaceSubrange(site.range, with: replacement)
        let shift = replacement.count - site.range.count
        let newTokens = SwiftTokenizer.tokens(of: rewritten)
        let added = site.hasLiteral ? 0 : 4
        let literalIndex = site.hasLiteral ? found! : after! + added
        let next = literalIndex - added + 1
        precondition(newTokens.count == tokens.count + added, "the rewrite changed the tokens")
        let literal = newTokens[literalIndex]
        let start = site.range.lowerBound + (site.hasLiteral ? 0 : ", matches: ".utf8.count)
        precondition(
            literal.kind == .string && literal.isPlainLiteral
                && literal.range == start..<(site.range.lowerBound + replacement.count),
            "the new literal is not one plain literal")
        for (old, new) in zip(tokens[next...], newTokens[(next + added)...]) {
            precondition(
                old.kind == new.kind && old.range.lowerBound + shift == new.range.lowerBound
                    && old.range.upperBound + shift == new.range.upperBound,
                "the rewrite changed what follows it")
        }
    }
}
