import Diagnostics
import Foundation
import Localization

/// Finds, in an XML `.stringsdict`, the line of one plural variable or variant below its
/// entry's key, so that lint can point at the very text to fix (the readers keep only the
/// entry's line). Anything else keeps the entry's location.
struct VariantLocator {
    private var files: [String: [Substring]] = [:]

    /// Where `variable`'s `category` text starts (or the variable's key when `category` is
    /// nil), searching down from the entry's line.
    mutating func locate(variable: String, category: PluralCategory?, in entry: SourceLocation) -> SourceLocation {
        guard entry.path.hasSuffix(".stringsdict") else { return entry }
        let lines = contents(of: entry.path)
        var index = entry.line - 1
        func find(_ needle: String, from start: Int) -> (line: Int, column: Int)? {
            guard start >= 0 else { return nil }
            for number in start..<min(lines.count, start + 200) {
                if let range = lines[number].range(of: needle) {
                    return (number, lines[number].distance(from: lines[number].startIndex, to: range.upperBound))
                }
            }
            return nil
        }
        guard let variableKey = find("<key>\(variable)</key>", from: index + 1) else { return entry }
        index = variableKey.line
        guard let category else { return SourceLocation(path: entry.path, line: index + 1, column: 1) }
        guard let categoryKey = find("<key>\(category.rawValue)</key>", from: index),
            let text = find("<string>", from: categoryKey.line)
        else { return entry }
        return SourceLocation(path: entry.path, line: text.line + 1, column: text.column + 1)
    }

    private mutating func contents(of path: String) -> [Substring] {
        if let cached = files[path] { return cached }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        files[path] = lines
        return lines
    }
}
