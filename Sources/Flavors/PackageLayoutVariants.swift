import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PackageLayout {
    /// The most variants a package may declare: the matrix of its dimensions, before
    /// exclusions. A matrix that grows past it is an error in `flavorkit.json`.
    public static let variantLimit = 256

    /// The most dimensions a package may declare (Android projects seldom use more than
    /// three): a variant's name joins one flavor of each. More is an error in `flavorkit.json`.
    public static let dimensionLimit = 16

    /// Every variant the package builds: with dimensions, one flavor of each, the first
    /// dimension varying slowest (`FreeStaging`, `FreeProduction`, `ProStaging`,
    /// `ProProduction`), excluded combinations left out; without, one per folder under
    /// `Flavors/` that holds an `Info.plist`.
    public var variants: [Variant] {
        guard !dimensions.isEmpty else {
            return flavorNames().filter(hasInfoPlist).map(Variant.init(flavor:))
        }
        let names = dimensions.map(\.name)
        return combinations.filter { !isExcluded($0) }.map { Variant(dimensions: names, flavors: $0) }
    }

    /// Whether the folder of flavor `name` has an `Info.plist`: any entry so named, a link that
    /// leads nowhere included, so that reading it says what is wrong rather than the flavor
    /// being left out without a word.
    private func hasInfoPlist(_ name: String) -> Bool {
        var status = stat()
        return lstat(infoPlist(flavor: name).path, &status) == 0
    }

    /// Every combination of one flavor per dimension, excluded or not, the first dimension
    /// varying slowest.
    package var combinations: [[String]] { Self.combinations(of: dimensions) }

    /// Every combination of one flavor of each of `dimensions`, the first varying slowest.
    package static func combinations(of dimensions: [FlavorDimension]) -> [[String]] {
        var combinations: [[String]] = [[]]
        for dimension in dimensions {
            combinations = combinations.flatMap { prefix in dimension.flavors.map { prefix + [$0] } }
        }
        return combinations
    }

    /// Whether an `exclude` filter leaves out the variant of `flavors`.
    public func isExcluded(_ flavors: [String]) -> Bool {
        exclusions.contains { filter in filter.allSatisfy(flavors.contains) }
    }

    /// The variant called `name` (`ProStaging`), or nil when the package builds none of that
    /// name. Without dimensions, any flavor with an `Info.plist` (one file test, no listing).
    public func variant(named name: String) -> Variant? {
        guard !dimensions.isEmpty else {
            // A folder right inside the flavors' folder: a name with a `/`, or `.` or `..`, leads elsewhere.
            guard !name.isEmpty, name != ".", name != "..", !name.utf8.contains(where: { $0 == 0x2F || $0 == 0 })
            else { return nil }
            return hasInfoPlist(name) ? Variant(flavor: name) : nil
        }
        // One flavor of each dimension in turn, each the bytes that follow the one before (a
        // flavor may begin another's name: the next is tried when the rest does not match).
        // Bytes: flavor names are ASCII letters and digits.
        let bytes = Array(name.utf8)
        func flavors(from index: Int, at offset: Int) -> [String]? {
            guard index < dimensions.count else { return offset == bytes.count ? [] : nil }
            for flavor in dimensions[index].flavors where bytes[offset...].starts(with: flavor.utf8) {
                if let others = flavors(from: index + 1, at: offset + flavor.utf8.count) { return [flavor] + others }
            }
            return nil
        }
        guard let found = flavors(from: 0, at: 0), !isExcluded(found) else { return nil }
        return Variant(dimensions: dimensions.map(\.name), flavors: found)
    }

    /// `variant`'s identity: its flavor's `Info.plist`, or its folders' merged
    /// (``VariantInfoPlist``), each read inside its folder.
    package func identity(of variant: Variant) throws(Diagnostic) -> FlavorIdentity {
        guard variant.flavors.count > 1 else {
            let (folder, file) = infoPlistPath(flavor: variant.name)
            return try FlavorIdentity(name: variant.name, atPath: file, within: folder)
        }
        return try VariantInfoPlist(variant: variant, layout: self).identity()
    }

    /// The dimension that declares `flavor`, or nil.
    public func dimension(of flavor: String) -> FlavorDimension? {
        dimensions.first { $0.flavors.contains(flavor) }
    }
}
