import CatalogFiles
import Diagnostics
import FileFormats
import Flavors
import Foundation
import Localization
import TextSnapshots

/// Reads `data` as `flavorkit.json`: a layout, or an error at a position; a layout's variant
/// matrix stays within its limit, each variant named once.
public func fuzzConfiguration(_ data: Data) {
    let root = URL(fileURLWithPath: "/nonexistent/package")
    guard let layout = try? PackageLayout(root: root, configuration: data, path: "/nonexistent/package/flavorkit.json"),
        !layout.dimensions.isEmpty
    else { return }
    let names = layout.variants.map(\.name)
    precondition(names.count <= PackageLayout.variantLimit, "a matrix past the variant limit was read")
    precondition(Set(names).count == names.count, "two variants of one name were read")
}

/// Reads `data` as a flavor's settings file (the remembered language).
public func fuzzSettings(_ data: Data) {
    _ = try? RememberedLanguage.preferences(in: data, path: "settings.json")
}

/// Reads `data` as a flavor's `Info.plist` (XML or binary), whole and for a few keys: the
/// members read must hold what the whole read holds for them.
public func fuzzInfoPlist(_ data: Data) {
    let whole = try? PropertyListValues.value(of: data, path: "Info.plist")
    let keys = ["CFBundleIdentifier", "FlavorFeatures", "FlavorLimits", "k"]
    let some: [Any?]??
    do {
        some = .some(try PropertyListValues.members(of: data, path: "Info.plist", named: keys))
    } catch {
        some = nil
    }
    precondition((whole == nil) == (some == nil), "reading some keys and reading all disagree on whether it is a plist")
    guard let whole, let some else { return }
    let dictionary = whole as? [String: Any]
    precondition((dictionary == nil) == (some == nil), "reading some keys and reading all disagree on a dictionary")
    guard let dictionary, let some else { return }
    for (key, value) in zip(keys, some) {
        precondition(
            NSArray(array: [dictionary[key] as Any]).isEqual(NSArray(array: [value as Any])),
            "the members read differ from the whole read's")
    }
}

/// Reads `data` as the snapshot manifest.
public func fuzzManifest(_ data: Data) {
    _ = try? SnapshotStore.manifestPaths(in: data, path: "manifest.txt")
}

/// Reads `data` as `translated-from.txt`; a record read, written and read again is the same.
public func fuzzRecord(_ data: Data) {
    let url = URL(fileURLWithPath: "/nonexistent/translated-from.txt")
    guard let record = try? TranslationRecord(url: url, data: data) else { return }
    let again = try? TranslationRecord(url: url, data: Data(record.text.utf8))
    precondition(again == record, "a translation record does not survive being written and read again")
}
