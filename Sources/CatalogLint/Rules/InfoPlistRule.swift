import Diagnostics
import FileFormats
import Flavors
import Foundation
import Localization

/// `info-plist`: a flavor's `Info.plist` that start-up refuses, with the message start-up
/// would print: unreadable or not a property list, `CFBundleIdentifier`,
/// `CFBundleDisplayName`, `CFBundleShortVersionString` or `CFBundleDevelopmentRegion` missing
/// or not a non-empty string, an identifier that is not a bundle identifier (its suffixes
/// appended), a display name or version holding a control or direction character, a value of
/// the wrong kind in any folder of a variant, `FlavorFeatures` not an array of strings, `FlavorLimits` not a
/// dictionary of whole numbers each in its range (`FlavorIdentity.limitRanges`), a development
/// region that is not a language tag (all as `FlavorIdentity` reads it: one check, one message);
/// and any part of it, read or not at start-up, that is not a property list (a cycle, say).
struct InfoPlistRule: LintRule {
    let name = "info-plist"
    let severity = Diagnostic.Severity.error
    let summary = "a flavor's Info.plist that the program refuses at start-up"
    let help =
        "Each flavor's Info.plist is read when the program starts, which stops on the first problem: "
        + "CFBundleIdentifier, CFBundleDisplayName, CFBundleShortVersionString and CFBundleDevelopmentRegion "
        + "must be non-empty strings, the identifier a bundle identifier (ASCII letters, digits, hyphens and "
        + "periods: com.example.app, its suffixes appended), the display name and version without control or "
        + "direction characters, the development region a language tag (en, pt-BR), FlavorFeatures an "
        + "array of strings and FlavorLimits a dictionary of whole numbers, each in its range: "
        + FlavorIdentity.limitRanges.sorted { $0.key < $1.key }.map {
            "\($0.key) \($0.value.lowerBound) to \($0.value.upperBound), "
        }.joined()
        + "any other \(FlavorIdentity.otherLimitRange.lowerBound) to \(FlavorIdentity.otherLimitRange.upperBound)."

    func check(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        guard layout.dimensions.isEmpty else { return variants(context) }
        return context.project.flavors.compactMap { flavor in
            do throws(Diagnostic) {
                let url = layout.infoPlist(flavor: flavor), folder = layout.flavor(flavor)
                _ = try FlavorIdentity(name: flavor, contentsOf: url, within: folder)
                // The flavor reads only its own keys; the rest must be a property list too.
                _ = try PropertyListValues.value(
                    of: try InputFile.read(url, limit: FlavorIdentity.plistLimit, within: folder), path: url.path)
                return nil
            } catch {
                return finding(error)
            }
        }
    }

    /// With dimensions, a flavor's plist holds what it changes: each variant's plist, merged
    /// as start-up merges it, must be whole, and every plist a property list.
    private func variants(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        let merged = layout.variants.compactMap { variant -> Diagnostic? in
            do throws(Diagnostic) {
                _ = try layout.identity(of: variant)
                return nil
            } catch {
                return finding(error)
            }
        }
        return merged
            + context.project.flavors.compactMap { flavor -> Diagnostic? in
                do throws(Diagnostic) {
                    let url = layout.infoPlist(flavor: flavor), folder = layout.flavor(flavor)
                    guard let data = try InputFile.readIfPresent(url, limit: FlavorIdentity.plistLimit, within: folder)
                    else { return nil }
                    _ = try PropertyListValues.value(of: data, path: url.path)
                    return nil
                } catch {
                    return finding(error)
                }
            }
    }
}
