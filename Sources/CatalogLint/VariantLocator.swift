import Diagnostics
import FileFormats
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

    /// Where `reference` (`%2$#@folders@`) is written in `variable`'s `category` text, or in
    /// the entry's `NSStringLocalizedFormatKey` when `variable` is nil; the text's start when
    /// the reference is not on its first line, the entry's location when nothing is found.
    mutating func locate(
        reference: String, variable: String?, category: PluralCategory?, in entry: SourceLocation
    ) -> SourceLocation {
        guard entry.path.hasSuffix(".stringsdict") else { return entry }
        let text: SourceLocation
        if let variable, let category {
            text = locate(variable: variable, category: category, in: entry)
        } else {
            text = locate(variable: "NSStringLocalizedFormatKey", category: nil, in: entry)
            guard text != entry else { return entry }
            let lines = contents(of: entry.path)
            guard
                let line = (text.line - 1..<min(lines.count, text.line + 1)).first(where: {
                    lines[$0].contains("<string>")
                })
            else { return text }
            let start = lines[line].range(of: "<string>")!.upperBound
            return column(of: reference, in: lines[line], from: start, line: line + 1, path: entry.path)
                ?? SourceLocation(
                    path: entry.path, line: line + 1,
                    column: lines[line].distance(
                        from: lines[line].startIndex, to: start) + 1)
        }
        guard text != entry else { return entry }
        let line = contents(of: entry.path)[text.line - 1]
        let start = line.index(line.startIndex, offsetBy: text.column - 1)
        return column(of: reference, in: line, from: start, line: text.line, path: entry.path) ?? text
    }

    private func column(
        of needle: String, in line: Substring, from start: Substring.Index, line number: Int, path: String
    ) -> SourceLocation? {
        guard let found = line[start...].range(of: needle) else { return nil }
        return SourceLocation(
            path: path, line: number, column: line.distance(from: line.startIndex, to: found.lowerBound) + 1)
    }

    private mutating func contents(of path: String) -> [Substring] {
        if let cached = files[path] { return cached }
        // Only a catalog the readers read comes here: read again, as they read it.
        let read = try? InputFile.readIfPresent(URL(fileURLWithPath: path), limit: InputFile.catalogLimit)
        let text = read.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        files[path] = lines
        return lines
    }
}
