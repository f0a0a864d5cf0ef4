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
    // Three outcomes: an error, not a dictionary (nil), or the members.
    let read: Result<[Any?]?, Diagnostic> = Result { () throws(Diagnostic) in
        try PropertyListValues.members(of: data, path: "Info.plist", named: keys)
    }
    guard let whole else {
        guard case .failure = read else { preconditionFailure("the members of what is not a plist were read") }
        return
    }
    guard case .success(let members) = read else { preconditionFailure("a plist read whole failed for its members") }
    guard let dictionary = whole as? [String: Any] else {
        precondition(members == nil, "members were read from a plist that is not a dictionary")
        return
    }
    guard let members else { preconditionFailure("a dictionary read whole gave no members") }
    for (key, member) in zip(keys, members) {
        switch (dictionary[key], member) {
        case (nil, nil): continue
        case (let value?, let member?):
            precondition(type(of: value) == type(of: member), "a member read as another kind than the whole read's")
            precondition(
                NSArray(array: [value]).isEqual(NSArray(array: [member])), "a member differs from the whole read's")
        default: preconditionFailure("a key present in one read only")
        }
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
