import Diagnostics
import FileFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A variant's `Info.plist`: those of its folders (``Variant/folders``), merged by priority.
///
/// - A plain key (`CFBundleIdentifier`, `CFBundleShortVersionString`, …) comes from the
///   first folder that sets it: the variant's, else its flavors in dimension order.
/// - `FlavorLimits` and `FlavorLook` are merged key by key the same way (`Staging` may set one
///   limit and keep the tier's others).
/// - `FlavorFeatures` is the union of every folder's: each flavor adds what it enables.
/// - `FlavorBundleIdentifierSuffix` of every folder is appended to the identifier in dimension
///   order (the variant's last), as Android's `applicationIdSuffix`.
///
/// A folder without an `Info.plist` gives nothing; a variant none of whose folders has one
/// cannot load.
package struct VariantInfoPlist {
    /// One folder's plist, as read.
    package struct Layer {
        /// The folder's name under `Flavors/`.
        package let folder: String
        /// The plist's path.
        package let path: String
        /// Its values of the keys FlavorKit reads, each at its key's place
        /// (`FlavorIdentity.PlistKey`); nil where the plist does not set it.
        fileprivate let values: [Any?]

        /// Its value of `key`, nil when it does not set it.
        package func value(_ key: FlavorIdentity.PlistKey) -> Any? { values[key.rawValue] }

        /// Its value of the key written `name`, nil when it does not set it (or FlavorKit
        /// reads no such key).
        package func value(named name: String) -> Any? { FlavorIdentity.PlistKey(named: name).flatMap(value) }
    }

    /// The plists found, highest priority first.
    package let layers: [Layer]
    /// The variant they belong to.
    package let variant: Variant

    /// The keys whose dictionaries are merged key by key.
    package static let mergedDictionaries: [FlavorIdentity.PlistKey] = [.limits, .look]

    /// Reads the plist of each of `variant`'s folders that has one (each inside its folder).
    package init(variant: Variant, layout: PackageLayout) throws(Diagnostic) {
        self.variant = variant
        var layers: [Layer] = []
        for folder in variant.folders {
            let (container, path) = layout.infoPlistPath(flavor: folder)
            guard
                let data = try InputFile.readIfPresent(
                    atPath: path, limit: FlavorIdentity.plistLimit, within: container)
            else {
                // No plist is a folder that sets nothing; a link to nothing is a mistake to name.
                guard InputFile.isLink(path) else { continue }
                throw Diagnostic(
                    "cannot read the flavor's Info.plist: a symbolic link that leads to no file", path: path)
            }
            guard let values = try PropertyListValues.members(of: data, path: path, named: FlavorIdentity.plistKeys)
            else { throw Diagnostic("the top level must be a dictionary", path: path) }
            layers.append(Layer(folder: folder, path: path, values: values))
        }
        guard !layers.isEmpty else {
            let first = layout.infoPlist(flavor: variant.flavors[0])
            throw Diagnostic(
                "cannot read an Info.plist for \(variant.name): none of "
                    + variant.folders.map { PackageLayout.relativeInfoPlist(flavor: $0) }.joined(separator: ", ")
                    + " exists", path: first.path)
        }
        self.layers = layers
    }

    /// The variant's identity, validated; an error names the file that gave the key at fault.
    package func identity() throws(Diagnostic) -> FlavorIdentity {
        try checkKinds()
        var suffix = ""
        for index in suffixOrder {
            let layer = layers[index]
            guard let value = layer.value(.bundleIdentifierSuffix) else { continue }
            guard let text = value as? String else {
                throw Diagnostic(
                    "\(FlavorIdentity.bundleIdentifierSuffixKey) must be a string such as .staging", path: layer.path)
            }
            suffix += text
        }
        // The file that gave a key at fault: looked up only for a message.
        return try FlavorIdentity(
            name: variant.name, path: { key in values(of: key).first?.layer.path ?? layers[0].path }
        ) {
            key in key == .bundleIdentifierSuffix ? suffix : value(of: key)
        }
    }

    /// Refuses a value of the wrong kind in any layer, at that layer's plist: one that another
    /// layer shadows, or that would be merged, is a mistake too, never dropped unseen.
    private func checkKinds() throws(Diagnostic) {
        for layer in layers {
            for key in FlavorIdentity.PlistKey.allCases {
                guard let value = layer.value(key) else { continue }
                switch key {
                case .bundleIdentifierSuffix:
                    continue  // `identity()` names its kind with an example.
                case .features:
                    guard let features = value as? [Any], features.allSatisfy({ $0 is String }) else {
                        throw Diagnostic("\(key.name) must be an array of strings", path: layer.path)
                    }
                case .limits, .look:
                    guard value is [String: Any] else {
                        throw Diagnostic("\(key.name) must be a dictionary", path: layer.path)
                    }
                default:
                    guard value is String else { throw Diagnostic("\(key.name) must be a string", path: layer.path) }
                }
            }
        }
    }

    /// The value of `key` in effect: the first layer's that sets it, except that
    /// `mergedDictionaries` are merged key by key and `FlavorFeatures` united over the layers.
    /// Resolved per key as the identity asks: no merged copy of every key is made.
    func value(of key: FlavorIdentity.PlistKey) -> Any? {
        guard key == .features || Self.mergedDictionaries.contains(key) else {
            for layer in layers {
                if let value = layer.value(key) { return value }
            }
            return nil
        }
        var found: Any?
        // Lowest priority first: each layer that sets the key overrides or adds to those below.
        for layer in layers.reversed() {
            guard let value = layer.value(key) else { continue }
            guard let below = found else {
                found = value
                continue
            }
            // As read (`[Any]`): a cast to `[String]` would copy each array; FlavorIdentity checks the union.
            if key == .features, let features = value as? [Any], let below = below as? [Any] {
                found = below + features.filter { feature in !below.contains { $0 as? String == feature as? String } }
            } else if Self.mergedDictionaries.contains(key), let dictionary = value as? [String: Any],
                let below = below as? [String: Any]
            {
                found = below.merging(dictionary) { _, new in new }
            } else {
                found = value
            }
        }
        return found
    }

    /// The indices of the layers in the order their suffixes are appended: flavors in
    /// dimension order, then the variant's own folder.
    var suffixOrder: [Int] {
        // The variant's own folder, when it has one, is the first layer.
        guard variant.flavors.count > 1, layers[0].folder == variant.name else { return Array(layers.indices) }
        return Array(layers.indices.dropFirst()) + [0]
    }

    /// Each layer's value of `key` (`CFBundleIdentifier`, or `FlavorLimits.lists` inside a
    /// dictionary), highest priority first: the first is the one in effect, unless the key
    /// is `FlavorFeatures` (a union) or the suffix (appended).
    package func values(of key: String) -> [(layer: Layer, value: Any)] {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        return layers.compactMap { layer in
            guard var value = layer.value(named: parts[0]) else { return nil }
            if parts.count == 2 {
                guard let member = (value as? [String: Any])?[parts[1]] else { return nil }
                value = member
            }
            return (layer, value)
        }
    }
}
