import CatalogFiles
import Diagnostics
import Foundation

/// Merges three versions of a catalog made of `data` (the first byte picks the format; the
/// rest is split at 0xFF bytes into base, ours and theirs) as git's merge driver does. A
/// merge refuses a version it cannot read, or gives a file; one side unchanged gives the other
/// side exactly.
public func fuzzMerge(_ data: Data) {
    guard let choice = data.first else { return }
    let kind: CatalogMerge.Kind = choice % 2 == 0 ? .stringCatalog : .strings
    var parts = data.dropFirst().split(separator: 0xFF, maxSplits: 2, omittingEmptySubsequences: false).map {
        Data($0)
    }
    while parts.count < 3 { parts.append(parts.last ?? Data()) }
    let (base, ours, theirs) = (parts[0], parts[1], parts[2])
    guard let merged = try? CatalogMerge.merge(kind, base: base, ours: ours, theirs: theirs, path: "f") else { return }
    if ours == base { precondition(merged.data == theirs && merged.conflicts.isEmpty, "ours unchanged, theirs lost") }
    if theirs == base { precondition(merged.data == ours && merged.conflicts.isEmpty, "theirs unchanged, ours lost") }
}
