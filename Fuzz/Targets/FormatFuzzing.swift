import Foundation
import Localization

/// Formats a text with typed arguments, both taken from `data`: the first byte gives the
/// argument count (0–7), then each argument is a kind byte and its value (an `Int` or a
/// `Double` from eight bytes, a short UTF-8 string, or a long one of up to 4,080
/// characters), and the rest is the format, as UTF-8.
public func fuzzFormat(_ data: Data) {
    var input = FuzzInput(data)
    var arguments: [FormatArgument] = []
    for _ in 0..<(input.byte() & 7) {
        switch input.byte() % 4 {
        case 0: arguments.append(.int(Int(input.int64())))
        case 1: arguments.append(.double(Double(bitPattern: UInt64(bitPattern: input.int64()))))
        case 2: arguments.append(.string(String(decoding: input.bytes(Int(input.byte())), as: UTF8.self)))
        default: arguments.append(.string(String(repeating: "é", count: Int(input.byte()) * 16)))
        }
    }
    let text = String(decoding: input.rest(), as: UTF8.self)
    _ = FormatScanner.tokens(in: text).count
    guard let format = try? FormatString(text) else { return }
    precondition(format.accepts(format), "a format does not accept itself")
    _ = try? SafeFormatter.format(format, arguments)
}
