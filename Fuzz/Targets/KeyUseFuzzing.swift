import CatalogExtraction
import Foundation

/// Scans `data` (after its first byte, which picks the key calls) as a Swift source for the
/// catalog keys it uses, as `extract` and `lint` do: any bytes end in a list of uses, each at
/// a line and column inside the file, none with an empty key.
public func fuzzKeyUse(_ data: Data) {
    guard let choice = data.first else { return }
    let calls = [["text"], ["L10n.tr", "text"], ["localized"]][Int(choice) % 3]
    let bytes = Array(data.dropFirst())
    let scan = KeyUseScanner.scanFile(bytes, path: "f.swift", calls: calls)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
    for use in scan.uses {
        precondition(
            (1...lines).contains(use.location.line) && use.location.column >= 1, "a key use outside the file")
    }
}
